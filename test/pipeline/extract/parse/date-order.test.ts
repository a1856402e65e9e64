// The document-level date-order decision: US, EU and ISO documents, and ambiguous ones, each as the lines a page
// prints (addresses, telephone numbers, tax identifiers and dates together, as on real invoices).
import { describe, expect, it } from 'vitest';
import { countryVotes, leadingCountry } from '../../../../src/pipeline/extract/parse/country-cues.js';
import { currencyFromCountry, decideDateOrder } from '../../../../src/pipeline/extract/parse/document-conventions.js';
import { findDates } from '../../../../src/pipeline/extract/parse/date-scan.js';

const decide = (samples: string[], language: string | null = null, currency: string | null = null) =>
  decideDateOrder({ samples, language, currency });

/** Every date of the document read with the document's decision, as the engine reads them. */
function readAll(samples: string[], language: string | null = null, currency: string | null = null): string[] {
  const { order } = decide(samples, language, currency);
  return samples.flatMap((line) => findDates(line, { order }).map((d) => d.iso));
}

const US_INVOICE = [
  'Stanford Plumbing & Heating',
  '123 Main Street, Palo Alto, CA 94301',
  'Phone: (650) 555-0182',
  'Invoice Date: 09/10/2020',
  'Due Date: 10/09/2020',
  'Sales Tax 8.25%',
];

const GERMAN_INVOICE = [
  'Lieferant GmbH, Lieferantenstraße 20, 80333 München',
  'USt-IdNr.: DE123456789',
  'Rechnungsdatum: 05/03/2026',
  'Fällig am: 04/04/2026',
];

const UK_INVOICE = [
  'Acme Ltd',
  '10 Downing Street, London SW1A 2AA',
  'VAT Reg No GB 123 4567 89',
  'Invoice date 03/04/2026',
];

describe('decideDateOrder', () => {
  it('reads a US invoice month-first from its address, telephone number and sales tax', () => {
    expect(decide(US_INVOICE, 'en', 'USD')).toEqual({ order: 'MDY', basis: 'country' });
    expect(readAll(US_INVOICE, 'en', 'USD')).toEqual(['2020-09-10', '2020-10-09']);
  });

  it('reads EU and UK invoices day-first from their VAT numbers and postcodes', () => {
    expect(decide(GERMAN_INVOICE)).toEqual({ order: 'DMY', basis: 'country' });
    expect(readAll(GERMAN_INVOICE)).toEqual(['2026-03-05', '2026-04-04']);
    // English labels, but a British address: day-first although the language alone would not say so.
    expect(decide(UK_INVOICE, 'en', 'GBP')).toEqual({ order: 'DMY', basis: 'country' });
  });

  it('lets a date readable only one way decide for every other date of the document', () => {
    const lines = ['Invoice date: 03/04/2026', 'Due: 03/18/2026'];
    expect(decide(lines)).toEqual({ order: 'MDY', basis: 'dates' });
    expect(readAll(lines)).toEqual(['2026-03-04', '2026-03-18']);
    // The dates' own proof beats country cues (a US vendor writing day-first for a European customer).
    expect(decide([...US_INVOICE.slice(0, 3), 'Date 25/03/2026', 'Shipped 03/04/2026'])).toEqual({
      order: 'DMY',
      basis: 'dates',
    });
  });

  it('reads ISO dates as printed and lets them decide nothing', () => {
    const lines = ['Invoice date 2026-03-04', 'Due date 2026-04-03'];
    expect(decide(lines)).toEqual({ order: null, basis: null });
    expect(readAll(lines)).toEqual(['2026-03-04', '2026-04-03']);
    // ISO dates beside an ambiguous one: the other evidence decides the ambiguous one only.
    expect(readAll(['Date 2026-03-04', 'Delivered 03/04/2026'], 'fr')).toEqual(['2026-03-04', '2026-04-03']);
  });

  it('falls back to habits, then language, then currency, on documents without stronger evidence', () => {
    expect(decide(['Delivered March 4, 2026', 'Invoice date 03/04/2026'])).toEqual({ order: 'MDY', basis: 'habit' });
    expect(decide(['Facture du 03/04/2026'], 'fr', 'EUR')).toEqual({ order: 'DMY', basis: 'language' });
    expect(decide(['Invoice 03/04/2026', 'Total $12.00'], 'en', 'USD')).toEqual({ order: 'MDY', basis: 'currency' });
    expect(decide(['Invoice 03/04/2026', 'Total €12.00'], 'en', 'EUR')).toEqual({ order: 'DMY', basis: 'currency' });
  });

  it('stays undecided on a truly ambiguous document (the reader then says the date is ambiguous)', () => {
    const lines = ['Invoice 03/04/2026', 'Total 12.00'];
    expect(decide(lines, 'en')).toEqual({ order: null, basis: null });
    expect(findDates(lines[0] as string, { order: null })[0]).toMatchObject({ iso: '2026-04-03', ambiguous: true });
  });

  it('is not swayed by one weak cue against several strong ones', () => {
    // A German invoice that lists a US telephone number once still reads day-first.
    expect(decide([...GERMAN_INVOICE, 'US office: (212) 555-0100'])).toMatchObject({ order: 'DMY' });
  });
});

describe('country cues', () => {
  it('finds the country of addresses, telephone numbers and tax identifiers', () => {
    expect(leadingCountry(countryVotes(US_INVOICE))).toBe('US');
    expect(leadingCountry(countryVotes(UK_INVOICE))).toBe('GB');
    expect(leadingCountry(countryVotes(GERMAN_INVOICE))).toBe('EU');
    expect(leadingCountry(countryVotes(['Toronto, ON M5V 2T6', 'GST/HST 123456789']))).toBe('CA');
    expect(leadingCountry(countryVotes(['NPWP: 01.234.567.8-901.000', 'TOTAL 174,600']))).toBe('ID');
    expect(leadingCountry(countryVotes(['Thank you', 'Total 12.00']))).toBeNull();
  });

  it('gives the currency of a clear country; in the EU, the euro only for euro-area states', () => {
    const decideCurrency = (samples: string[]) => currencyFromCountry(countryVotes(samples), samples);
    expect(decideCurrency(['NPWP: 01.234.567.8-901.000'])).toEqual({ currency: 'IDR', country: 'ID' });
    expect(decideCurrency(US_INVOICE)).toEqual({ currency: 'USD', country: 'US' });
    // A German VAT number names Germany: euro.
    expect(decideCurrency(GERMAN_INVOICE)).toEqual({ currency: 'EUR', country: 'EU' });
    // EU cues that name no state (a tax word alone) decide nothing, nor do states with currencies of their own.
    expect(decideCurrency(['Lieferant GmbH', 'inkl. MwSt 19%', 'Summe 12,50'])).toBeNull();
    expect(decideCurrency(['Sklep Sp. z o.o.', 'NIP PL 5260250274', 'Razem 12,50'])).toBeNull();
    // A German vendor billing a Polish customer: one euro state, one not, no guess.
    expect(decideCurrency([...GERMAN_INVOICE, 'Kunde: Firma Sp. z o.o., Warszawa, Polska'])).toBeNull();
  });
});
