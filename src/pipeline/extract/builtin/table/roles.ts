// A numeric column the header does not name clearly ("Amount" left of "Total" on an English invoice is the
// quantity) gets its role from arithmetic: if its value × unit price gives the line amount on most rows, it is
// the quantity; if quantity × its value does, the unit price.
import { moneyEquals, multiplyMoney, type FoundAmount } from '../../parse/index.js';
import { candidate, type Candidate } from '../candidates.js';
import type { DocumentHints } from '../hints.js';
import { evidenceOf, type TextRun } from '../layout/runs.js';
import { countsIn } from './count.js';
import type { Column } from './header.js';
import type { RawItem } from './rows.js';

export interface RoleTarget {
  quantity: Candidate<string> | null;
  unit_price: Candidate<string> | null;
  amount: Candidate<string> | null;
}

function otherValue(item: RawItem, hints: DocumentHints): { run: TextRun; amount: FoundAmount } | null {
  for (const { row } of item.rows) {
    const run = row.cells.get('line_other');
    const amount = run ? countsIn(run.text, hints)[0] : undefined;
    if (run && amount) return { run, amount };
  }
  return null;
}

/**
 * Where nothing else names the price, a column of unknown role printed between the quantity and the amount holds it
 * (the order of "Qty  Rate  Total" in every language), when on every row it is no larger than the amount.
 */
function priceByPosition(
  columns: readonly Column[],
  values: ReadonlyArray<{ amount: FoundAmount } | null>,
  items: readonly RoleTarget[],
): boolean {
  const other = columns.find((c) => c.field === 'line_other');
  const quantity = columns.find((c) => c.field === 'line_quantity');
  const amount = columns.find((c) => c.field === 'line_amount');
  if (!other || !quantity || !amount || columns.some((c) => c.field === 'line_unit_price')) return false;
  if (!(quantity.box.x < other.box.x && other.box.x < amount.box.x)) return false;
  const rows = items.filter((item, i) => values[i] && item.amount && item.quantity);
  return (
    rows.length > 0 &&
    items.every((item, i) => {
      const v = values[i];
      return !v || !item.amount || Math.abs(Number(v.amount.value)) <= Math.abs(Number(item.amount.value));
    })
  );
}

/**
 * Fills quantity or unit price from the unnamed column when the arithmetic agrees on at least 60% of the rows, or
 * the unit price when the column stands where prices stand (priceByPosition).
 */
export function settleOtherColumn(
  raw: readonly RawItem[],
  items: RoleTarget[],
  hints: DocumentHints,
  confidence: number,
  columns: readonly Column[] = [],
): void {
  const values = raw.map((r) => otherValue(r, hints));
  if (values.every((v) => v === null)) return;
  const agrees = (role: 'quantity' | 'unit_price'): number => {
    let checked = 0;
    let passed = 0;
    items.forEach((item, i) => {
      const v = values[i];
      const partner = role === 'quantity' ? item.unit_price : item.quantity;
      if (!v || !partner || !item.amount) return;
      checked++;
      if (moneyEquals(multiplyMoney(v.amount.value, partner.value), item.amount.value)) passed++;
    });
    return checked > 0 && passed / checked >= 0.6 ? passed : 0;
  };
  const noPrice = items.every((i) => i.unit_price === null);
  const role =
    items.every((i) => i.quantity === null) && agrees('quantity') > 0
      ? 'quantity'
      : noPrice && (agrees('unit_price') > 0 || priceByPosition(columns, values, items))
        ? 'unit_price'
        : null;
  if (!role) return;
  items.forEach((item, i) => {
    const v = values[i];
    if (!v) return;
    const evidence = evidenceOf(
      { run: v.run, from: 0, to: v.run.text.length },
      v.amount.index,
      v.amount.index + v.amount.length,
    );
    if (evidence) item[role] = candidate(v.amount.value, confidence * 0.9, evidence, 'column-arithmetic');
  });
}
