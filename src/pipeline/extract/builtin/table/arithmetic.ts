// Quantity and unit price settled by arithmetic when the columns disagree with it. Header boxes and value columns do
// not always line up (values printed right of their labels, a label lost to OCR or split over lines), so a value
// may land in its neighbour's cell ("QTY  UNIT PRICE" over "3  61": both in the price cell). Whatever the columns
// said, two numbers of the item's row whose product is the line amount are its quantity and unit price.
import { moneyEquals, multiplyMoney, type FoundAmount } from '../../parse/index.js';
import { candidate } from '../candidates.js';
import type { DocumentHints } from '../hints.js';
import { evidenceOf, type TextRun } from '../layout/runs.js';
import { countsIn, isPlausibleCount } from './count.js';
import type { ColumnField } from './header.js';
import type { LineItemCandidates } from './index.js';
import type { RawItem } from './rows.js';

/**
 * Cells whose numbers are never a quantity or a price: the amount itself, discounts, positions, codes. A rate
 * column's number without a '%' may be one: "Taux" heads an hourly rate as often as a tax rate.
 */
const NOT_FACTORS = new Set<ColumnField>(['line_amount', 'line_discount', 'line_position', 'line_product_code']);
/** Rows have few numbers; more are a list of figures not worth pairing. */
const MAX_NUMBERS = 8;

interface Factor {
  field: ColumnField;
  run: TextRun;
  n: FoundAmount;
}

function factorsOf(item: RawItem, hints: DocumentHints): Factor[] {
  const factors: Factor[] = [];
  for (const [field, run] of item.anchor.cells) {
    if (NOT_FACTORS.has(field)) continue;
    for (const n of countsIn(run.text, hints)) {
      // "19 %" is a rate wherever it stands.
      if (/^\s?%/.test(run.text.slice(n.index + n.length))) continue;
      factors.push({ field, run, n });
    }
  }
  return factors.slice(0, MAX_NUMBERS);
}

const agrees = (q: string, p: string, amount: string): boolean => moneyEquals(multiplyMoney(q, p), amount);

/** Which of two factors is the quantity: the one in the quantity column, else a count against a price with cents. */
function quantityFirst(a: Factor, b: Factor): boolean {
  if (a.field === 'line_quantity' || b.field === 'line_unit_price') return true;
  if (b.field === 'line_quantity' || a.field === 'line_unit_price') return false;
  const whole = (f: Factor) => !/[.,]\d*[1-9]/.test(f.n.raw);
  if (whole(a) !== whole(b)) return whole(a);
  return a.run.words[0]!.bbox.x <= b.run.words[0]!.bbox.x;
}

/** "Gestion de projet 7,5": a factor that closed the description cell (its column's header was not read) leaves it. */
function dropFromDescription(found: LineItemCandidates, factor: Factor): void {
  const description = found.description;
  if (!description) return;
  const firstLine = description.value.split('\n')[0] as string;
  if (!firstLine.trimEnd().endsWith(factor.n.raw)) return;
  const kept = firstLine.trimEnd().slice(0, -factor.n.raw.length).trimEnd();
  if (kept === '') return;
  found.description = { ...description, value: description.value.replace(firstLine, kept) };
}

export function settleByArithmetic(
  item: RawItem,
  found: LineItemCandidates,
  hints: DocumentHints,
  confidence: number,
): void {
  const amount = found.amount?.value;
  if (amount === undefined || Number(amount) === 0) return;
  const q = found.quantity?.value;
  const p = found.unit_price?.value;
  if (q !== undefined && p !== undefined && agrees(q, p, amount)) return;
  const factors = factorsOf(item, hints);
  for (let i = 0; i < factors.length; i++) {
    for (let j = i + 1; j < factors.length; j++) {
      const a = factors[i] as Factor;
      const b = factors[j] as Factor;
      if (!agrees(a.n.value, b.n.value, amount)) continue;
      const [quantity, price] = quantityFirst(a, b) ? [a, b] : [b, a];
      if (!isPlausibleCount(quantity.n, quantity.field === 'line_quantity')) continue;
      const read = (f: Factor) => {
        const evidence = evidenceOf({ run: f.run, from: 0, to: f.run.text.length }, f.n.index, f.n.index + f.n.length);
        return evidence ? candidate(f.n.value, confidence * 0.9, evidence, 'row-arithmetic') : null;
      };
      found.quantity = read(quantity);
      found.unit_price = read(price);
      if (quantity.field === 'line_tax_rate' || price.field === 'line_tax_rate') found.tax_rate = null;
      for (const factor of [quantity, price])
        if (factor.field === 'line_description') dropFromDescription(found, factor);
      return;
    }
  }
}
