import { describe, expect, it } from 'vitest';
import { CreditCardStatementResultSchema } from '../../../../src/pipeline/extract/schemas/statements.js';
import { extractCreditCardStatement } from '../../../../src/pipeline/extract/types/credit-card-statement.js';
import { checkNamed, expectProvenance, expectSchema } from './support/checks.js';
import { germanStatement, spanishStatement, usStatement } from './support/statement-documents.js';
import { row, toReadDocument } from './support/synthetic.js';

describe('extractCreditCardStatement: English, US formats, two pages', () => {
  const doc = toReadDocument(usStatement());
  const result = extractCreditCardStatement(doc);

  it('reads the header and the account summary', () => {
    expect(result.summary_data).toEqual({
      issuer_name: 'First Harbor Bank, N.A.',
      // Printed only in the address block without a label: not guessed.
      account_holder: null,
      account_number_last4: '1111',
      statement_date: '2026-03-15',
      period_start: '2026-02-16',
      period_end: '2026-03-15',
      currency: 'USD',
      previous_balance: 1245.3,
      payments_and_credits: 1260.3,
      purchases_and_debits: 985.17,
      fees: 0,
      // The year-to-date total on page 2 ($61.12) is not this period's interest.
      interest: 25.3,
      new_balance: 995.47,
      minimum_payment_due: 35,
      payment_due_date: '2026-04-10',
      credit_limit: 5000,
      available_credit: 4004.53,
    });
  });

  it('reads every transaction over the page break, with sections deciding the direction', () => {
    expect(result.transactions).toHaveLength(10);
    expect(result.transactions[0]).toEqual({
      transaction_date: '2026-02-20',
      posting_date: '2026-02-20',
      description: 'PAYMENT THANK YOU',
      amount: 1245.3,
      direction: 'credit',
      reference: null,
    });
    expect(result.transactions[1]?.direction).toBe('credit');
    expect(result.transactions.slice(2).every((t) => t.direction === 'debit')).toBe(true);
    // A wrapped description continues on the line below.
    expect(result.transactions[4]?.description).toMatch(
      /^DELTA AIR LINES ATLANTA GA TICKET \S+ PASSENGER CUSTOMER\/JANE$/,
    );
    expect(result.transactions.map((t) => t.transaction_date)).toContain('2026-03-06');
    expect(result.transactions[9]).toMatchObject({
      description: 'INTEREST CHARGE ON PURCHASES',
      amount: 25.3,
      direction: 'debit',
    });
  });

  it('checks the balance equation and the transactions against the totals', () => {
    expect(result.validation.passed).toBe(true);
    expect(checkNamed(result, 'previous_balance_plus_movements_equals_new_balance')).toMatchObject({
      passed: true,
      expected: 995.47,
      actual: 995.47,
    });
    expect(checkNamed(result, 'transaction_credits_equal_payments_and_credits')).toMatchObject({
      passed: true,
      actual: 1260.3,
    });
    expect(checkNamed(result, 'transaction_debits_equal_purchases_and_debits')).toMatchObject({
      passed: true,
      actual: 1010.47,
    });
  });

  it('never returns the full card number, not even in provenance', () => {
    const json = JSON.stringify(result);
    expect(json).not.toMatch(/4111 ?1111 ?1111 ?1111/);
    expect(result.fields['summary_data.account_number_last4']?.raw).toBe('•••• 1111');
  });

  it('matches the published schema and gives every value its provenance', () => {
    expectSchema(CreditCardStatementResultSchema, result);
    expectProvenance(result, doc);
    expect(result.fields['summary_data.new_balance']).toMatchObject({ source: 'text', page: 1, raw: '$995.47' });
    expect(result.fields['transactions[6].amount']).toMatchObject({ page: 2, raw: '230.63' });
    expect(result.extraction).toMatchObject({
      engine: 'builtin',
      method: 'layout',
      pages: 2,
      ocr_pages: 0,
      language: 'en',
    });
  });

  it('reads the same from OCR output, with OCR provenance and lower confidence', () => {
    const ocrDoc = toReadDocument(usStatement(), { ocr: true });
    const ocr = extractCreditCardStatement(ocrDoc);
    expect(ocr.summary_data).toEqual(result.summary_data);
    expect(ocr.transactions).toEqual(result.transactions);
    expect(ocr.fields['summary_data.new_balance']?.source).toBe('ocr');
    expect(ocr.fields['summary_data.new_balance']?.confidence).toBeLessThan(
      result.fields['summary_data.new_balance']?.confidence ?? 0,
    );
    expect(ocr.extraction.ocr_pages).toBe(2);
    expectProvenance(ocr, ocrDoc);
  });
});

describe('extractCreditCardStatement: German, EU formats', () => {
  const doc = toReadDocument(germanStatement());
  const result = extractCreditCardStatement(doc);

  it('reads labels, dotted dates and comma decimals', () => {
    expect(result.summary_data).toMatchObject({
      issuer_name: 'Sparkasse Musterstadt',
      account_holder: 'Max Mustermann',
      account_number_last4: '7731',
      statement_date: '2026-03-15',
      period_start: '2026-02-16',
      period_end: '2026-03-15',
      currency: 'EUR',
      previous_balance: 1234.56,
      payments_and_credits: 1234.56,
      purchases_and_debits: 836.9,
      fees: 0.87,
      interest: 0,
      new_balance: 837.77,
      minimum_payment_due: 50,
      payment_due_date: '2026-04-05',
      credit_limit: 3000,
      available_credit: 2162.23,
    });
    expect(result.extraction.language).toBe('de');
    // "5232 XXXX XXXX 7731" shows the first digits too: only the last four leave.
    expect(result.fields['summary_data.account_number_last4']?.raw).toBe('•••• 7731');
    expect(JSON.stringify(result)).not.toContain('5232');
  });

  it('reads +/- marks from the account side and the EUR column, not the foreign amount', () => {
    expect(result.transactions.map((t) => [t.transaction_date, t.posting_date, t.amount, t.direction])).toEqual([
      ['2026-02-18', '2026-02-19', 1234.56, 'credit'],
      ['2026-02-21', '2026-02-22', 45.9, 'debit'],
      ['2026-02-26', '2026-02-27', 129, 'debit'],
      ['2026-03-02', '2026-03-04', 49.89, 'debit'],
      ['2026-03-04', '2026-03-04', 0.87, 'debit'],
      ['2026-03-10', '2026-03-11', 612.11, 'debit'],
    ]);
    expect(result.validation.passed).toBe(true);
    expectSchema(CreditCardStatementResultSchema, result);
    expectProvenance(result, doc);
  });
});

describe('extractCreditCardStatement: other conventions', () => {
  it('reads CR marks (also glued), day-month names and completes years across the year end (Spanish)', () => {
    const result = extractCreditCardStatement(toReadDocument(spanishStatement()));
    expect(result.summary_data).toMatchObject({
      account_holder: 'Lucía Fernández Ruiz',
      account_number_last4: '4417',
      period_start: '2025-12-16',
    });
    expect(result.transactions.map((t) => [t.transaction_date, t.amount, t.direction])).toEqual([
      ['2025-12-18', 410, 'credit'],
      ['2025-12-20', 189.95, 'debit'],
      ['2025-12-28', 45.9, 'credit'],
      ['2026-01-03', 67.8, 'debit'],
      ['2026-01-10', 160, 'debit'],
      ['2026-01-15', 5.5, 'debit'],
    ]);
    expect(result.validation.passed).toBe(true);
    expect(checkNamed(result, 'previous_balance_plus_movements_equals_new_balance')?.detail).toMatch(/fees/);
  });

  it('reads a summary printed as a row of labels over a row of values, and skips a running-balance column', () => {
    const result = extractCreditCardStatement(
      toReadDocument([
        {
          items: [
            ...row(50, [[50, 'Metro Credit Union']], 14),
            ...row(80, [
              [50, 'Opening/Closing Date 02/16/26 - 03/15/26'],
              [350, 'Account ending 9012'],
            ]),
            ...row(110, [
              [50, 'Previous Balance'],
              [150, 'Payments'],
              [250, 'Purchases'],
              [350, 'Fees'],
              [420, 'Interest'],
              [500, 'New Balance'],
            ]),
            ...row(122, [
              [50, '$300.00'],
              [150, '-$300.00'],
              [250, '$120.40'],
              [350, '$0.00'],
              [420, '$0.00'],
              [500, '$120.40'],
            ]),
            ...row(150, [
              [50, 'Date'],
              [110, 'Description'],
              [440, 'Amount', 'r'],
              [540, 'Balance', 'r'],
            ]),
            ...row(164, [
              [50, '02/18/26'],
              [110, 'ONLINE PAYMENT'],
              [440, '-$300.00', 'r'],
              [540, '$0.00', 'r'],
            ]),
            ...row(176, [
              [50, '02/21/26'],
              [110, 'TARGET 00012345'],
              [440, '$70.40', 'r'],
              [540, '$70.40', 'r'],
            ]),
            ...row(188, [
              [50, '03/01/26'],
              [110, 'UBER TRIP'],
              [440, '$50.00', 'r'],
              [540, '$120.40', 'r'],
            ]),
          ],
        },
      ]),
    );
    expect(result.summary_data).toMatchObject({
      issuer_name: 'Metro Credit Union',
      account_number_last4: '9012',
      statement_date: null,
      period_start: '2026-02-16',
      period_end: '2026-03-15',
      previous_balance: 300,
      payments_and_credits: 300,
      purchases_and_debits: 120.4,
      fees: 0,
      interest: 0,
      new_balance: 120.4,
      minimum_payment_due: null,
    });
    expect(result.transactions.map((t) => [t.description, t.amount, t.direction])).toEqual([
      ['ONLINE PAYMENT', 300, 'credit'],
      ['TARGET 00012345', 70.4, 'debit'],
      ['UBER TRIP', 50, 'debit'],
    ]);
    expect(result.validation.passed).toBe(true);
  });

  it('reads Italian labels; no currency is printed, so none is returned', () => {
    const result = extractCreditCardStatement(
      toReadDocument([
        {
          items: [
            ...row(50, [[50, 'Banca Esempio S.p.A.']], 14),
            ...row(80, [
              [50, 'Titolare: Mario Rossi'],
              [300, 'Data estratto conto: 31/03/2026'],
            ]),
            ...row(92, [
              [50, 'Numero carta: **** 5678'],
              [300, 'Periodo di riferimento: 01/03/2026 - 31/03/2026'],
            ]),
            ...row(120, [
              [50, 'Saldo precedente'],
              [250, '200,00', 'r'],
              [300, 'Nuovo saldo'],
              [540, '350,00', 'r'],
            ]),
            ...row(132, [
              [50, 'Pagamenti e accrediti'],
              [250, '200,00', 'r'],
              [300, 'Pagamento minimo'],
              [540, '35,00', 'r'],
            ]),
            ...row(144, [
              [50, 'Acquisti'],
              [250, '350,00', 'r'],
              [300, 'Data di addebito'],
              [540, '15/04/2026', 'r'],
            ]),
            ...row(170, [
              [50, 'Data operazione'],
              [130, 'Data valuta'],
              [210, 'Descrizione'],
              [540, 'Importo', 'r'],
            ]),
            ...row(184, [
              [50, '05/03/2026'],
              [130, '06/03/2026'],
              [210, 'Addebito saldo precedente'],
              [540, '-200,00', 'r'],
            ]),
            ...row(196, [
              [50, '10/03/2026'],
              [130, '11/03/2026'],
              [210, 'Esselunga Milano'],
              [540, '350,00', 'r'],
            ]),
          ],
        },
      ]),
    );
    expect(result.summary_data).toMatchObject({
      issuer_name: 'Banca Esempio S.p.A.',
      account_holder: 'Mario Rossi',
      account_number_last4: '5678',
      statement_date: '2026-03-31',
      currency: null,
      previous_balance: 200,
      new_balance: 350,
      minimum_payment_due: 35,
      payment_due_date: '2026-04-15',
    });
    expect(result.transactions.map((t) => [t.transaction_date, t.posting_date, t.amount, t.direction])).toEqual([
      ['2026-03-05', '2026-03-06', 200, 'credit'],
      ['2026-03-10', '2026-03-11', 350, 'debit'],
    ]);
    expect(result.extraction.language).toBe('it');
  });

  it('fails the balance equation when the printed figures disagree', () => {
    const pages = usStatement();
    const page = pages[0] as (typeof pages)[number];
    page.items = page.items.map((item) => (item.text === '$25.30' ? { ...item, text: '$26.30' } : item));
    const result = extractCreditCardStatement(toReadDocument(pages));
    expect(result.validation.passed).toBe(false);
    expect(checkNamed(result, 'previous_balance_plus_movements_equals_new_balance')).toMatchObject({
      passed: false,
      expected: 996.47,
      actual: 995.47,
    });
  });

  it('leaves everything null on a page that is not a statement, without failing', () => {
    const doc = toReadDocument([{ items: row(100, [[50, 'Thank you for your business.']]) }]);
    const result = extractCreditCardStatement(doc);
    expect(Object.values(result.summary_data).every((v) => v === null)).toBe(true);
    expect(result.transactions).toEqual([]);
    expect(result.fields).toEqual({});
    expect(result.validation).toEqual({
      passed: true,
      checks: [
        {
          name: 'previous_balance_plus_movements_equals_new_balance',
          passed: null,
          expected: null,
          actual: null,
          detail: 'a balance or every movement is missing',
        },
      ],
    });
    expectSchema(CreditCardStatementResultSchema, result);
    expect(() => extractCreditCardStatement({ format: 'pdf', pages: [], einvoice: null, info: {} })).not.toThrow();
  });

  it('does not read year-less transaction dates without a statement date to complete them', () => {
    const result = extractCreditCardStatement(
      toReadDocument([
        {
          items: [
            ...row(100, [
              [50, 'Date'],
              [110, 'Description'],
              [540, 'Amount', 'r'],
            ]),
            ...row(114, [
              [50, '02/17'],
              [110, 'COFFEE SHOP'],
              [540, '4.50', 'r'],
            ]),
          ],
        },
      ]),
    );
    expect(result.transactions).toEqual([]);
  });
});
