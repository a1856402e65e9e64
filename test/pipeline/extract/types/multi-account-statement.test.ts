import { describe, expect, it } from 'vitest';
import { MultiAccountStatementResultSchema } from '../../../../src/pipeline/extract/schemas/statements.js';
import { extractMultiAccountStatement } from '../../../../src/pipeline/extract/types/multi-account-statement.js';
import { checkNamed, expectProvenance, expectSchema } from './support/checks.js';
import { multiAccountStatement, usStatement } from './support/statement-documents.js';
import { toReadDocument } from './support/synthetic.js';

describe('extractMultiAccountStatement', () => {
  const doc = toReadDocument(multiAccountStatement());
  const result = extractMultiAccountStatement(doc);

  it('reads the statement header and its totals', () => {
    expect(result.summary_data).toEqual({
      issuer_name: 'Northwind Commercial Bank plc',
      statement_date: '2026-03-31',
      period_start: '2026-03-01',
      period_end: '2026-03-31',
      currency: 'GBP',
      total_new_balance: 1330.5,
      total_minimum_payment_due: 66.53,
      payment_due_date: '2026-04-25',
    });
  });

  it('splits the document into one account per card heading; the summary table makes none', () => {
    expect(
      result.accounts.map((a) => [a.account_number_last4, a.account_holder, a.new_balance, a.transactions.length]),
    ).toEqual([
      ['1111', 'Alice Brown', 1020, 3],
      ['2222', 'Bob Smith', 310.5, 2],
      ['3333', 'Carol Jones', 0, 1],
    ]);
    expect(result.accounts[0]).toMatchObject({
      previous_balance: 500,
      payments_and_credits: 500,
      purchases_and_debits: 1020,
      minimum_payment_due: 51,
      credit_limit: 10000,
      fees: null,
    });
  });

  it('takes the direction from debit and credit columns', () => {
    expect(
      result.accounts[0]?.transactions.map((t) => [t.transaction_date, t.description, t.amount, t.direction]),
    ).toEqual([
      ['2026-03-05', 'PAYMENT RECEIVED - THANK YOU', 500, 'credit'],
      ['2026-03-09', 'PREMIER INN LONDON', 420, 'debit'],
      ['2026-03-17', 'BRITISH AIRWAYS', 600, 'debit'],
    ]);
    expect(result.accounts[2]?.transactions[0]).toMatchObject({
      description: 'DIRECT DEBIT PAYMENT',
      direction: 'credit',
      amount: 120,
    });
  });

  it('checks every account and the totals', () => {
    expect(result.validation.passed).toBe(true);
    expect(checkNamed(result, 'accounts[1].previous_balance_plus_movements_equals_new_balance')).toMatchObject({
      passed: true,
      actual: 310.5,
    });
    expect(checkNamed(result, 'account_new_balances_sum_to_total_new_balance')).toMatchObject({
      passed: true,
      expected: 1330.5,
      actual: 1330.5,
    });
    expect(checkNamed(result, 'account_minimum_payments_sum_to_total_minimum_payment_due')).toMatchObject({
      passed: true,
      actual: 66.53,
    });
  });

  it('matches the published schema with provenance keyed by account', () => {
    expectSchema(MultiAccountStatementResultSchema, result);
    expectProvenance(result, doc);
    expect(result.fields['accounts[1].transactions[0].amount']).toMatchObject({ raw: '85.50', page: 1 });
    expect(result.fields['accounts[2].account_number_last4']?.raw).toBe('•••• 3333');
  });

  it('names the account whose figures do not add up', () => {
    const pages = multiAccountStatement();
    const page = pages[0] as (typeof pages)[number];
    page.items = page.items.map((item) => (item.text === '85.50' ? { ...item, text: '95.50' } : item));
    const broken = extractMultiAccountStatement(toReadDocument(pages));
    expect(broken.validation.passed).toBe(false);
    expect(broken.validation.checks.filter((c) => c.passed === false).map((c) => c.name)).toEqual([
      'accounts[1].transaction_debits_equal_purchases_and_debits',
    ]);
  });

  it('reads a single-card statement as one account', () => {
    const single = extractMultiAccountStatement(toReadDocument(usStatement()));
    expect(single.accounts).toHaveLength(1);
    expect(single.accounts[0]).toMatchObject({ account_number_last4: '1111', new_balance: 995.47 });
    expect(single.accounts[0]?.transactions).toHaveLength(10);
    expect(JSON.stringify(single)).not.toMatch(/4111 1111/);
  });
});
