// The transaction list of a card statement. A row is a line that opens with one or two dates (with or without a
// year) and carries a money amount; the table header, when there is one, says which date is which, where debit and
// credit columns are and which amount column to read. Wrapped descriptions continue on text-only lines below.
// Direction comes from, in order: a debit/credit column, a CR/DR (H/S) mark, the section heading above the row
// ("Payments and credits"), and finally the sign under the document's own convention (see directions.ts).
import type { Word } from '../../model.js';
import { horizontalOverlap, segmentOf, verticalGap, wordsInRange, type LayoutLine, type Segment } from './layout.js';
import {
  STATEMENT_COLUMNS,
  STATEMENT_SECTIONS,
  type StatementColumn,
  type StatementSection,
} from './labels-statement.js';
import type { Evidence, ReadValue } from './provenance.js';
import { findHeaders, type Column, type TableHeader } from './table.js';
import { leadingDates, readAllMoney, type Money, type Span, type ValueContext } from './values.js';

export interface TransactionRead {
  line: LayoutLine;
  transactionDate: ReadValue<string> | null;
  postingDate: ReadValue<string> | null;
  description: ReadValue<string> | null;
  amount: ReadValue<Money>;
  reference: ReadValue<string> | null;
  /** Set when a debit/credit column or a section heading decided it; otherwise directions.ts decides. */
  column: 'debit' | 'credit' | null;
  section: StatementSection | null;
}

export interface TransactionTable {
  rows: TransactionRead[];
  /** Lines that belong to the table (headers, section headings, rows, continuations): not label sources. */
  lineIndexes: Set<number>;
}

const ROW_CONFIDENCE = 0.9;
const MAX_CONTINUATION_GAP = 0.9;
/** Extra words a section heading may carry: "Purchases (continued)", "Payments and credits for this period". */
const MAX_HEADING_EXTRA_CHARS = 24;

function evidence(
  line: LayoutLine,
  segment: Segment,
  start: number,
  end: number,
  confidence = ROW_CONFIDENCE,
): Evidence {
  const words = wordsInRange(segment, start, end);
  return { page: line.page, words, raw: segment.text.slice(start, end), confidence };
}

/** A heading that names a group of transactions and nothing else (no amount, no date). */
function sectionOf(line: LayoutLine, ctx: ValueContext): StatementSection | null {
  if (line.segments.length > 2 || readAllMoney(line.text, ctx).length > 0) return null;
  const text = line.segments[0]?.text ?? '';
  const hit = STATEMENT_SECTIONS.match(text).find((h) => h.start === 0);
  if (!hit || text.length - hit.end > MAX_HEADING_EXTRA_CHARS) return null;
  return hit.field;
}

function columnAt(columns: readonly Column<StatementColumn>[], words: readonly Word[]): Column<StatementColumn> | null {
  if (words.length === 0) return null;
  const left = Math.min(...words.map((w) => w.bbox.x));
  const right = Math.max(...words.map((w) => w.bbox.x + w.bbox.width));
  let best: Column<StatementColumn> | null = null;
  let bestScore = -Infinity;
  for (const column of columns) {
    const box = { x: column.left, y: 0, width: column.right - column.left, height: 1 };
    const overlap = horizontalOverlap({ x: left, y: 0, width: right - left, height: 1 }, box);
    const score = overlap > 0 ? overlap : -Math.max(column.left - right, left - column.right);
    if (score > bestScore) {
      best = column;
      bestScore = score;
    }
  }
  return best;
}

/** The amount of a row among its money-like texts: the debit/credit or amount column when a header says so. */
function pickAmount(
  amounts: Array<Span<Money>>,
  whole: Segment,
  header: TableHeader<StatementColumn> | null,
): { amount: Span<Money>; column: 'debit' | 'credit' | null } | null {
  if (amounts.length === 0) return null;
  if (header) {
    const moneyColumns = header.columns.filter((c) => c.key === 'debit' || c.key === 'credit' || c.key === 'amount');
    for (const amount of [...amounts].reverse()) {
      const column = columnAt(header.columns, wordsInRange(whole, amount.start, amount.end));
      if (column && moneyColumns.includes(column)) {
        return { amount, column: column.key === 'amount' ? null : (column.key as 'debit' | 'credit') };
      }
    }
  }
  return { amount: amounts.at(-1) as Span<Money>, column: null };
}

/** Which of two leading dates is the transaction date and which the posting date, from the header's columns. */
function dateRoles(header: TableHeader<StatementColumn> | null, count: number): Array<'transaction' | 'posting'> {
  const dated = (header?.columns ?? []).filter(
    (c) => c.key === 'transaction_date' || c.key === 'posting_date' || c.key === 'date',
  );
  if (count === 1) return [dated.length === 1 && dated[0]?.key === 'posting_date' ? 'posting' : 'transaction'];
  if (dated.length >= 2 && dated[0]?.key === 'posting_date' && dated[1]?.key !== 'posting_date')
    return ['posting', 'transaction'];
  return ['transaction', 'posting'];
}

/**
 * The transactions in the lines (one account's part of a statement, or all of it), in reading order. `anchor` is
 * the closing date (or statement date) that completes year-less dates; without it such rows are not read.
 */
export function readTransactions(
  lines: readonly LayoutLine[],
  ctx: ValueContext,
  anchor: string | null,
): TransactionTable {
  const headers = findHeaders(lines, (text) => STATEMENT_COLUMNS.match(text), 2).filter((h) =>
    h.columns.some(
      (c) => c.key === 'transaction_date' || c.key === 'posting_date' || c.key === 'date' || c.key === 'description',
    ),
  );
  const headerAt = new Map(headers.map((h) => [h.line.index, h]));
  const rows: TransactionRead[] = [];
  const lineIndexes = new Set<number>(headers.flatMap((h) => (h.above ? [h.above.index] : [])));
  let header: TableHeader<StatementColumn> | null = null;
  let section: StatementSection | null = null;
  let last: { row: TransactionRead; line: LayoutLine; descriptionLeft: number } | null = null;

  for (const line of lines) {
    const atHeader = headerAt.get(line.index);
    if (atHeader) {
      header = atHeader;
      lineIndexes.add(line.index);
      last = null;
      continue;
    }
    const heading = sectionOf(line, ctx);
    if (heading) {
      section = heading;
      lineIndexes.add(line.index);
      last = null;
      continue;
    }
    const whole = segmentOf(line.segments.flatMap((s) => s.words));
    const dates = leadingDates(whole.text, ctx, anchor);
    const datesEnd = dates.at(-1)?.end ?? 0;
    const amounts = readAllMoney(whole.text.slice(datesEnd), ctx).map((a) => ({
      ...a,
      start: a.start + datesEnd,
      end: a.end + datesEnd,
    }));
    if (dates.length === 0) {
      // A wrapped description: text only, right below the row, starting under the description.
      if (
        last &&
        amounts.length === 0 &&
        line.page === last.line.page &&
        verticalGap(last.line.bbox, line.bbox) <= MAX_CONTINUATION_GAP * line.height &&
        line.bbox.x >= last.descriptionLeft - line.height &&
        /\p{L}/u.test(whole.text)
      ) {
        const description = last.row.description;
        const extra = evidence(line, whole, 0, whole.text.length);
        if (description) {
          description.value = `${description.value} ${whole.text}`;
          description.evidence = {
            ...description.evidence,
            words: [...description.evidence.words, ...extra.words],
            raw: description.value,
          };
        }
        lineIndexes.add(line.index);
        last.line = line;
      } else {
        last = null;
      }
      continue;
    }
    const picked = pickAmount(amounts, whole, header);
    if (!picked) {
      last = null;
      continue;
    }
    const roles = dateRoles(header, dates.length);
    const dateValue = (i: number): ReadValue<string> | null => {
      const span = dates[i];
      return span ? { value: span.value, evidence: evidence(line, whole, span.start, span.end) } : null;
    };
    const byRole = (role: 'transaction' | 'posting'): ReadValue<string> | null => {
      const i = roles.indexOf(role);
      return i >= 0 ? dateValue(i) : null;
    };

    // Description: between the dates and the first amount, less a reference column's words.
    const firstAmount = amounts[0] as Span<Money>;
    const referenceColumn = header?.columns.find((c) => c.key === 'reference');
    const between = wordsInRange(whole, datesEnd, firstAmount.start).filter((w) => {
      const start = whole.starts[whole.words.indexOf(w)] as number;
      return start >= datesEnd && start < firstAmount.start;
    });
    const referenceWords = referenceColumn
      ? between.filter((w) => columnAt(header?.columns ?? [], [w]) === referenceColumn)
      : [];
    const descriptionWords = between.filter((w) => !referenceWords.includes(w));
    const asRead = (words: Word[]): ReadValue<string> | null => {
      if (words.length === 0) return null;
      const text = segmentOf(words).text;
      return { value: text, evidence: { page: line.page, words, raw: text, confidence: ROW_CONFIDENCE } };
    };

    const row: TransactionRead = {
      line,
      transactionDate: byRole('transaction'),
      postingDate: byRole('posting'),
      description: asRead(descriptionWords),
      amount: { value: picked.amount.value, evidence: evidence(line, whole, picked.amount.start, picked.amount.end) },
      reference: asRead(referenceWords),
      column: picked.column,
      section,
    };
    rows.push(row);
    lineIndexes.add(line.index);
    last = { row, line, descriptionLeft: descriptionWords[0]?.bbox.x ?? line.bbox.x };
  }
  return { rows, lineIndexes };
}
