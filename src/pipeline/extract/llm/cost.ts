// modelCost: tokens times the configured price per million, in exact decimal arithmetic, printed with six places.
import { Decimal } from 'decimal.js';
import type { LlmPrices } from './settings.js';
import type { ChatUsage } from './wire.js';

/** Enough digits for billions of tokens at any price without rounding before the final six places. */
const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/**
 * promptTokens x inputPerMillion / 1e6 + completionTokens x outputPerMillion / 1e6, rounded half-up to six decimal
 * places ("0.008755"). Null without a price table, or when the server reported no usage (a cost of 0 would lie).
 */
export function computeModelCost(usage: ChatUsage | null, prices: LlmPrices | null): string | null {
  if (prices === null || usage === null) return null;
  const input = new Exact(usage.promptTokens).times(prices.inputPerMillion);
  const output = new Exact(usage.completionTokens).times(prices.outputPerMillion);
  return input.plus(output).dividedBy(1_000_000).toFixed(6, Decimal.ROUND_HALF_UP);
}
