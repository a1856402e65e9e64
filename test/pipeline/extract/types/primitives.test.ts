// The building blocks: card numbers, year-less dates, money marks, the phrase matcher, label -> value placement,
// the column-table reader and the debit/credit conventions.
import { describe, expect, it } from 'vitest';
import { findCardNumbers, luhnValid, maskCardNumbers } from '../../../../src/pipeline/extract/types/card-number.js';
import { resolveDirections } from '../../../../src/pipeline/extract/types/directions.js';
import { buildLayout } from '../../../../src/pipeline/extract/types/layout.js';
import { findValue, findValues, indexLabels } from '../../../../src/pipeline/extract/types/label-values.js';
import { PhraseMatcher } from '../../../../src/pipeline/extract/types/phrases.js';
import { cellsOf, findHeaders } from '../../../../src/pipeline/extract/types/table.js';
import type { TransactionRead } from '../../../../src/pipeline/extract/types/transactions.js';
import {
  completeShortDate,
  leadingDates,
  readMoney,
  readPeriod,
  type ValueContext,
} from '../../../../src/pipeline/extract/types/values.js';
import { row, toReadDocument } from './support/synthetic.js';

const US: ValueContext = { decimalSeparator: '.', currency: 'USD', dateOrder: 'MDY', locale: 'en' };
const DE: ValueContext = { decimalSeparator: ',', currency: 'EUR', dateOrder: 'DMY', locale: 'de' };

describe('card numbers', () => {
  it('finds masked and full numbers and keeps only the last four digits', () => {
    expect(findCardNumbers('Card XXXX XXXX XXXX 1234').map((c) => [c.last4, c.full])).toEqual([['1234', false]]);
    expect(findCardNumbers('**** 9876 and •••• 5555').map((c) => c.last4)).toEqual(['9876', '5555']);
    expect(findCardNumbers('Account ending in 4821').map((c) => c.last4)).toEqual(['4821']);
    expect(findCardNumbers('Karte endet auf 0042').map((c) => c.last4)).toEqual(['0042']);
    expect(findCardNumbers('4111-1111-1111-1111')).toMatchObject([{ last4: '1111', full: true }]);
    // Not a card: too short, or not Luhn-valid, or an IBAN-like run.
    expect(findCardNumbers('Invoice 12345678')).toEqual([]);
    expect(findCardNumbers('4111 1111 1111 1112')).toEqual([]);
  });

  it('masks full card numbers in free text', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(maskCardNumbers('paid with 4111 1111 1111 1111 today')).toBe('paid with •••• 1111 today');
    expect(maskCardNumbers('order 4111 1111 1111 1112')).toBe('order 4111 1111 1111 1112');
  });
});

describe('values', () => {
  it('completes year-less dates from the closing date, across the year end', () => {
    expect(completeShortDate('12/20', US, '2026-01-15')).toBe('2025-12-20');
    expect(completeShortDate('01/03', US, '2026-01-15')).toBe('2026-01-03');
    expect(completeShortDate('03.02.', DE, '2026-03-15')).toBe('2026-02-03');
    expect(completeShortDate('20 dic', DE, '2026-01-15')).toBe('2025-12-20');
    expect(completeShortDate('Mar 2', US, '2026-03-15')).toBe('2026-03-02');
    expect(completeShortDate('02/30', US, '2026-03-15')).toBeNull();
    expect(completeShortDate('03/02', US, null)).toBeNull();
  });

  it('reads one or two leading dates of a row', () => {
    expect(leadingDates('03/02 03/03 COSTCO 12.00', US, '2026-03-15').map((d) => d.value)).toEqual([
      '2026-03-02',
      '2026-03-03',
    ]);
    expect(leadingDates('15.03.2026 REWE 12,00', DE, null).map((d) => d.value)).toEqual(['2026-03-15']);
    expect(leadingDates('Mar 2 Mar 3 Coffee 4.50', US, '2026-03-15').map((d) => d.value)).toEqual([
      '2026-03-02',
      '2026-03-03',
    ]);
    expect(leadingDates('PAYMENT 03/02', US, '2026-03-15')).toEqual([]);
  });

  it('reads debit/credit marks and refuses numbers that are not money', () => {
    expect(readMoney('1.234,56+', DE, 'end')?.value).toMatchObject({
      magnitude: '1234.56',
      negative: false,
      marker: '+',
    });
    expect(readMoney('45,90-', DE, 'end')?.value).toMatchObject({ value: '-45.90', marker: '-' });
    expect(readMoney('25.00 CR', US, 'end')?.value).toMatchObject({ value: '-25.00', marker: 'CR' });
    expect(readMoney('25.00CR', US, 'end')?.value).toMatchObject({ magnitude: '25.00', marker: 'CR' });
    expect(readMoney('(12.00)', US, 'end')?.value).toMatchObject({ value: '-12.00', marker: '()' });
    expect(readMoney('Card 1234', US, 'start')).toBeNull();
    // findAmounts drops an amount after a word ending in "R" (read as the rand sign): worked around.
    expect(readMoney('CITY WATER 64.00', US, 'end')?.value.magnitude).toBe('64.00');
    expect(readMoney('as of 03/15/2026 $1,234.56', US, 'start')?.value.magnitude).toBe('1234.56');
  });

  it('reads periods, also with a year-less start', () => {
    expect(readPeriod('02/16/2026 - 03/15/2026', US)).toMatchObject({
      start: { value: '2026-02-16' },
      end: { value: '2026-03-15' },
    });
    expect(readPeriod('vom 01.03.2026 bis 31.03.2026', DE)).toMatchObject({
      start: { value: '2026-03-01' },
      end: { value: '2026-03-31' },
    });
    expect(readPeriod('February 16 - March 15, 2026', US)).toMatchObject({
      start: { value: '2026-02-16' },
      end: { value: '2026-03-15' },
    });
    expect(readPeriod('03/15/2026 - 02/16/2026', US)).toBeNull();
  });
});

describe('PhraseMatcher', () => {
  const matcher = new PhraseMatcher<'due' | 'min' | 'pay'>([
    { field: 'pay', phrases: ['payment', 'Zahlung'] },
    { field: 'due', phrases: ['payment due date', "Date d'échéance"] },
    { field: 'min', phrases: ['minimum payment due'] },
  ]);

  it('prefers the longest phrase and ignores case, accents and punctuation', () => {
    expect(matcher.match('Minimum Payment Due: $35.00').map((h) => h.field)).toEqual(['min']);
    expect(matcher.match('PAYMENT-DUE DATE 04/10/2026').map((h) => [h.field, h.start, h.end])).toEqual([
      ['due', 0, 16],
    ]);
    expect(matcher.match('date d’echeance : 05.04.2026').map((h) => h.field)).toEqual(['due']);
    expect(matcher.match('Your payment').map((h) => h.confidence)).toEqual([0.8]);
    // OCR confusions in longer words: "Paym3nt" is not one, "Zah1ung" is.
    expect(matcher.match('Zah1ung').map((h) => [h.field, h.confidence])).toEqual([['pay', 0.9]]);
  });
});

describe('label -> value placement', () => {
  const doc = toReadDocument([
    {
      items: [
        ...row(100, [
          [50, 'Statement date: 03/15/2026'],
          [300, 'Due date'],
          [450, '04/10/2026'],
        ]),
        ...row(130, [
          [50, 'Closing date'],
          [300, 'Credit limit'],
        ]),
        ...row(142, [
          [50, '03/14/2026'],
          [300, '$5,000.00'],
        ]),
      ],
    },
  ]);
  const lines = buildLayout(doc).lines;
  const matcher = new PhraseMatcher([
    { field: 'statement', phrases: ['statement date'] },
    { field: 'due', phrases: ['due date'] },
    { field: 'closing', phrases: ['closing date'] },
    { field: 'limit', phrases: ['credit limit'] },
  ]);
  const index = indexLabels(lines, (text) => matcher.match(text));
  const date = (text: string) => {
    const m = /\d{2}\/\d{2}\/\d{4}/.exec(text);
    return m ? { value: m[0], start: m.index, end: m.index + m[0].length } : null;
  };

  it('finds values inline, to the right and below, with falling confidence', () => {
    expect(findValue(index, 'statement', date)).toMatchObject({ value: '03/15/2026', evidence: { confidence: 1 } });
    expect(findValue(index, 'due', date)).toMatchObject({ value: '04/10/2026', evidence: { confidence: 0.95 } });
    expect(findValue(index, 'closing', date)).toMatchObject({ value: '03/14/2026', evidence: { confidence: 0.9 } });
    expect(findValues(index, 'limit', date)).toEqual([]);
    expect(findValue(index, 'limit', (t) => readMoney(t, US, 'start'))?.value.magnitude).toBe('5000.00');
  });
});

describe('column tables', () => {
  it('finds the header and cuts rows into cells under it', () => {
    const doc = toReadDocument([
      {
        items: [
          ...row(100, [
            [50, 'Code'],
            [120, 'Description'],
            [350, 'Qty', 'r'],
            [450, 'Price', 'r'],
            [540, 'Amount', 'r'],
          ]),
          ...row(114, [
            [50, 'A-1'],
            [120, 'Widget with a rather long description'],
            [350, '12', 'r'],
            [450, '1.50', 'r'],
            [540, '18.00', 'r'],
          ]),
        ],
      },
    ]);
    const lines = buildLayout(doc).lines;
    const columns = new PhraseMatcher([
      { field: 'code', phrases: ['code'] },
      { field: 'description', phrases: ['description'] },
      { field: 'qty', phrases: ['qty'] },
      { field: 'price', phrases: ['price'] },
      { field: 'amount', phrases: ['amount'] },
    ]);
    const [header] = findHeaders(lines, (text) => columns.match(text));
    expect(header?.columns.map((c) => c.key)).toEqual(['code', 'description', 'qty', 'price', 'amount']);
    const cells = cellsOf(lines[1] as (typeof lines)[number], header?.columns ?? []);
    expect(Object.fromEntries(Object.entries(cells).map(([k, c]) => [k, c?.text]))).toEqual({
      code: 'A-1',
      description: 'Widget with a rather long description',
      qty: '12',
      price: '1.50',
      amount: '18.00',
    });
    // A prose line is not a header even if it names two columns.
    expect(
      findHeaders(
        buildLayout(
          toReadDocument([{ items: row(100, [[50, 'The price and the amount of every item are final and binding']]) }]),
        ).lines,
        (t) => columns.match(t),
      ),
    ).toEqual([]);
  });
});

describe('debit/credit conventions', () => {
  const tx = (value: string, marker: string | null, description: string): TransactionRead => ({
    line: {} as TransactionRead['line'],
    transactionDate: null,
    postingDate: null,
    description: { value: description, evidence: {} as TransactionRead['amount']['evidence'] },
    amount: {
      value: {
        value,
        magnitude: value.replace('-', ''),
        negative: value.startsWith('-'),
        marker: marker as never,
        currency: null,
      },
      evidence: {} as TransactionRead['amount']['evidence'],
    },
    reference: null,
    column: null,
    section: null,
  });

  it('reads negative amounts as credits by default (US habit)', () => {
    expect(
      resolveDirections([tx('-500.00', '-', 'PAYMENT THANK YOU'), tx('12.00', null, 'COFFEE')], {
        credits: null,
        debits: [],
      }),
    ).toEqual(['credit', 'debit']);
  });

  it('reads "+" and "-" marks from the account side', () => {
    expect(
      resolveDirections([tx('500.00', '+', 'Einzug'), tx('-12.00', '-', 'REWE')], { credits: null, debits: [] }),
    ).toEqual(['credit', 'debit']);
  });

  it('lets the printed totals decide when descriptions do not', () => {
    const rows = [tx('-40.00', '-', 'SHOP A'), tx('-60.00', '-', 'SHOP B'), tx('30.00', null, 'SHOP C')];
    expect(resolveDirections(rows, { credits: '30.00', debits: ['100.00'] })).toEqual(['debit', 'debit', 'credit']);
    expect(resolveDirections(rows, { credits: '100.00', debits: ['30.00'] })).toEqual(['credit', 'credit', 'debit']);
  });
});
