// From what was read to the published statement shapes: balances and transactions with their provenance, and
// the arithmetic checks an accountant runs on a statement (the balance equation, transactions against totals).
import { moneyEquals, sumMoney, subtractMoney, type DecimalString } from '../parse/index.js';
import type { ValidationCheck } from '../schemas/common.js';
import type { CreditCardStatementResult } from '../schemas/statements.js';
import { maskCardNumbers } from './card-number.js';
import { resolveDirections, type Direction } from './directions.js';
import { FieldRecorder, moneyNumber, type ReadValue } from './provenance.js';
import type { MoneyField, StatementValues } from './statement-fields.js';
import type { TransactionRead } from './transactions.js';
import type { Money } from './values.js';

type Summary = CreditCardStatementResult['summary_data'];
export type Balances = Pick<
  Summary,
  | 'previous_balance'
  | 'payments_and_credits'
  | 'purchases_and_debits'
  | 'fees'
  | 'interest'
  | 'new_balance'
  | 'minimum_payment_due'
  | 'payment_due_date'
  | 'credit_limit'
  | 'available_credit'
>;
export type Transaction = CreditCardStatementResult['transactions'][number];

/** Balances keep their printed sign (a credit balance is negative); movements and limits are magnitudes. */
const SIGNED: ReadonlySet<MoneyField> = new Set([
  'previous_balance',
  'new_balance',
  'available_credit',
  'total_new_balance',
]);

export function moneyOf(values: StatementValues, field: MoneyField): DecimalString | null {
  const read = values.money[field];
  if (!read) return null;
  return SIGNED.has(field) ? read.value.value : read.value.magnitude;
}

function recordMoney(
  recorder: FieldRecorder,
  path: string,
  read: ReadValue<Money> | undefined,
  value: DecimalString | null,
): number | null {
  const number = moneyNumber(value);
  if (number !== null && read) recorder.record(path, read.evidence);
  return number;
}

/** The balances block, with provenance under `prefix` ("summary_data." or "accounts[0]."). */
export function balancesOf(values: StatementValues, recorder: FieldRecorder, prefix: string): Balances {
  const m = (field: MoneyField, key: string = field): number | null =>
    recordMoney(recorder, `${prefix}${key}`, values.money[field], moneyOf(values, field));
  const due = values.paymentDueDate;
  if (due) recorder.record(`${prefix}payment_due_date`, due.evidence);
  return {
    previous_balance: m('previous_balance'),
    payments_and_credits: m('payments_and_credits'),
    purchases_and_debits: m('purchases_and_debits'),
    fees: m('fees'),
    interest: m('interest'),
    new_balance: m('new_balance'),
    minimum_payment_due: m('minimum_payment_due'),
    payment_due_date: due?.value ?? null,
    credit_limit: m('credit_limit'),
    available_credit: m('available_credit'),
  };
}

/** The debit totals a complete transaction list may add up to: with or without fees and interest. */
function debitTotals(values: StatementValues): DecimalString[] {
  const purchases = moneyOf(values, 'purchases_and_debits');
  if (purchases === null) return [];
  const extras = (['cash_advances', 'balance_transfers'] as const).map((f) => moneyOf(values, f) ?? '0');
  const charges = (['fees', 'interest'] as const).map((f) => moneyOf(values, f) ?? '0');
  return [sumMoney([purchases, ...extras, ...charges]), sumMoney([purchases, ...extras]), purchases];
}

export function directionsOf(rows: readonly TransactionRead[], values: StatementValues): Direction[] {
  return resolveDirections(rows, { credits: moneyOf(values, 'payments_and_credits'), debits: debitTotals(values) });
}

/** Transactions with provenance under `prefix` ("transactions" or "accounts[0].transactions"). */
export function transactionsOf(
  rows: readonly TransactionRead[],
  directions: readonly Direction[],
  recorder: FieldRecorder,
  prefix: string,
): Transaction[] {
  return rows.map((row, i) => {
    const path = `${prefix}[${i}]`;
    const record = (key: string, read: ReadValue<string> | null): string | null => {
      if (!read) return null;
      recorder.record(`${path}.${key}`, read.evidence);
      // Security: a card number inside a description never leaves the extractor in full.
      return maskCardNumbers(read.value);
    };
    const amount = moneyNumber(row.amount.value.magnitude);
    if (amount !== null) recorder.record(`${path}.amount`, row.amount.evidence);
    const direction = directions[i] ?? null;
    if (direction)
      recorder.recordEntry(`${path}.direction`, { ...recorderEntry(recorder, `${path}.amount`), source: 'derived' });
    return {
      transaction_date: record('transaction_date', row.transactionDate),
      posting_date: record('posting_date', row.postingDate),
      description: record('description', row.description),
      amount,
      direction,
      reference: record('reference', row.reference),
    };
  });
}

function recorderEntry(recorder: FieldRecorder, path: string): NonNullable<FieldRecorder['fields'][string]> {
  return recorder.fields[path] ?? { confidence: 0.5, source: 'derived' };
}

const num = (value: DecimalString | null): number | null => (value === null ? null : moneyNumber(value));

function check(
  name: string,
  expected: DecimalString | null,
  actual: DecimalString | null,
  detail?: string,
): ValidationCheck {
  const passed = expected === null || actual === null ? null : moneyEquals(expected, actual);
  const out: ValidationCheck = { name, passed, expected: num(expected), actual: num(actual) };
  if (detail) out.detail = detail;
  return out;
}

/** previous - payments/credits + purchases/debits (+ cash advances, transfers) + fees + interest = new balance. */
export function balanceEquation(values: StatementValues, prefix = ''): ValidationCheck {
  const previous = moneyOf(values, 'previous_balance');
  const next = moneyOf(values, 'new_balance');
  const parts = [
    'payments_and_credits',
    'purchases_and_debits',
    'cash_advances',
    'balance_transfers',
    'fees',
    'interest',
  ] as const;
  const present = parts.filter((p) => values.money[p]);
  const name = `${prefix}previous_balance_plus_movements_equals_new_balance`;
  if (previous === null || next === null || present.length === 0)
    return check(name, null, null, 'a balance or every movement is missing');
  const debits = sumMoney(parts.slice(1).map((p) => moneyOf(values, p) ?? '0'));
  const expected = sumMoney([subtractMoney(previous, moneyOf(values, 'payments_and_credits') ?? '0'), debits]);
  const missing = parts.filter((p) => !values.money[p] && p !== 'cash_advances' && p !== 'balance_transfers');
  return check(name, expected, next, missing.length > 0 ? `not printed, taken as 0: ${missing.join(', ')}` : undefined);
}

/** Credit transactions against payments and credits; debit transactions against purchases (with or without charges). */
export function transactionChecks(
  values: StatementValues,
  rows: readonly TransactionRead[],
  directions: readonly Direction[],
  prefix = '',
): ValidationCheck[] {
  if (rows.length === 0) return [];
  const total = (d: Direction): DecimalString =>
    sumMoney(rows.filter((_, i) => directions[i] === d).map((r) => r.amount.value.magnitude));
  const credits = total('credit');
  const debits = total('debit');
  const checks = [
    check(`${prefix}transaction_credits_equal_payments_and_credits`, moneyOf(values, 'payments_and_credits'), credits),
  ];
  const candidates = debitTotals(values);
  const matching = candidates.find((c) => moneyEquals(c, debits)) ?? candidates[0] ?? null;
  checks.push(
    check(
      `${prefix}transaction_debits_equal_purchases_and_debits`,
      matching,
      debits,
      candidates.length > 1
        ? 'purchases and debits, with or without printed fees, interest and cash advances'
        : undefined,
    ),
  );
  return checks;
}
