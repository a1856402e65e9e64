// Item rows of a table whose header could not be read (a shaded header row that OCR turns into noise) or that has
// none: a line whose numbers hold a quantity, a unit price and, last, an amount with quantity x price = amount is an
// item ("400.00 Ballons: various colors, 19% 0.79 € 316.00 €"). Arithmetic is the evidence, so it is used only when
// no header was found, and its values carry a lower confidence.
import type { FoundAmount } from '../../parse/index.js';
import { findAmounts, moneyEquals, multiplyMoney } from '../../parse/index.js';
import { candidate, type Candidate } from '../candidates.js';
import { amountHint, type DocumentHints } from '../hints.js';
import type { Layout } from '../layout/layout.js';
import { evidenceOf, runOf, type TextRun } from '../layout/runs.js';
import { blankDates } from '../values.js';
import { isPlausibleCount } from './count.js';
import type { LineItemCandidates } from './index.js';

const CONFIDENCE = 0.45;
/** Lines with more numbers are lists or tables of figures; trying every triple of them is not worth it. */
const MAX_NUMBERS = 10;
/** A description has at least this many letters. */
const MIN_LETTERS = 3;

function value(run: TextRun, n: FoundAmount): Candidate<string> | null {
  const evidence = evidenceOf({ run, from: 0, to: run.text.length }, n.index, n.index + n.length);
  return evidence ? candidate(n.value, CONFIDENCE, evidence, 'headerless') : null;
}

/** The words before the unit price that are not the quantity, a rate or a symbol: the item's description. */
function description(run: TextRun, quantity: FoundAmount, price: FoundAmount): Candidate<string> | null {
  const before = run.text.slice(0, price.index);
  const blanked =
    `${before.slice(0, quantity.index)}${' '.repeat(quantity.length)}${before.slice(quantity.index + quantity.length)}`.replace(
      /[+-]?\d+(?:[.,]\d+)?\s?%/g,
      (m) => ' '.repeat(m.length),
    );
  const m = /[\p{L}(][^]*[\p{L})]/u.exec(blanked);
  if (!m || (m[0].match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return null;
  const text = m[0].replace(/[\s|]+$/u, '').trim();
  const evidence = evidenceOf({ run, from: 0, to: run.text.length }, m.index, m.index + m[0].length);
  return evidence ? candidate(text, CONFIDENCE, { ...evidence, raw: text }, 'headerless') : null;
}

/** The item of one line whose numbers multiply out (quantity x price = its last amount), or null. */
export function multipliedItem(run: TextRun, hints: DocumentHints): LineItemCandidates | null {
  const numbers = findAmounts(blankDates(run.text, hints), amountHint(hints))
    .filter((n) => !/^\s?%/.test(run.text.slice(n.index + n.length)))
    .slice(0, MAX_NUMBERS);
  const amount = numbers[numbers.length - 1];
  if (!amount || numbers.length < 3 || Number(amount.value) === 0 || amount.decimalSeparator === null) return null;
  for (let i = 0; i < numbers.length - 2; i++) {
    const q = numbers[i] as FoundAmount;
    if (!isPlausibleCount(q)) continue;
    for (let j = i + 1; j < numbers.length - 1; j++) {
      const p = numbers[j] as FoundAmount;
      if (!moneyEquals(multiplyMoney(q.value, p.value), amount.value)) continue;
      const desc = description(run, q, p);
      if (!desc) continue;
      return {
        description: desc,
        quantity: value(run, q),
        unit: null,
        unit_price: value(run, p),
        amount: value(run, amount),
        tax_rate: null,
        product_code: null,
      };
    }
  }
  return null;
}

/** Item lines of the document found by their arithmetic alone (see above), in reading order. */
export function headerlessItems(layout: Layout, hints: DocumentHints): LineItemCandidates[] {
  const items: LineItemCandidates[] = [];
  for (const line of layout.lines) {
    const page = layout.pages.find((p) => p.number === line.page);
    const run = runOf(
      line.segments.flatMap((s) => s.words),
      line.page,
      page?.source ?? 'text',
    );
    const item = multipliedItem(run, hints);
    if (item) items.push(item);
  }
  return items;
}
