// Words of US invoices, receipts and bills the dictionary and the date scanner must know: "Issuing Date", "Issued
// to", "Payable to", "Account number", a heading whose colon OCR read as a comma, a month glued to its day.
import { describe, expect, it } from 'vitest';
import { findDates, matchLabel } from '../../../../src/pipeline/extract/parse/index.js';

const fieldOf = (text: string) => matchLabel(text)[0]?.field;

describe('header labels', () => {
  it('knows the issue date, the payee and the customer account', () => {
    expect(fieldOf('Issuing Date: 2024-03-10')).toBe('invoice_date');
    expect(matchLabel('Issuing Date:')[0]?.confidence).toBe(1);
    expect(fieldOf('PAYABLE TO :')).toBe('vendor_block');
    expect(fieldOf('Make checks payable to')).toBe('vendor_block');
    expect(fieldOf('Issued to')).toBe('buyer_block');
    expect(fieldOf('ACCOUNT NUMBER')).toBe('customer_number');
  });

  it('reads "TO," alone as the heading OCR made of "TO:", never the word "to" in a sentence', () => {
    expect(fieldOf('TO,')).toBe('buyer_block');
    expect(fieldOf('TO, the attention of')).toBeUndefined();
  });
});

describe('dates read by OCR', () => {
  it('reads a month name glued to its day, at its offsets in the text', () => {
    const [date] = findDates('DATE:January20,2003');
    expect(date?.iso).toBe('2003-01-20');
    expect(date?.index).toBe(5);
    expect(date?.raw).toBe('January20,2003');
  });

  it('does not read a product code as a date', () => {
    expect(findDates('SKU MAR1520')).toEqual([]);
  });

  it("reads a month name's O, l and I read as 0 and 1, and reports the date as printed", () => {
    const [date] = findDates('06 0ct 2025 07:24');
    expect(date?.iso).toBe('2025-10-06');
    expect(date?.raw).toBe('06 0ct 2025');
    expect(findDates('Date: 3 Ju1 2024').map((d) => d.iso)).toEqual(['2024-07-03']);
    expect(findDates('N0V 14, 2023').map((d) => d.iso)).toEqual(['2023-11-14']);
    expect(findDates('12 APR1L 2022').map((d) => d.iso)).toEqual(['2022-04-12']);
    // Words that are no month stay words: no date.
    expect(findDates('10 B0X 2024')).toEqual([]);
  });

  it('reads a French month whose "é" a photo made a 6, between letters only', () => {
    expect(findDates('1 d6cembre 2022').map((d) => d.iso)).toEqual(['2022-12-01']);
    expect(findDates('14 F6VRIER 2023').map((d) => d.iso)).toEqual(['2023-02-14']);
    // A 6 whose word then makes no month stays a digit.
    expect(findDates('10 B6X 2024')).toEqual([]);
  });

  it('reads a year glued to its month or to the time of sale', () => {
    const [date] = findDates('7 October202620:51');
    expect(date?.iso).toBe('2026-10-07');
    expect(date?.raw).toBe('7 October2026');
    expect(findDates('15 March 2026 20:51').map((d) => d.iso)).toEqual(['2026-03-15']);
    // A longer number after the year is no time: not a date.
    expect(findDates('7 October 2026201')).toEqual([]);
  });
});

describe('dates glued by a till printer', () => {
  it('reads a day glued to its month', () => {
    expect(findDates('DATA:02APR 2022').map((d) => d.iso)).toEqual(['2022-04-02']);
    expect(findDates('1st March 2026').map((d) => d.iso)).toEqual(['2026-03-01']);
  });
});

describe('receipt and Latin-American invoice references', () => {
  it('knows "Fct" and "Factura electrónica de venta" as invoice numbers, "Nombre Cliente" as the buyer', () => {
    expect(fieldOf('Fct : 020177')).toBe('invoice_number');
    expect(fieldOf('Factura electrónica de venta: Q83220078482')).toBe('invoice_number');
    expect(fieldOf('Nombre Cliente')).toBe('buyer_block');
  });
});
