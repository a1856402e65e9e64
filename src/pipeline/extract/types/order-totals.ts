// The totals of an order: subtotal, tax and total chosen together. Documents print several candidates (group
// subtotals, a tax base beside the tax, a total per page); the combination where subtotal + tax = total wins, and
// without one each field takes its most confident label, the last one in reading order on a tie (totals close a
// document).
import { moneyEquals, sumMoney, type DecimalString } from '../parse/index.js';
import { findValues, type FoundValue, type LabelIndex } from './label-values.js';
import { readMoney, type Money, type ValueContext } from './values.js';
import type { ReadValue } from './provenance.js';

export interface OrderTotals {
  subtotal: ReadValue<DecimalString> | null;
  tax: ReadValue<DecimalString> | null;
  total: ReadValue<DecimalString> | null;
}

const MAX_CANDIDATES = 4;
/** A combination that adds up is worth this much confidence over the single best values. */
const CONSISTENCY_BONUS = 0.5;

function candidates(
  index: LabelIndex<string>,
  fields: readonly string[],
  ctx: ValueContext,
): Array<ReadValue<DecimalString> & { line: number }> {
  const found: Array<FoundValue<Money>> = fields.flatMap((field) =>
    findValues(index, field, (text) => readMoney(text, ctx, 'end'), 'last'),
  );
  found.sort((a, b) => b.evidence.confidence - a.evidence.confidence || b.line.index - a.line.index);
  const distinct: Array<ReadValue<DecimalString> & { line: number }> = [];
  for (const f of found) {
    if (distinct.some((d) => d.value === f.value.value)) continue;
    distinct.push({ value: f.value.value, evidence: f.evidence, line: f.line.index });
    if (distinct.length === MAX_CANDIDATES) break;
  }
  return distinct;
}

const strip = (c: (ReadValue<DecimalString> & { line: number }) | undefined): ReadValue<DecimalString> | null =>
  c ? { value: c.value, evidence: c.evidence } : null;

export function chooseTotals(index: LabelIndex<string>, ctx: ValueContext): OrderTotals {
  const subtotals = candidates(index, ['subtotal'], ctx);
  const taxes = candidates(index, ['tax'], ctx);
  const totals = candidates(index, ['total', 'amount_due'], ctx);
  let best: {
    score: number;
    subtotal: (typeof subtotals)[number];
    tax: (typeof taxes)[number];
    total: (typeof totals)[number];
  } | null = null;
  for (const total of totals) {
    for (const subtotal of subtotals) {
      for (const tax of taxes) {
        if (!moneyEquals(sumMoney([subtotal.value, tax.value]), total.value)) continue;
        const score =
          total.evidence.confidence +
          subtotal.evidence.confidence +
          tax.evidence.confidence +
          CONSISTENCY_BONUS +
          (total.line + subtotal.line + tax.line) * 1e-6;
        if (!best || score > best.score) best = { score, subtotal, tax, total };
      }
    }
  }
  if (best) return { subtotal: strip(best.subtotal), tax: strip(best.tax), total: strip(best.total) };
  return { subtotal: strip(subtotals[0]), tax: strip(taxes[0]), total: strip(totals[0]) };
}
