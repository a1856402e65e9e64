import { describe, expect, it } from 'vitest';
import { detectCurrency, resolveCurrencySymbol } from '../../../../src/pipeline/extract/parse/currency.js';
import {
  ACTIVE_CURRENCY_CODES,
  currencyMinorUnits,
  isActiveCurrencyCode,
  isNonCurrencyIsoCode,
} from '../../../../src/pipeline/extract/parse/iso4217.js';

describe('ISO 4217 list', () => {
  it('holds the active currencies and none of the withdrawn ones', () => {
    expect(ACTIVE_CURRENCY_CODES.length).toBeGreaterThanOrEqual(150);
    for (const code of [
      'EUR',
      'USD',
      'GBP',
      'CHF',
      'JPY',
      'CNY',
      'INR',
      'SEK',
      'NOK',
      'DKK',
      'PLN',
      'CZK',
      'XCG',
      'ZWG',
      'SLE',
      'VED',
    ]) {
      expect(isActiveCurrencyCode(code), code).toBe(true);
    }
    for (const code of [
      'DEM',
      'FRF',
      'ITL',
      'ESP',
      'NLG',
      'HRK',
      'ANG',
      'CUC',
      'SLL',
      'ZWL',
      'XXX',
      'XTS',
      'XAU',
      'eur',
      'ABC',
    ]) {
      expect(isActiveCurrencyCode(code), code).toBe(false);
    }
    expect(isNonCurrencyIsoCode('XAU')).toBe(true);
    expect(isNonCurrencyIsoCode('EUR')).toBe(false);
  });

  it('agrees with the ICU currency list shipped with Node, apart from documented withdrawals', () => {
    // ICU trails ISO by a release or two: it still lists codes ISO has withdrawn, and may lack the newest ones.
    const icu = new Set(Intl.supportedValuesOf('currency'));
    const missingFromIcu = ACTIVE_CURRENCY_CODES.filter((c) => !icu.has(c));
    expect(missingFromIcu.every((c) => ['VED', 'XCG', 'ZWG', 'SLE'].includes(c))).toBe(true);
  });

  it('knows minor units that differ from two', () => {
    expect([
      currencyMinorUnits('EUR'),
      currencyMinorUnits('JPY'),
      currencyMinorUnits('KWD'),
      currencyMinorUnits('XYZ'),
    ]).toEqual([2, 0, 3, 2]);
  });
});

describe('resolveCurrencySymbol', () => {
  it.each([
    ['€', undefined, 'EUR'],
    ['$', undefined, 'USD'],
    ['$', 'CAD', 'CAD'],
    ['$', 'AUD', 'AUD'],
    ['$', 'EUR', 'USD'],
    ['CA$', undefined, 'CAD'],
    ['C$', undefined, 'CAD'],
    ['A$', undefined, 'AUD'],
    ['US$', 'CAD', 'USD'],
    ['£', undefined, 'GBP'],
    ['¥', undefined, 'JPY'],
    ['¥', 'CNY', 'CNY'],
    ['₹', undefined, 'INR'],
    ['kr', undefined, null],
    ['kr', 'SEK', 'SEK'],
    ['kr.', 'DKK', 'DKK'],
    ['kr', 'EUR', null],
    ['zł', undefined, 'PLN'],
    ['Kč', undefined, 'CZK'],
    ['CHF', undefined, 'CHF'],
    ['chf', undefined, 'CHF'],
    ['XYZ', undefined, null],
  ] as Array<[string, string | undefined, string | null]>)('%s (document %s) -> %s', (symbol, doc, expected) => {
    expect(resolveCurrencySymbol(symbol, doc)).toBe(expected);
  });
});

describe('detectCurrency', () => {
  it.each([
    ['Total: 1.234,56 €', 'EUR'],
    ['Gesamtbetrag EUR 1.234,56', 'EUR'],
    ['Amount due $ 1,234.00', 'USD'],
    ['Amount due CA$ 1,234.00', 'CAD'],
    ['Amount due A$1,234.00', 'AUD'],
    ['Total $ 1,234.00 (all amounts in CAD)', 'CAD'],
    ['Total $ 12.00 AUD', 'AUD'],
    ['Total £12.00', 'GBP'],
    ['Total ¥1,200', 'JPY'],
    ['Total ¥1,200 RMB', 'CNY'],
    ['Grand Total ₹ 1,23,456.78', 'INR'],
    ["Summe CHF 1'234.50", 'CHF'],
    ['Razem 12,50 zł', 'PLN'],
    ['Celkem 1 234,50 Kč', 'CZK'],
    ['Currency: SEK', 'SEK'],
    ['Währung: EUR', 'EUR'],
    ['Att betala 1 234,00 kr (SEK)', 'SEK'],
    ['I alt 1.234,00 kr. DKK', 'DKK'],
    ['Total 500 MAD', 'MAD'],
  ])('%j -> %s', (text, expected) => {
    expect(detectCurrency(text)).toBe(expected);
  });

  it.each([
    ['Att betala 1 234,00 kr'],
    ['ALL PRICES ARE NET, TOP QUALITY, CUP OF TEA'],
    ['Invoice R87654321012345'],
    ['No amounts here'],
    [''],
  ])('returns null for %j', (text) => {
    expect(detectCurrency(text)).toBeNull();
  });

  it('prefers codes printed beside amounts over codes mentioned elsewhere', () => {
    expect(detectCurrency('Exchange rate USD/EUR noted. Total EUR 100,00 and EUR 20,00')).toBe('EUR');
    expect(detectCurrency('Prices in USD. Total: 12,00 €, Tax 2,28 €')).toBe('EUR');
  });
});
