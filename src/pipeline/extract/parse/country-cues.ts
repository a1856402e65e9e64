// Where a document comes from, from what every business document prints: postal addresses (a US state and ZIP
// code, a UK postcode, a Canadian postal code), telephone numbers (+1 (555) 123-4567, +49 ...), tax identifiers
// (EU VAT numbers, ABN, GSTIN, NPWP) and tax words (Sales Tax, GST/HST, MwSt). The votes feed the
// document-level decisions (numeric date order, currency) that a single value cannot settle by itself.

/** Countries (or groups) whose conventions differ in ways that matter for reading values. */
export type Country = 'US' | 'CA' | 'GB' | 'AU' | 'IN' | 'ID' | 'EU' | 'CH';

interface Cue {
  country: Country;
  pattern: RegExp;
  /** One match's weight: an address line or an identifier format is stronger than a word. */
  weight: number;
}

const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
const CA_PROVINCES = 'AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT';
const AU_STATES = 'NSW|VIC|QLD|SA|WA|TAS|ACT|NT';
const EU_VAT_PREFIXES = 'AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK';

const CUES: readonly Cue[] = [
  // "San Francisco, CA 94105", "New York NY 10001-1234": a state code before a five-digit ZIP.
  {
    country: 'US',
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${US_STATES}),?\\s+\\d{5}(?:-\\d{4})?(?![\\p{N}])`, 'gu'),
    weight: 2,
  },
  // "(555) 123-4567", "+1 555-123-4567", "555-123-4567": North American numbering (US and Canada).
  {
    country: 'US',
    pattern: /(?:\+1[\s.-]?)?\(\d{3}\)\s?\d{3}[\s.-]\d{4}(?!\d)|(?<![\d+-])\d{3}[.-]\d{3}[.-]\d{4}(?![\d-])/gu,
    weight: 1,
  },
  { country: 'US', pattern: /\bsales\s+tax\b|\bEIN\b|\bzip\s*code\b/giu, weight: 1 },
  // "Toronto, ON M5V 2T6": a province before a postal code A1A 1A1.
  {
    country: 'CA',
    pattern: new RegExp(`(?<![\\p{L}])(?:${CA_PROVINCES}),?\\s+[A-Z]\\d[A-Z]\\s?\\d[A-Z]\\d(?![\\p{L}\\p{N}])`, 'gu'),
    weight: 3,
  },
  { country: 'CA', pattern: /\bGST\s*\/\s*HST\b|\bHST\b|\bQST\b|\bPST\b/gu, weight: 1 },
  // "London SW1A 1AA", "M1 1AE": outward and inward code; "+44", "VAT Reg".
  { country: 'GB', pattern: /(?<![\p{L}\p{N}])[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}(?![\p{L}\p{N}])/gu, weight: 2 },
  { country: 'GB', pattern: /\+44[\s(]|\bVAT\s+Reg(?:istration)?\b|\bGB\s?\d{3}\s?\d{4}\s?\d{2}\b/giu, weight: 1 },
  { country: 'AU', pattern: new RegExp(`(?<![\\p{L}])(?:${AU_STATES})\\s+\\d{4}(?![\\p{N}])`, 'gu'), weight: 2 },
  { country: 'AU', pattern: /\bABN\b|\+61[\s(]/gu, weight: 2 },
  { country: 'IN', pattern: /\bGSTIN\b|\+91[\s-]|\bPAN\s*(?:No|:)|₹/gu, weight: 2 },
  { country: 'ID', pattern: /\bNPWP\b|\+62[\s-]|(?<![\p{L}])Rp\.?\s?\d/gu, weight: 2 },
  { country: 'CH', pattern: /\bCHE-\d{3}\.\d{3}\.\d{3}\b|\+41[\s(]|\bCH\d{2}\s?\d{4}/gu, weight: 2 },
  // An EU VAT number ("DE123456789", "FR 12 345678901"), an EU IBAN, an EU telephone prefix, tax words.
  {
    country: 'EU',
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${EU_VAT_PREFIXES})\\s?\\d[\\d ]{7,12}\\d(?![\\p{N}])`, 'gu'),
    weight: 2,
  },
  {
    country: 'EU',
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${EU_VAT_PREFIXES})\\d{2}\\s?[A-Z0-9]{4}\\s?\\d{4}`, 'gu'),
    weight: 1,
  },
  { country: 'EU', pattern: /\+(?:3[0-9]|4[0-8])[\s(]\d/gu, weight: 1 },
  { country: 'EU', pattern: /\b(?:MwSt|USt-?Id|TVA|IVA|BTW|DPH|Steuernummer|SIRET|SIREN|NIF|CIF)\b/giu, weight: 1 },
];

/** Addresses, telephone numbers and tax ids sit on the first page: 20,000 characters hold it (and keep this ~2 ms). */
const MAX_SCAN_CHARS = 20_000;

/** Weighted votes per country over a document's lines (only the first 20,000 characters are read). */
export function countryVotes(samples: readonly string[]): Map<Country, number> {
  const votes = new Map<Country, number>();
  let text = samples.join('\n');
  if (text.length > MAX_SCAN_CHARS) text = text.slice(0, MAX_SCAN_CHARS);
  for (const cue of CUES) {
    const hits = [...text.matchAll(cue.pattern)].length;
    // A cue repeated all over a page (a footer on every page) is still one piece of evidence, a bit stronger.
    if (hits > 0)
      votes.set(cue.country, (votes.get(cue.country) ?? 0) + cue.weight * Math.min(2, 1 + (hits - 1) * 0.25));
  }
  return votes;
}

/** The country with the most votes, when it leads clearly (by at least 1 point), else null. */
export function leadingCountry(votes: ReadonlyMap<Country, number>): Country | null {
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < 1) return null;
  if (second && first[1] - second[1] < 1) return null;
  return first[0];
}

/** The currency a country prices in, for documents that print amounts without any currency sign or code. */
export const COUNTRY_CURRENCY: Readonly<Record<Country, string | null>> = {
  US: 'USD',
  CA: 'CAD',
  GB: 'GBP',
  AU: 'AUD',
  IN: 'INR',
  ID: 'IDR',
  CH: 'CHF',
  // The euro area is most of the EU, not all of it (CZ, PL, RO ...): decided from the states a document names
  // (currencyFromCountry, euro-area.ts).
  EU: null,
};

/** True when `text` shows one of the country's cues (the evidence for a value decided from the country). */
export function showsCountry(text: string, country: Country): boolean {
  return CUES.some(
    (cue) => cue.country === country && new RegExp(cue.pattern.source, cue.pattern.flags.replace('g', '')).test(text),
  );
}
