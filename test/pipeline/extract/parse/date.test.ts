import { describe, expect, it } from 'vitest';
import { expandTwoDigitYear, isoDate, parseDate } from '../../../../src/pipeline/extract/parse/date.js';
import { detectDateOrder, findDates } from '../../../../src/pipeline/extract/parse/date-scan.js';
import { dateOrderForLocale } from '../../../../src/pipeline/extract/parse/locale.js';

describe('parseDate: formats', () => {
  const cases: Array<[string, string]> = [
    // year first and compact
    ['2026-03-15', '2026-03-15'],
    ['2026/03/15', '2026-03-15'],
    ['2026.3.5', '2026-03-05'],
    ['2026-03-15T10:00:00Z', '2026-03-15'],
    ['2026-03-15T10:00:00+01:00', '2026-03-15'],
    ['20260315', '2026-03-15'],
    // numeric, day first by value or by separator
    ['15.03.2026', '2026-03-15'],
    ['5.3.2026', '2026-03-05'],
    ['15. 03. 2026', '2026-03-15'],
    ['15/03/2026', '2026-03-15'],
    ['03/15/2026', '2026-03-15'],
    ['15-03-26', '2026-03-15'],
    ['15.03.26', '2026-03-15'],
    ['31/12/99', '1999-12-31'],
    ['15.03.2026.', '2026-03-15'],
    // month names: English, German, French, Spanish, Italian, Dutch
    ['15 March 2026', '2026-03-15'],
    ['March 15, 2026', '2026-03-15'],
    ['Mar 15 2026', '2026-03-15'],
    ['Mar. 15th, 2026', '2026-03-15'],
    ['1st March 2026', '2026-03-01'],
    ['2nd Feb 2026', '2026-02-02'],
    ['23rd of April 2026', '2026-04-23'],
    ['15th of March 2026', '2026-03-15'],
    ['Monday, 16 March 2026', '2026-03-16'],
    ['15-Mar-26', '2026-03-15'],
    ['15-MAR-2026', '2026-03-15'],
    ['15. März 2026', '2026-03-15'],
    ['15. Maerz 2026', '2026-03-15'],
    ['15. Jänner 2026', '2026-01-15'],
    ['15. Jän. 2026', '2026-01-15'],
    ['Montag, 2. Feb. 2026', '2026-02-02'],
    ['3. Okt. 2026', '2026-10-03'],
    ['24. Dez. 2026', '2026-12-24'],
    ['15 mars 2026', '2026-03-15'],
    ['1er mars 2026', '2026-03-01'],
    ['15 janv. 2026', '2026-01-15'],
    ['2 févr. 2026', '2026-02-02'],
    ['14 juil. 2026', '2026-07-14'],
    ['15 août 2026', '2026-08-15'],
    ['8 déc. 2026', '2026-12-08'],
    ['15 de marzo de 2026', '2026-03-15'],
    ['1º de marzo de 2026', '2026-03-01'],
    ['3 ene. 2026', '2026-01-03'],
    ['3 sept. 2026', '2026-09-03'],
    ['7 dic 2026', '2026-12-07'],
    ['15 marzo 2026', '2026-03-15'],
    ['4 gen 2026', '2026-01-04'],
    ['4 giu 2026', '2026-06-04'],
    ['10 ott. 2026', '2026-10-10'],
    ['15 maart 2026', '2026-03-15'],
    ['5 mrt 2026', '2026-03-05'],
    ['6 okt. 2026', '2026-10-06'],
    ['1 mei 2026', '2026-05-01'],
  ];
  it.each(cases)('%j -> %s', (printed, iso) => {
    expect(parseDate(printed)).toEqual({ iso, raw: printed, ambiguous: false });
  });

  it.each([
    '31.02.2026',
    '29.02.2025',
    '31.04.2026',
    '32.01.2026',
    '00.01.2026',
    '15.13.2026',
    '13/13/2026',
    '2026-02-30',
    '20260230',
    '15 March',
    'March 2026',
    '15 Foo 2026',
    'hello',
    '',
    '1899-12-31',
    '2100-01-01',
    '15.03.2026 10:00',
    '99-12-31',
    '123.03.2026',
  ])('rejects %j', (printed) => {
    expect(parseDate(printed)).toBeNull();
  });

  it('accepts 29 February in leap years only', () => {
    expect(parseDate('29.02.2024')?.iso).toBe('2024-02-29');
    expect(parseDate('29.02.2000')?.iso).toBe('2000-02-29');
    expect(parseDate('29.02.1900')).toBeNull();
    expect(isoDate(2100, 2, 29)).toBeNull();
  });
});

describe('parseDate: day/month order', () => {
  it('is settled by a value above 12 whatever the hint says', () => {
    expect(parseDate('03/15/2026', { order: 'DMY' })?.iso).toBe('2026-03-15');
    expect(parseDate('15/03/2026', { locale: 'en-US' })?.iso).toBe('2026-03-15');
  });

  it('follows the hint, then the locale, then defaults to day first and flags it', () => {
    expect(parseDate('03/04/2026', { order: 'MDY' })).toMatchObject({ iso: '2026-03-04', ambiguous: false });
    expect(parseDate('03/04/2026', { order: 'DMY' })).toMatchObject({ iso: '2026-04-03', ambiguous: false });
    expect(parseDate('03/04/2026', { locale: 'en-US' })).toMatchObject({ iso: '2026-03-04', ambiguous: false });
    expect(parseDate('03/04/2026', { locale: 'en-GB' })).toMatchObject({ iso: '2026-04-03', ambiguous: false });
    expect(parseDate('03/04/2026', { locale: 'nl-NL' })).toMatchObject({ iso: '2026-04-03', ambiguous: false });
    expect(parseDate('03/04/2026')).toMatchObject({ iso: '2026-04-03', ambiguous: true });
    expect(parseDate('03-04-2026')).toMatchObject({ iso: '2026-04-03', ambiguous: true });
  });

  it('reads dotted dates day first without calling them ambiguous', () => {
    expect(parseDate('03.04.2026')).toMatchObject({ iso: '2026-04-03', ambiguous: false });
    expect(parseDate('03.04.2026', { order: 'MDY' })).toMatchObject({ iso: '2026-04-03', ambiguous: false });
    expect(parseDate('12.13.2026')?.iso).toBe('2026-12-13');
  });

  it('does not call equal day and month ambiguous', () => {
    expect(parseDate('04/04/2026')).toMatchObject({ iso: '2026-04-04', ambiguous: false });
  });

  it('knows the locale orders from ICU', () => {
    expect(['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'ja-JP'].map(dateOrderForLocale)).toEqual([
      'MDY',
      'DMY',
      'DMY',
      'DMY',
      'DMY',
      'DMY',
      'DMY',
      'YMD',
    ]);
    expect(dateOrderForLocale('xx-invalid')).toBeNull();
  });
});

describe('two-digit years', () => {
  it('pivots at 70: 00-69 are 20xx, 70-99 are 19xx', () => {
    expect(expandTwoDigitYear(0)).toBe(2000);
    expect(expandTwoDigitYear(26)).toBe(2026);
    expect(expandTwoDigitYear(69)).toBe(2069);
    expect(expandTwoDigitYear(70)).toBe(1970);
    expect(expandTwoDigitYear(99)).toBe(1999);
    expect(parseDate('01.01.69')?.iso).toBe('2069-01-01');
    expect(parseDate('01.01.70')?.iso).toBe('1970-01-01');
  });
});

describe('parseDate: round trip over the calendar', () => {
  const MONTHS = {
    en: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    de: [
      'Januar',
      'Februar',
      'März',
      'April',
      'Mai',
      'Juni',
      'Juli',
      'August',
      'September',
      'Oktober',
      'November',
      'Dezember',
    ],
    fr: [
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ],
    es: [
      'enero',
      'febrero',
      'marzo',
      'abril',
      'mayo',
      'junio',
      'julio',
      'agosto',
      'septiembre',
      'octubre',
      'noviembre',
      'diciembre',
    ],
    it: [
      'gennaio',
      'febbraio',
      'marzo',
      'aprile',
      'maggio',
      'giugno',
      'luglio',
      'agosto',
      'settembre',
      'ottobre',
      'novembre',
      'dicembre',
    ],
    nl: [
      'januari',
      'februari',
      'maart',
      'april',
      'mei',
      'juni',
      'juli',
      'augustus',
      'september',
      'oktober',
      'november',
      'december',
    ],
  };

  it('reads every 7th day of 2024-2026 back in every format and language', () => {
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 86_400_000) {
      const d = new Date(t);
      const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
      const iso = d.toISOString().slice(0, 10);
      const dd = String(day).padStart(2, '0');
      const mm = String(m).padStart(2, '0');
      const printed = [
        `${dd}.${mm}.${y}`,
        `${y}${mm}${dd}`,
        `${mm}/${dd}/${y}`,
        `${MONTHS.en[m - 1]} ${day}, ${y}`,
        `${day}. ${MONTHS.de[m - 1]} ${y}`,
        `${day} ${MONTHS.fr[m - 1]} ${y}`,
        `${day} de ${MONTHS.es[m - 1]} de ${y}`,
        `${day} ${MONTHS.it[m - 1]} ${y}`,
        `${day} ${MONTHS.nl[m - 1]} ${y}`,
      ];
      for (const text of printed) {
        expect(parseDate(text, { order: 'MDY' })?.iso, text).toBe(iso);
      }
      expect(parseDate(`${dd}/${mm}/${y}`, { order: 'DMY' })?.iso).toBe(iso);
    }
  });
});

describe('findDates', () => {
  it('reads OCR look-alike letters in a numeric date as digits, and reports the date as printed', () => {
    const text = 'DATE: 02/O1/2018  DAT: 10/01/Z018  TEL 03-4O21 0276';
    expect(findDates(text, { order: 'DMY' }).map((d) => [d.iso, d.raw])).toEqual([
      ['2018-01-02', '02/O1/2018'],
      ['2018-01-10', '10/01/Z018'],
    ]);
    // Letters in a word stay letters: no date in "SOLD/OUT/ZONE".
    expect(findDates('SOLD/OUT/ZONE 1O/B')).toEqual([]);
  });

  it('reads a day-first date whose dots OCR read as commas, some or all, and leaves numbers alone', () => {
    const text = 'DATUM 31.08,2015 KASSE 2 / 01,09,2016 / 1,234,567 / 12.50,2018.5';
    expect(findDates(text, { order: 'DMY' }).map((d) => [d.iso, d.raw])).toEqual([
      ['2015-08-31', '31.08,2015'],
      ['2016-09-01', '01,09,2016'],
    ]);
  });

  it('finds every date in running text with its position', () => {
    const text = 'Invoice date: 15.03.2026 / due 14 April 2026, delivered March 2, 2026; period 2026-03-01';
    expect(findDates(text).map((d) => [d.iso, text.slice(d.index, d.index + d.length)])).toEqual([
      ['2026-03-15', '15.03.2026'],
      ['2026-04-14', '14 April 2026'],
      ['2026-03-02', 'March 2, 2026'],
      ['2026-03-01', '2026-03-01'],
    ]);
  });

  it('skips dates glued into identifiers and compact numbers unless asked', () => {
    expect(findDates('Ref RE-2026.03.15-1, Beleg 20260315, Tel 030 12.03.2026x')).toEqual([]);
    expect(findDates('Beleg 20260315', { compact: true }).map((d) => d.iso)).toEqual(['2026-03-15']);
  });

  it('applies the order hint to ambiguous dates', () => {
    expect(findDates('Date: 03/04/2026', { order: 'MDY' })[0]).toMatchObject({ iso: '2026-03-04', ambiguous: false });
    expect(findDates('Date: 03/04/2026')[0]).toMatchObject({ iso: '2026-04-03', ambiguous: true });
  });

  it("does not borrow a neighbour's day as a two-digit year when a full date overlaps", () => {
    const located = (text: string): string[][] =>
      findDates(text).map((d) => [d.iso, text.slice(d.index, d.index + d.length)]);
    // "16 - March 15" would read as 16 March 2015; the complete reading is March 15, 2026.
    expect(located('16 - March 15, 2026')).toEqual([['2026-03-15', 'March 15, 2026']]);
    expect(located('Statement period: February 16 - March 15, 2026')).toEqual([['2026-03-15', 'March 15, 2026']]);
    expect(located('1 - 15 March 2026')).toEqual([['2026-03-15', '15 March 2026']]);
    // Without a competing reading, two-digit years still count.
    expect(located('Date: 15-Mar-26')).toEqual([['2026-03-15', '15-Mar-26']]);
  });

  it('handles German, French, Spanish, Italian and Dutch running text', () => {
    expect(findDates('Rechnungsdatum: 31.01.2014 Liefer- bzw. Leistungsdatum: 13.02.2014').map((d) => d.iso)).toEqual([
      '2014-01-31',
      '2014-02-13',
    ]);
    expect(findDates('Facture du 1er mars 2026, échéance le 31 mars 2026').map((d) => d.iso)).toEqual([
      '2026-03-01',
      '2026-03-31',
    ]);
    expect(findDates('Fecha: 15 de marzo de 2026').map((d) => d.iso)).toEqual(['2026-03-15']);
    expect(findDates('Data fattura 15 marzo 2026').map((d) => d.iso)).toEqual(['2026-03-15']);
    expect(findDates('Factuurdatum 15 maart 2026').map((d) => d.iso)).toEqual(['2026-03-15']);
  });
});

describe('detectDateOrder', () => {
  it.each([
    [['03/20/2023', '04/04/2023'], 'MDY'],
    [['Invoice date: 20/03/2023'], 'DMY'],
    [['15.03.2026', '01/02/2026'], 'DMY'],
    [['March 15, 2026'], 'MDY'],
    [['15 March 2026'], 'DMY'],
    [['March 15, 2026', '20/03/2026'], 'DMY'],
  ] as Array<[string[], string]>)('%j -> %s', (samples, order) => {
    expect(detectDateOrder(samples)).toBe(order);
  });

  it('returns null without evidence or on a tie', () => {
    expect(detectDateOrder([])).toBeNull();
    expect(detectDateOrder(['01/02/2026', '2026-03-15'])).toBeNull();
    expect(detectDateOrder(['13/01/2026', '01/13/2026'])).toBeNull();
  });
});
