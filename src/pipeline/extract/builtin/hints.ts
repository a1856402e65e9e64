// Document-wide conventions read once before any field: the decimal separator, the numeric date order, the
// currency and the language. Every value parser below gets them, so "1.234" and "03/04/2026" are read the way the
// rest of the document writes numbers and dates.
import {
  LABEL_FIELDS,
  LABEL_LANGUAGES,
  detectCurrency,
  detectDecimalSeparator,
  findAmounts,
  isActiveCurrencyCode,
  labelVariants,
  matchLabel,
  normalizeLabel,
  resolveCurrencySymbol,
  type DateOrder,
  type DecimalSeparator,
  type FindAmountsHint,
  type LabelLanguage,
} from '../parse/index.js';
import { countryVotes, showsCountry, type Country } from '../parse/country-cues.js';
import { namesOnlyEuroArea, namesStateOutsideEuroArea } from '../parse/euro-area.js';
import { CURRENCY_SYMBOL_PATTERN } from '../parse/currency.js';
import { currencyFromCountry, decideDateOrder } from '../parse/document-conventions.js';
import type { Layout, Segment } from './layout/layout.js';

export interface DocumentHints {
  decimalSeparator: DecimalSeparator | null;
  dateOrder: DateOrder | null;
  /** ISO 4217 code the document is priced in, or null without evidence. */
  currency: string | null;
  /** The segment that shows the currency (a code, a symbol, a "Currency:" value), for provenance. */
  currencySegment: Segment | null;
  /** The currency is inferred from the language and the decimal comma alone (currencyFromLanguage): less sure. */
  currencyInferred: boolean;
  /** ISO 639-1 code of the label language (en, de, fr, es, it, nl), or null. */
  language: LabelLanguage | null;
  /** Thousands are grouped with plain spaces ("1 234,56"): French habit, also seen elsewhere. */
  spaceGrouping: boolean;
}

/** The hint every amount reader of the engine uses. */
export function amountHint(hints: DocumentHints): FindAmountsHint {
  return { decimalSeparator: hints.decimalSeparator, currency: hints.currency, spaceGrouping: hints.spaceGrouping };
}

/** A cell holding nothing but a space-grouped amount ("2 150,00 €"): evidence that spaces group thousands. */
const SPACE_GROUPED_CELL = /^[€$£]?\s?\d{1,3}(?: \d{3})+[.,]\d{2}\s?(?:[€$£]|EUR|CHF)?$/u;

/** Dictionary label (normalized) -> the languages it belongs to. */
const LABEL_LANGUAGE_INDEX = (() => {
  const index = new Map<string, Set<LabelLanguage>>();
  for (const field of LABEL_FIELDS) {
    for (const language of LABEL_LANGUAGES) {
      for (const variant of labelVariants(field, language)) {
        const key = normalizeLabel(variant);
        const set = index.get(key) ?? new Set<LabelLanguage>();
        set.add(language);
        index.set(key, set);
      }
    }
  }
  return index;
})();

/** Votes of the labels found in the segments; a label shared by several languages splits its vote. */
function detectLabelLanguage(segments: readonly Segment[]): LabelLanguage | null {
  const votes = new Map<LabelLanguage, number>();
  for (const segment of segments.slice(0, 600)) {
    for (const match of matchLabel(segment.text)) {
      if (match.confidence < 0.7) continue;
      const languages = LABEL_LANGUAGE_INDEX.get(normalizeLabel(match.label));
      if (!languages) continue;
      for (const language of languages) votes.set(language, (votes.get(language) ?? 0) + 1 / languages.size);
    }
  }
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < 1.5 || (second && best[1] - second[1] < 1)) return null;
  return best[0];
}

const SYMBOL_SCAN = new RegExp(`(?<![\\p{L}])(${CURRENCY_SYMBOL_PATTERN})(?![\\p{L}])`, 'u');

/** The first segment showing the currency: its code as a word, then an amount priced in it, then its symbol. */
function currencyEvidence(
  segments: readonly Segment[],
  currency: string,
  decimalSeparator: DecimalSeparator | null,
): Segment | null {
  const code = new RegExp(`(?<![\\p{L}\\p{N}])${currency}(?![\\p{L}])`, 'u');
  const byCode = segments.find((s) => code.test(s.text));
  if (byCode) return byCode;
  const byAmount = segments.find((s) =>
    findAmounts(s.text, { decimalSeparator, currency }).some((a) => a.currency === currency),
  );
  if (byAmount) return byAmount;
  return (
    segments.find((s) => {
      const symbol = SYMBOL_SCAN.exec(s.text)?.[1];
      return symbol !== undefined && resolveCurrencySymbol(symbol, currency) === currency;
    }) ?? null
  );
}

/** "Währung: EUR", "Currency  USD": a code printed after a currency label beats symbols seen elsewhere. */
function labelledCurrency(layout: Layout): { code: string; segment: Segment } | null {
  for (const line of layout.lines) {
    const first = line.segments[0];
    if (!first) continue;
    const label = matchLabel(first.text, { fields: ['currency'] }).find((m) => m.start === 0);
    if (!label) continue;
    for (const segment of line.segments) {
      const from = segment === first ? label.end : 0;
      const code = /(?<![\p{L}])([A-Z]{3})(?![\p{L}])/u.exec(segment.text.slice(from))?.[1];
      if (code && isActiveCurrencyCode(code)) return { code, segment };
    }
  }
  return null;
}

/** The segment that shows where a currency decided from the country comes from: the state named, or the cue. */
function showsCurrencyCountry(text: string, decided: { currency: string; country: Country }): boolean {
  if (decided.country === 'EU' && decided.currency === 'EUR') return namesOnlyEuroArea(text);
  return showsCountry(text, decided.country);
}

/** Label languages whose decimal-comma documents are priced in euros when they print no currency (below). */
const EURO_LANGUAGES: ReadonlySet<LabelLanguage> = new Set(['de', 'fr', 'es', 'it', 'nl']);
const DECIMAL_COMMA_AMOUNT = /(?<![\d.,])\d{1,3}(?:[. \u00A0\u202F]?\d{3})*,\d{2}(?![\d.,])/u;

/**
 * The euro for a document that shows no currency and no country outside the euro area, but German, French,
 * Spanish, Italian or Dutch labels and decimal commas: the countries writing so are the euro area but for
 * Switzerland (which prints "CHF" and decimal points) and Latin America (which prints "$"). OCR loses the "€"
 * (PaddleOCR's alphabet has none) and, on photos, often the "EUR", the VAT id and the IBAN that would show it. The
 * segment is the first amount with a decimal comma; the field's confidence is lower (layout-extract.ts).
 */
function currencyFromLanguage(
  language: LabelLanguage | null,
  decimalSeparator: DecimalSeparator | null,
  segments: readonly Segment[],
): { currency: string; segment: Segment } | null {
  if (language === null || !EURO_LANGUAGES.has(language) || decimalSeparator !== ',') return null;
  const segment = segments.find((s) => DECIMAL_COMMA_AMOUNT.test(s.text));
  return segment ? { currency: 'EUR', segment } : null;
}

export function readHints(layout: Layout): DocumentHints {
  const texts = layout.segments.map((s) => s.text);
  const lines = layout.lines.map((l) => l.text);
  const decimalSeparator = detectDecimalSeparator(texts);
  const labelled = labelledCurrency(layout);
  const countries = countryVotes(lines);
  const found = labelled?.code ?? detectCurrency(texts.join('\n'));
  // A document printing no currency at all is priced in its country's (an Indonesian receipt's "174,600"); the
  // segment that shows the country (its NPWP, its ZIP code) is the evidence.
  const byCountry = found ? null : currencyFromCountry(countries, lines);
  const language = detectLabelLanguage(layout.segments);
  // Only where nothing points elsewhere: no country but the EU's tax words, no member state outside the euro area
  // (the text is scanned for member states only when neither a printed currency nor a country decided).
  const byLanguage =
    found ||
    byCountry ||
    [...countries.keys()].some((country) => country !== 'EU') ||
    namesStateOutsideEuroArea(lines.join('\n'))
      ? null
      : currencyFromLanguage(language, decimalSeparator, layout.segments);
  const currency = found ?? byCountry?.currency ?? byLanguage?.currency ?? null;
  // Decided once from the whole document, then every date is read with it (see decideDateOrder).
  const dateOrder = decideDateOrder({ samples: lines, language, currency }, countries).order;
  return {
    decimalSeparator,
    dateOrder,
    currency,
    currencySegment:
      labelled?.segment ??
      byLanguage?.segment ??
      (byCountry
        ? (layout.segments.find((s) => showsCurrencyCountry(s.text, byCountry)) ?? null)
        : currency
          ? currencyEvidence(layout.segments, currency, decimalSeparator)
          : null),
    currencyInferred: byLanguage !== null,
    language,
    spaceGrouping: language === 'fr' || texts.some((t) => SPACE_GROUPED_CELL.test(t)),
  };
}
