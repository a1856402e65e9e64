import { describe, expect, it } from 'vitest';
import { parseAmount, parsePercent, type AmountHint } from '../../../../src/pipeline/extract/parse/amount.js';
import { detectDecimalSeparator, findAmounts } from '../../../../src/pipeline/extract/parse/amount-scan.js';
import { decimalSeparatorForLocale, localeGroupsWithSpace } from '../../../../src/pipeline/extract/parse/locale.js';

const NBSP = '\u00A0';
const NNBSP = '\u202F';

describe('parseAmount: formats', () => {
  // [printed, value, currency, negative]
  const cases: Array<[string, string, string | null, boolean]> = [
    ['1,234.56', '1234.56', null, false],
    ['1.234,56', '1234.56', null, false],
    ['1 234,56', '1234.56', null, false],
    [`1${NBSP}234,56`, '1234.56', null, false],
    [`1${NNBSP}234,56`, '1234.56', null, false],
    [`1${NNBSP}234${NNBSP}567,89`, '1234567.89', null, false],
    ["1'234.56", '1234.56', null, false],
    ['1’234.56', '1234.56', null, false],
    ["1'234'567", '1234567', null, false],
    ['1234', '1234', null, false],
    ['1234,5', '1234.5', null, false],
    ['0,99', '0.99', null, false],
    ['0.125', '0.125', null, false],
    ['1,2345', '1.2345', null, false],
    ['1.234.567', '1234567', null, false],
    ['1,234,567.00', '1234567.00', null, false],
    ['1.234.567,00', '1234567.00', null, false],
    ['-12.00', '-12.00', null, true],
    ['−12,00', '-12.00', null, true],
    ['(12.00)', '-12.00', null, true],
    ['12.00-', '-12.00', null, true],
    ['12,00 -', '-12.00', null, true],
    ['+12.00', '12.00', null, false],
    ['12,00 €', '12.00', 'EUR', false],
    ['12,00€', '12.00', 'EUR', false],
    ['€12.00', '12.00', 'EUR', false],
    ['€ -12.00', '-12.00', 'EUR', true],
    ['-€12.00', '-12.00', 'EUR', true],
    ['(€ 12,00)', '-12.00', 'EUR', true],
    ['$(12.00)', '-12.00', 'USD', true],
    ['EUR 1.234,56', '1234.56', 'EUR', false],
    ['EUR -1.234,56', '-1234.56', 'EUR', true],
    ['1.234,56 EUR', '1234.56', 'EUR', false],
    ['1.234,56- EUR', '-1234.56', 'EUR', true],
    ['eur 12,50', '12.50', 'EUR', false],
    ['USD1,234.56', '1234.56', 'USD', false],
    ['$ 1,234.00', '1234.00', 'USD', false],
    ['US$ 99.95', '99.95', 'USD', false],
    ['CA$ 12.00', '12.00', 'CAD', false],
    ['A$12.00', '12.00', 'AUD', false],
    ["CHF 1'234.50", '1234.50', 'CHF', false],
    ['Fr. 12.50', '12.50', 'CHF', false],
    ['£12', '12', 'GBP', false],
    ['£1,234.99', '1234.99', 'GBP', false],
    ['¥1,234', '1234', 'JPY', false],
    ['₹ 1,23,456.78', '123456.78', 'INR', false],
    ['₹12,34,56,789', '123456789', 'INR', false],
    ['Rs. 1,200.00', '1200.00', 'INR', false],
    ['kr 1.234,00', '1234.00', null, false],
    ['1 234,00 kr', '1234.00', null, false],
    ['SEK 1 234,00', '1234.00', 'SEK', false],
    ['12,50 zł', '12.50', 'PLN', false],
    ['1 234,50 Kč', '1234.50', 'CZK', false],
    ['R 1 234,56', '1234.56', 'ZAR', false],
    ['RON 12,00', '12.00', 'RON', false],
    ['€ 12 EUR', '12', 'EUR', false],
    // "dash cents": whole units, and the separator before the dash is the decimal point
    ['12,-', '12', null, false],
    ['12,- €', '12', 'EUR', false],
    ['1.234,--', '1234', null, false],
    ['1,234.–', '1234', null, false],
  ];
  it.each(cases)('%j -> %s %s negative=%s', (printed, value, currency, negative) => {
    const parsed = parseAmount(printed);
    expect(parsed).toMatchObject({ value, currency, negative, raw: printed });
  });

  it('reports which separator it read as the decimal point', () => {
    expect(parseAmount('1.234,56')?.decimalSeparator).toBe(',');
    expect(parseAmount('1,234.56')?.decimalSeparator).toBe('.');
    expect(parseAmount('1.234.567')?.decimalSeparator).toBeNull();
    expect(parseAmount('1234')?.decimalSeparator).toBeNull();
  });

  it.each([
    '',
    ' ',
    'abc',
    '12.00 kg',
    'abc 12',
    '€ 12 USD',
    '--12',
    '+-12',
    '((12))',
    '1,2,3',
    '12 34',
    '1 2345',
    '1.234,567.89',
    '12.5%',
    '15.03.2026',
    '2026-03-15',
    '1.',
    '.50',
    '1234567890123456',
    '0.1234567',
    'DE123456789',
    `${'9'.repeat(70)}`,
  ])('rejects %j', (printed) => {
    expect(parseAmount(printed)).toBeNull();
  });
});

describe('parseAmount: the "1,234" ambiguity', () => {
  it('without evidence reads a lone separator before three digits as thousands, and says so', () => {
    expect(parseAmount('1,234')).toMatchObject({ value: '1234', ambiguous: true, decimalSeparator: null });
    expect(parseAmount('1.234')).toMatchObject({ value: '1234', ambiguous: true });
    expect(parseAmount('$ 1,234')).toMatchObject({ value: '1234', currency: 'USD', ambiguous: true });
  });

  const hinted: Array<[string, AmountHint, string]> = [
    ['1,234', { decimalSeparator: ',' }, '1.234'],
    ['1,234', { decimalSeparator: '.' }, '1234'],
    ['1.234', { decimalSeparator: ',' }, '1234'],
    ['1.234', { decimalSeparator: '.' }, '1.234'],
    ['1.234', { locale: 'de-DE' }, '1234'],
    ['1,234', { locale: 'de-DE' }, '1.234'],
    ['1,234', { locale: 'en-US' }, '1234'],
    ['1.234', { locale: 'de-CH' }, '1.234'],
    ['1,234', { locale: 'fr-FR' }, '1.234'],
    // an explicit separator wins over the locale
    ['1,234', { locale: 'de-DE', decimalSeparator: '.' }, '1234'],
  ];
  it.each(hinted)('%j with %j -> %s', (printed, hint, value) => {
    expect(parseAmount(printed, hint)).toMatchObject({ value, ambiguous: false });
  });

  it('lets structure beat the hint when the text is unambiguous', () => {
    expect(parseAmount('1,234.56', { decimalSeparator: ',' })?.value).toBe('1234.56');
    expect(parseAmount('12.50', { decimalSeparator: ',' })?.value).toBe('12.50');
    expect(parseAmount('1,2345', { decimalSeparator: '.' })?.value).toBe('1.2345');
  });

  it('uses the currency minor unit: three-decimal currencies read a fraction, zero-decimal ones thousands', () => {
    expect(parseAmount('KWD 1.234')).toMatchObject({ value: '1.234', ambiguous: false });
    expect(parseAmount('BHD 1,250')).toMatchObject({ value: '1.250', ambiguous: false });
    expect(parseAmount('JPY 1.234')).toMatchObject({ value: '1234', ambiguous: false });
  });

  it('reads a leading zero group as a fraction: "0,500" cannot be thousands', () => {
    expect(parseAmount('0,500')).toMatchObject({ value: '0.500', ambiguous: false });
  });

  it('resolves shared symbols with the document currency', () => {
    expect(parseAmount('$12.00', { currency: 'CAD' })?.currency).toBe('CAD');
    expect(parseAmount('$12.00', { currency: 'EUR' })?.currency).toBe('USD');
    expect(parseAmount('kr 12,00', { currency: 'SEK' })?.currency).toBe('SEK');
    expect(parseAmount('12,00 kr', { currency: 'DKK' })?.currency).toBe('DKK');
    expect(parseAmount('¥1,234', { currency: 'CNY' })?.currency).toBe('CNY');
  });
});

describe('parseAmount: exactness (property checks)', () => {
  // A small deterministic generator: the checks cover many shapes without a random seed to chase.
  function* integers(count: number): Generator<number> {
    let x = 2463534242;
    for (let i = 0; i < count; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      yield (x >>> 0) % 1_000_000_000;
    }
  }

  it('prints every cent value back exactly in all grouping styles', () => {
    for (const cents of integers(500)) {
      const units = Math.floor(cents / 100).toString();
      const fraction = (cents % 100).toString().padStart(2, '0');
      const expected = `${units}.${fraction}`;
      const group = (sep: string): string => units.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
      for (const printed of [
        `${group(',')}.${fraction}`,
        `${group('.')},${fraction}`,
        `${group(' ')},${fraction}`,
        `${group(NNBSP)},${fraction}`,
        `${group("'")}.${fraction}`,
        `${units}.${fraction}`,
      ]) {
        expect(parseAmount(printed)?.value, printed).toBe(expected);
      }
    }
  });

  it('keeps digits no binary float can hold', () => {
    expect(parseAmount('900.719.925.474.099,31')?.value).toBe('900719925474099.31');
    expect(Number('900719925474099.31').toString()).not.toBe('900719925474099.31');
    expect(parseAmount('0.1')?.value).toBe('0.1');
  });
});

describe('parsePercent', () => {
  it.each([
    ['19%', '19'],
    ['19 %', '19'],
    [`7,5${NBSP}%`, '7.5'],
    ['19.00%', '19.00'],
    ['-2 %', '-2'],
    ['0,5 %', '0.5'],
  ])('%j -> %s', (printed, value) => {
    expect(parsePercent(printed)).toBe(value);
  });
  it.each(['19', '%', 'abc%', '1,2,3%'])('rejects %j', (printed) => {
    expect(parsePercent(printed)).toBeNull();
  });
});

describe('findAmounts', () => {
  const values = (text: string, hint?: Parameters<typeof findAmounts>[1]): string[] =>
    findAmounts(text, hint).map((a) => `${a.value}${a.currency ? ` ${a.currency}` : ''}`);

  it('finds decorated amounts and locates them in the text', () => {
    const text = 'Summe: EUR -1.234,56 und (12,00 €)';
    const found = findAmounts(text);
    expect(found.map((a) => [a.value, a.currency, text.slice(a.index, a.index + a.length)])).toEqual([
      ['-1234.56', 'EUR', 'EUR -1.234,56'],
      ['-12.00', 'EUR', '(12,00 €)'],
    ]);
  });

  it('skips identifiers, dates, times, ratios, percentages and ordinals', () => {
    const text = 'RE-20201121/508 vom 2020-11-21, 15.03.2026 um 10:30, Seite 1/2, DE123456789, 19 %, 15th, 12kg';
    expect(values(text)).toEqual([]);
  });

  it('joins typographic-space groups always and plain-space groups for space-grouping locales only', () => {
    expect(values(`Total TTC 1${NNBSP}234,56 €`)).toEqual(['1234.56 EUR']);
    expect(values('Total TTC 1 234,56 €', { locale: 'fr-FR' })).toEqual(['1234.56 EUR']);
    expect(values('2 125,00 250,00', { locale: 'de-DE' })).toEqual(['2', '125.00', '250.00']);
    expect(values('2 125,00', { spaceGrouping: true })).toEqual(['2125.00']);
  });

  it('reads a table row of quantities and prices', () => {
    expect(values('GZ250   -2,0000 Stk.   1   1,4500   7,0   -2,90')).toEqual([
      '-2.0000',
      '1',
      '1.4500',
      '7.0',
      '-2.90',
    ]);
    expect(values('Subtotal $ 262.90   Tax 15% on $ 112.90   $ 16.94')).toEqual([
      '262.90 USD',
      '112.90 USD',
      '16.94 USD',
    ]);
  });
});

describe('findAmounts: currency letters and symbols between neighbours', () => {
  const located = (text: string): Array<[string, string | null, string]> =>
    findAmounts(text).map((a) => [a.value, a.currency, text.slice(a.index, a.index + a.length)]);

  it('does not read the last letter of a word as a currency ("WATER 64.00" is not rand)', () => {
    expect(located('03/06 03/07 CITY OF SPRINGFIELD WATER 64.00')).toEqual([['64.00', null, '64.00']]);
    expect(located('WATER -64.00')).toEqual([['-64.00', null, '-64.00']]);
    expect(located('TAXEUR 12.00')).toEqual([['12.00', null, '12.00']]);
    // Standing alone, the letters still are currencies.
    expect(located('WATER R 64.00')).toEqual([['64.00', 'ZAR', 'R 64.00']]);
    expect(located('Total R64.00')).toEqual([['64.00', 'ZAR', 'R64.00']]);
    expect(located('Total EUR 12,00')).toEqual([['12.00', 'EUR', 'EUR 12,00']]);
  });

  it('gives a symbol between two amounts to one of them, never dropping the first', () => {
    expect(located('Payments, Credits -$300.00 $0.00')).toEqual([
      ['-300.00', 'USD', '-$300.00'],
      ['0.00', 'USD', '$0.00'],
    ]);
    expect(located('€ 12,00 € 0,00')).toEqual([
      ['12.00', 'EUR', '€ 12,00'],
      ['0.00', 'EUR', '€ 0,00'],
    ]);
    expect(located('$ 12.00 $ 13.00')).toEqual([
      ['12.00', 'USD', '$ 12.00'],
      ['13.00', 'USD', '$ 13.00'],
    ]);
    expect(located('12,00 € 13,00 €')).toEqual([
      ['12.00', 'EUR', '12,00 €'],
      ['13.00', 'EUR', '13,00 €'],
    ]);
    expect(located('12,00 EUR 13,00 EUR')).toEqual([
      ['12.00', 'EUR', '12,00 EUR'],
      ['13.00', 'EUR', '13,00 EUR'],
    ]);
    expect(located('12.00$ 13.00')).toEqual([
      ['12.00', 'USD', '12.00$'],
      ['13.00', null, '13.00'],
    ]);
    // Without evidence the first amount keeps it, as a trailing currency.
    expect(located('12,00 € 13,00')).toEqual([
      ['12.00', 'EUR', '12,00 €'],
      ['13.00', null, '13,00'],
    ]);
  });

  it("reads a dash spaced between two amounts as neither one's sign, and never overlaps", () => {
    expect(located('12.00 - 13.00')).toEqual([
      ['12.00', null, '12.00'],
      ['13.00', null, '13.00'],
    ]);
    expect(located('12.00- 13.00')).toEqual([
      ['-12.00', null, '12.00-'],
      ['13.00', null, '13.00'],
    ]);
    expect(located('12.00 -13.00')).toEqual([
      ['12.00', null, '12.00'],
      ['-13.00', null, '-13.00'],
    ]);
    expect(located('-12.00 - 13.00')).toEqual([
      ['-12.00', null, '-12.00'],
      ['13.00', null, '13.00'],
    ]);
    const text = 'A 1,00 € 2,00 € - 3,00 $ 4.00 $5.00 (6,00) 7,00-';
    const found = findAmounts(text);
    for (const [i, a] of found.entries()) {
      const next = found[i + 1];
      if (next) expect(a.index + a.length, `${a.raw} / ${next.raw}`).toBeLessThanOrEqual(next.index);
    }
    expect(found.map((a) => a.value)).toEqual(['1.00', '2.00', '3.00', '4.00', '5.00', '-6.00', '-7.00']);
  });
});

describe('OCR digit confusions', () => {
  it('reads O as 0 and l/I as 1 in tokens that are otherwise clearly amounts with two decimals', () => {
    expect(parseAmount('1O4,5O')).toMatchObject({ value: '104.50', raw: '1O4,5O', decimalSeparator: ',' });
    expect(parseAmount('l23.45')).toMatchObject({ value: '123.45', raw: 'l23.45' });
    expect(parseAmount('EUR I.234,5O')).toMatchObject({ value: '1234.50', currency: 'EUR' });
    expect(parseAmount('12,5O lei')).toMatchObject({ value: '12.50', currency: 'RON' });
  });

  it("reads S, B, Z and G as 5, 8, 2 and 6 after an amount's first character (thermal receipts)", () => {
    expect(parseAmount('1B.90')).toMatchObject({ value: '18.90', raw: '1B.90' });
    expect(parseAmount('2S,5O')).toMatchObject({ value: '25.50' });
    expect(parseAmount('1Z.6G')).toMatchObject({ value: '12.66' });
    expect(findAmounts('TOTAL 1B.90 CASH 20.00').map((a) => a.value)).toEqual(['18.90', '20.00']);
  });

  it('never reads a leading S, B, Z or G as a digit: "S12.50" is a misread "$", not 512.50', () => {
    for (const text of ['B.90', 'SB.50', 'ZG.00', 'G1.20']) expect(parseAmount(text), text).toBeNull();
    expect(parseAmount('S12.50')).toMatchObject({ value: '12.50', currency: null });
    expect(findAmounts('S12.50 SIZE 1B.SS').map((a) => a.value)).toEqual(['12.50']);
  });

  it('reads the last separator after a thousands group as the decimal one when two digits follow it', () => {
    expect(parseAmount('3.865.50 EUR', { decimalSeparator: ',' })).toMatchObject({
      value: '3865.50',
      raw: '3.865.50 EUR',
    });
    expect(parseAmount('1,234,56', { decimalSeparator: '.' })).toMatchObject({ value: '1234.56' });
    expect(findAmounts('Subtotaal 3.865.50 EUR Btw 811,76', { decimalSeparator: ',' }).map((a) => a.value)).toEqual([
      '3865.50',
      '811.76',
    ]);
    // Dates, mixed separators and IPv4 addresses (two groups of three before the last) are not such numbers.
    for (const text of ['12.03.26', '1.234,567.89', '192.168.100.10']) {
      expect(parseAmount(text, { decimalSeparator: ',' }), text).toBeNull();
    }
  });

  it('reads a currency sign misread as a letter glued to an amount as a sign, without guessing the currency', () => {
    expect(findAmounts('AMOUNT DUE C22.25').map((a) => [a.value, a.currency, a.raw])).toEqual([
      ['22.25', null, '22.25'],
    ]);
    expect(findAmounts('Subtotal c490,58').map((a) => a.value)).toEqual(['490.58']);
    expect(findAmounts('TOTAL: S141.00').map((a) => a.value)).toEqual(['141.00']);
    // Glued to a longer word, a whole number or one decimal: an identifier or a code, not an amount.
    for (const text of ['ABC22.25', 'EURC12.50', 'C22', 'S12.5', 'C1.234', 'DE123456789']) {
      expect(findAmounts(text), text).toEqual([]);
    }
  });

  it('leaves everything else alone: no decimals, no real digit on a side, words, dates', () => {
    for (const text of ['1O', 'l23', '1O4,5', '1O4,500', 'lO.OO', '1OO,OO', 'II.10', 'Il', 'OIL 12']) {
      expect(parseAmount(text), text).toBeNull();
    }
    expect(findAmounts('Tel. 1O.O3.2O26, v1.1O, EURl23.45')).toEqual([]);
  });

  it('finds corrected amounts in running text at their printed position, with the printed text as raw', () => {
    const text = 'Total l23.45 EUR, Netto 1O4,5O';
    expect(findAmounts(text).map((a) => [a.value, a.currency, a.raw, text.slice(a.index, a.index + a.length)])).toEqual(
      [
        ['123.45', 'EUR', 'l23.45 EUR', 'l23.45 EUR'],
        ['104.50', null, '1O4,5O', '1O4,5O'],
      ],
    );
  });
});

describe('detectDecimalSeparator', () => {
  it.each([
    [['Summe 1.420,00', 'Datum 15.03.2026'], ','],
    [['Total $ 1,234.56'], '.'],
    [['12,50', '7,00', '3.5'], ','],
    [['1.234.567'], ','],
    [['1,234,567'], '.'],
    [['Menge 100,0000 Stk.'], ','],
  ] as Array<[string[], string]>)('%j -> %s', (samples, expected) => {
    expect(detectDecimalSeparator(samples)).toBe(expected);
  });

  it('returns null without evidence or on a tie: "1,234" and dates prove nothing', () => {
    expect(detectDecimalSeparator([])).toBeNull();
    expect(detectDecimalSeparator(['1,234', '1.234', '15.03.2026', '2026-03-15', 'Seite 1/2'])).toBeNull();
    expect(detectDecimalSeparator(['12,50', '12.50'])).toBeNull();
  });
});

describe('locale facts from ICU', () => {
  it('knows the decimal separators and space grouping of the six languages', () => {
    expect(
      ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'de-CH'].map(decimalSeparatorForLocale),
    ).toEqual(['.', '.', ',', ',', ',', ',', ',', '.']);
    expect(localeGroupsWithSpace('fr-FR')).toBe(true);
    expect(localeGroupsWithSpace('de-DE')).toBe(false);
  });
  it('refuses unknown or malformed tags instead of falling back to en-US', () => {
    expect(decimalSeparatorForLocale('xx-invalid')).toBeNull();
    expect(decimalSeparatorForLocale('')).toBeNull();
    expect(decimalSeparatorForLocale('not a locale!')).toBeNull();
  });
});
