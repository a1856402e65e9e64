// Exact decimals and date parsing used by the e-invoice mappers.

import { describe, expect, it } from 'vitest';
import {
  decimalText,
  exactNumber,
  exactQuotient,
  parseCiiDate,
  parseDecimal,
  parseIsoDate,
} from '../../../../src/pipeline/read/einvoice/values.js';

describe('decimals', () => {
  it('parses xsd:decimal text exactly and nothing else', () => {
    expect(parseDecimal(' 529.87 ')?.toFixed()).toBe('529.87');
    expect(parseDecimal('-0.10')?.toFixed()).toBe('-0.1');
    expect(parseDecimal('+5')?.toFixed()).toBe('5');
    expect(parseDecimal('.5')?.toFixed()).toBe('0.5');
    for (const text of ['', '1,50', '1.234,56', '1e3', 'NaN', 'Infinity', '12 EUR', '0x10', null]) {
      expect(parseDecimal(text), String(text)).toBeNull();
    }
  });

  it('exposes a number only when it is exactly the decimal', () => {
    expect(exactNumber(parseDecimal('0.1')!)).toBe(0.1);
    expect(exactNumber(parseDecimal('55.4600')!)).toBe(55.46);
    expect(exactNumber(parseDecimal('-0.00')!)).toBe(0);
    expect(exactNumber(parseDecimal('999999999999.99')!)).toBe(999999999999.99);
    // 19 significant digits cannot be a double without changing the value.
    expect(exactNumber(parseDecimal('1234567890123456.789')!)).toBeNull();
  });

  it('keeps the written precision in the exact text', () => {
    expect(decimalText('198.00')).toBe('198.00');
    expect(decimalText('+007.50')).toBe('7.50');
    expect(decimalText('-0.5')).toBe('-0.5');
    expect(decimalText('12.')).toBe('12');
  });

  it('divides exactly or not at all', () => {
    expect(exactQuotient(parseDecimal('35.00')!, parseDecimal('100')!)?.toFixed()).toBe('0.35');
    expect(exactQuotient(parseDecimal('12.50')!, parseDecimal('1000')!)?.toFixed()).toBe('0.0125');
    expect(exactQuotient(parseDecimal('10')!, parseDecimal('3')!)).toBeNull();
    expect(exactQuotient(parseDecimal('10')!, parseDecimal('0')!)).toBeNull();
    // Binary floats would say 0.30000000000000004 for 0.1 + 0.2; decimal.js does not.
    expect(parseDecimal('0.1')!.plus(parseDecimal('0.2')!).toFixed()).toBe('0.3');
  });
});

describe('dates', () => {
  it('reads CII format 102 (CCYYMMDD) and validates the calendar', () => {
    expect(parseCiiDate('20240229', '102')).toBe('2024-02-29');
    expect(parseCiiDate(' 20180305 ', '102')).toBe('2018-03-05');
    expect(parseCiiDate('20230229', '102')).toBeNull();
    expect(parseCiiDate('20241301', '102')).toBeNull();
    expect(parseCiiDate('2024-03-05', '102')).toBeNull();
  });

  it('gives no day for formats that name none, or unknown ones', () => {
    expect(parseCiiDate('202412', '610')).toBeNull();
    expect(parseCiiDate('202450', '616')).toBeNull();
    expect(parseCiiDate('20141008', '1020')).toBeNull();
  });

  it('accepts CCYYMMDD or ISO text when the format attribute is missing', () => {
    expect(parseCiiDate('20170509', null)).toBe('2017-05-09');
    expect(parseCiiDate('2013-03-01T00:00:00', null)).toBe('2013-03-01');
    expect(parseCiiDate('05.03.2018', null)).toBeNull();
  });

  it('reads UBL ISO dates, with or without a zone', () => {
    expect(parseIsoDate('2024-03-15')).toBe('2024-03-15');
    expect(parseIsoDate('2024-03-15+01:00')).toBe('2024-03-15');
    expect(parseIsoDate('2024-3-15')).toBeNull();
    expect(parseIsoDate('2024-02-30')).toBeNull();
  });
});
