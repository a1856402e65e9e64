// Cash rounding: where the smallest coin is 5 cents (Malaysia, Switzerland, Australia, the Nordics), a receipt prints
// the exact total, a rounding adjustment ("ROUNDING ADJ -0.02", "Rundung 0,02", "Arrondi -0,03") and the amount paid.
// The amount paid is the total a customer and an accounts-payable clerk mean; subtotal + tax + adjustment makes it.
import { subtractMoney } from '../parse/index.js';
import type { Layout } from './layout/layout.js';

/** The rounding line's caption, in the supported languages and Malay ("Pelarasan"/"Penggenapan"). */
const ROUNDING =
  /(?<![\p{L}])(?:rounding|round(?:ed)? adj(?:ustment)?\.?|rundung(?:sdifferenz)?|arrondi(?:s|ssement)?|redondeo|arrotondamento|afronding|avrunding|avrundning|afrunding|pelarasan|penggenapan)(?![\p{L}])/iu;
/** An adjustment amount as printed: "-0.02", "0,03-", ".01", "(0.02)", "-RM 0.02". */
const SMALL_AMOUNT = /(?<![\d.,])(-|\()?\s?(?:RM|S\$|\$|€|£|Fr\.?|kr\.?)?\s?(\d?)[.,](\d{2})(-|\))?(?![\d.,])/gu;
/** Rounding to the coin never moves a total by more than this (Nordic rounding to whole units: half of one). */
const MAX_ADJUSTMENT = 0.5;

/** The signed rounding adjustment printed on the document, or null when there is none (or it is zero). */
export function roundingAdjustment(layout: Layout): string | null {
  for (const line of layout.lines) {
    if (!ROUNDING.test(line.text)) continue;
    const amounts = [...line.text.matchAll(SMALL_AMOUNT)];
    const last = amounts[amounts.length - 1];
    if (!last) continue;
    const magnitude = `${last[2] || '0'}.${last[3]}`;
    if (Number(magnitude) === 0 || Number(magnitude) > MAX_ADJUSTMENT) continue;
    const negative = last[1] !== undefined || last[4] !== undefined;
    return negative ? subtractMoney('0', magnitude) : magnitude;
  }
  return null;
}
