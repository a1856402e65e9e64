// Debit or credit for each transaction. Statements disagree on what a sign means: US issuers print payments as
// "-500.00" or "500.00 CR"; many European ones print from the account's side ("12,34-" for a purchase and
// "500,00+" for a payment). So the sign is read under a convention the document itself shows: explicit '+' marks,
// payment descriptions, or the printed totals; only without any evidence does "negative means credit" apply.
import { moneyEquals, sumMoney, type DecimalString } from '../parse/index.js';
import { PAYMENT_WORDS } from './labels-statement.js';
import type { TransactionRead } from './transactions.js';

export type Direction = 'debit' | 'credit';

export interface PeriodTotals {
  /** payments_and_credits as printed (magnitude). */
  credits: DecimalString | null;
  /** purchases_and_debits (+ fees, interest, cash advances when printed), magnitude. */
  debits: DecimalString[];
}

/** The direction fixed by the row itself: its column, its CR/DR (H/S) mark, or its section heading. */
function fixedDirection(row: TransactionRead): Direction | null {
  if (row.column) return row.column;
  const marker = row.amount.value.marker;
  if (marker === 'CR' || marker === 'H') return 'credit';
  if (marker === 'DR' || marker === 'S') return 'debit';
  if (row.section === 'credits') return 'credit';
  if (row.section === 'debits' || row.section === 'fees' || row.section === 'interest') return 'debit';
  return null;
}

/** Printed with a minus sign or in parentheses (a CR mark is not a sign: it names the direction itself). */
function signedNegative(row: TransactionRead): boolean {
  const marker = row.amount.value.marker;
  return row.amount.value.negative && (marker === '-' || marker === '()');
}

/** What a negative amount means in this document: 'credit' (US habit, the default) or 'debit'. */
function negativeMeaning(signed: readonly TransactionRead[], totals: PeriodTotals): Direction {
  const anyNegative = signed.some(signedNegative);
  let creditVotes = 0;
  let debitVotes = 0;
  for (const row of signed) {
    if (!PAYMENT_WORDS.test(row.description?.value ?? '')) continue;
    if (signedNegative(row)) creditVotes++;
    else if (anyNegative) debitVotes++;
  }
  if (creditVotes !== debitVotes) return creditVotes > debitVotes ? 'credit' : 'debit';
  // "500,00+" beside "12,34-": the account's point of view, where '-' takes money (a debit to the card account).
  if (signed.some((r) => r.amount.value.marker === '+') && anyNegative) return 'debit';
  const negatives = sumMoney(signed.filter(signedNegative).map((r) => r.amount.value.magnitude));
  if (totals.credits !== null && negatives !== '0' && moneyEquals(negatives, totals.credits)) return 'credit';
  if (negatives !== '0' && totals.debits.some((d) => moneyEquals(negatives, d))) return 'debit';
  return 'credit';
}

const opposite = (d: Direction): Direction => (d === 'credit' ? 'debit' : 'credit');

/** The direction of every row, in order. */
export function resolveDirections(rows: readonly TransactionRead[], totals: PeriodTotals): Direction[] {
  const signed = rows.filter((r) => fixedDirection(r) === null);
  const negative = negativeMeaning(signed, totals);
  const anyNegative = signed.some(signedNegative);
  const plusMarks = signed.some((r) => r.amount.value.marker === '+');
  return rows.map((row) => {
    const fixed = fixedDirection(row);
    if (fixed) return fixed;
    if (signedNegative(row)) return negative;
    // Only '+' marks and unmarked amounts: the marked ones are the credits.
    if (row.amount.value.marker === '+') return anyNegative ? opposite(negative) : 'credit';
    if (plusMarks && !anyNegative) return 'debit';
    return opposite(negative);
  });
}
