// What a receipt's payment lines say about its total: the customer handed over an amount ("BAR 20,00", "CASH
// 20.00", "Espèces 5,00") and got change back ("Rückgeld 4,05", "CHANGE 8.87", "Rendu 0,40-"), so the sale came to
// tendered - change. Used when no total label gives a value (the total row was unreadable or is printed only as a
// "Zwischensumme"), and only when that difference is printed on the receipt too.
import { compareMoney, subtractMoney, sumMoney } from '../parse/index.js';
import { candidate, type Candidate } from './candidates.js';
import type { DocumentHints } from './hints.js';
import type { Layout, LayoutLine } from './layout/layout.js';
import { moneyAmounts } from './values.js';

/** The change line's caption in the supported languages (and Indonesian receipts' "Kembali"). */
const CHANGE =
  /^(?:change(?: due)?|your change|r[üu]ckgeld|rueckgeld|wechselgeld|zur[üu]ck|rendu(?: monnaie)?|monnaie(?: rendue)?|cambio|vuelto|vuelta|resto|wisselgeld|terug|kembali(?:an)?)(?![\p{L}])/iu;
/** The tendered amount is printed on one of the rows right above the change. */
const MAX_ROWS_ABOVE = 2;

interface LineAmount {
  value: string;
  line: LayoutLine;
}

function lastAmount(line: LayoutLine, hints: DocumentHints): LineAmount | null {
  const amounts = moneyAmounts(line.text, hints);
  const last = amounts[amounts.length - 1];
  return last ? { value: last.value.replace(/^-/, ''), line } : null;
}

/**
 * Tendered - change, as a total candidate carrying the evidence of where that amount is printed (confidence 0.5), or
 * null when no change line follows a tendered amount or the difference is printed nowhere.
 */
export function tenderedTotal(
  layout: Layout,
  hints: DocumentHints,
  printed: ReadonlyMap<string, Candidate<string>>,
): Candidate<string> | null {
  for (const line of layout.lines) {
    if (!CHANGE.test(line.text.trim())) continue;
    const change = lastAmount(line, hints);
    if (!change) continue;
    const above = layout.lines
      .slice(Math.max(0, line.index - MAX_ROWS_ABOVE), line.index)
      .filter((l) => l.page === line.page)
      .reverse();
    const tendered = above.map((l) => lastAmount(l, hints)).find((a) => a !== null);
    if (!tendered || compareMoney(tendered.value, change.value) <= 0) continue;
    const total = subtractMoney(tendered.value, change.value);
    const seen = printed.get(sumMoney([total]));
    if (seen) return candidate(total, 0.5, seen.evidence, 'tendered-change');
  }
  return null;
}
