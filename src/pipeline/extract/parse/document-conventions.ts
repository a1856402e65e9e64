// Decisions taken once per document and then applied to every value in it: the numeric date order and the
// currency when no sign or code is printed. A single "09/10/2020" cannot say whether it is 9 October or
// September 10; the document around it usually can: another date that is only readable one way, the country its
// addresses, telephone numbers and tax identifiers belong to, its language, its currency.
import { countryVotes, leadingCountry, COUNTRY_CURRENCY, type Country } from './country-cues.js';
import { dateOrderEvidence } from './date-scan.js';
import { namesOnlyEuroArea } from './euro-area.js';
import type { DateOrder } from './locale.js';

/** What decided the order, strongest first; `null` when nothing did (readers then fall back to day-first). */
export type DateOrderBasis = 'dates' | 'country' | 'habit' | 'language' | 'currency';

export interface DateOrderDecision {
  order: 'DMY' | 'MDY' | null;
  basis: DateOrderBasis | null;
}

export interface DocumentEvidence {
  /** The document's text, line by line. */
  samples: readonly string[];
  /** ISO 639-1 language of its labels or words, when known. */
  language: string | null;
  /** ISO 4217 currency found from signs and codes, when any. */
  currency: string | null;
}

/** Month-first numeric dates are a North American habit; Canada writes both, so it decides nothing. */
const COUNTRY_ORDER: Readonly<Record<Country, 'DMY' | 'MDY' | null>> = {
  US: 'MDY',
  CA: null,
  GB: 'DMY',
  AU: 'DMY',
  IN: 'DMY',
  ID: 'DMY',
  EU: 'DMY',
  CH: 'DMY',
};

/** Below this lead, country cues are too thin to decide (one telephone number, one tax word). */
const COUNTRY_MARGIN = 1;

function orderFromCountries(votes: ReadonlyMap<Country, number>): 'DMY' | 'MDY' | null {
  let dmy = 0;
  let mdy = 0;
  for (const [country, points] of votes) {
    const order = COUNTRY_ORDER[country];
    if (order === 'DMY') dmy += points;
    else if (order === 'MDY') mdy += points;
  }
  if (Math.abs(dmy - mdy) < COUNTRY_MARGIN) return null;
  return dmy > mdy ? 'DMY' : 'MDY';
}

/**
 * The document's numeric date order. Evidence, strongest first:
 * 1. its own dates: one that is only readable one way (13/04/2026, 04/13/2026) decides (the majority, if mixed);
 * 2. its country cues (US state + ZIP, +1 telephone numbers, Sales Tax: month-first; UK postcodes, EU VAT numbers,
 *    ABN, GSTIN, NPWP ...: day-first);
 * 3. the habits of its other dates (dotted dates, "15 March" vs "March 15");
 * 4. its language: every supported language but English writes day-first;
 * 5. its currency: a US-dollar document without other cues is month-first, any other currency day-first.
 * Year-first dates (2026-04-13) say nothing and are read as such whatever the decision.
 */
export function decideDateOrder(
  evidence: DocumentEvidence,
  countries = countryVotes(evidence.samples),
): DateOrderDecision {
  const { proof, habit } = dateOrderEvidence(evidence.samples);
  if (proof.dmy !== proof.mdy) return { order: proof.dmy > proof.mdy ? 'DMY' : 'MDY', basis: 'dates' };
  const byCountry = orderFromCountries(countries);
  if (byCountry) return { order: byCountry, basis: 'country' };
  if (habit.dmy !== habit.mdy) return { order: habit.dmy > habit.mdy ? 'DMY' : 'MDY', basis: 'habit' };
  if (evidence.language && evidence.language !== 'en') return { order: 'DMY', basis: 'language' };
  if (evidence.currency === 'USD') return { order: 'MDY', basis: 'currency' };
  if (evidence.currency) return { order: 'DMY', basis: 'currency' };
  return { order: null, basis: null };
}

/**
 * The currency of a document that prints none: its country's, when the country is clear and has one currency. The
 * EU has several: there it is the euro when the document names euro-area states only (euro-area.ts).
 */
export function currencyFromCountry(
  countries: ReadonlyMap<Country, number>,
  samples: readonly string[],
): { currency: string; country: Country } | null {
  const country = leadingCountry(countries);
  if (!country) return null;
  const currency =
    country === 'EU' ? (namesOnlyEuroArea(samples.join('\n')) ? 'EUR' : null) : COUNTRY_CURRENCY[country];
  return currency ? { currency, country } : null;
}

export type { DateOrder };
