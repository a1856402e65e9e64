// Locales: how a country's documents print dates, numbers and money, and which tax rates they charge. Each locale
// offers several printings (long or numeric dates, grouping or none, symbol or code) because issuers differ.
import type { Language } from './words.js';

export type LocaleId = 'en-US' | 'en-GB' | 'de-DE' | 'fr-FR' | 'es-ES' | 'it-IT' | 'nl-NL';
export type Country = 'US' | 'GB' | 'DE' | 'FR' | 'ES' | 'IT' | 'NL';

export type DateStyle =
  | { kind: 'numeric'; order: 'mdy' | 'dmy' | 'ymd'; separator: string; pad: boolean }
  /** "March 5, 2025" (en-US), "5 March 2025", "5. März 2025", "5 de marzo de 2025". */
  | { kind: 'long'; pattern: string };

export interface NumberStyle {
  decimal: '.' | ',';
  /** '' prints no grouping (1234,56). */
  group: string;
}

export interface CurrencyStyle {
  code: string;
  symbol: string;
  /** Where the symbol (or code) goes, and whether a space separates it. */
  position: 'before' | 'after';
  space: boolean;
  /** Print the ISO code instead of the symbol. */
  useCode: boolean;
}

export interface Locale {
  id: LocaleId;
  language: Language;
  country: Country;
  dateStyles: readonly DateStyle[];
  numberStyles: readonly NumberStyle[];
  currencies: readonly CurrencyStyle[];
  /** Standard rates first; a reduced one sometimes. */
  taxRates: readonly number[];
  /** Page size in points: Letter in the US, A4 elsewhere. */
  page: { width: number; height: number };
}

const A4 = { width: 595.28, height: 841.89 };
const LETTER = { width: 612, height: 792 };

const euro = (position: 'before' | 'after'): CurrencyStyle[] => [
  { code: 'EUR', symbol: '€', position, space: true, useCode: false },
  { code: 'EUR', symbol: '€', position: 'after', space: true, useCode: true },
];

const dmy = (separator: string): DateStyle => ({ kind: 'numeric', order: 'dmy', separator, pad: true });
const iso: DateStyle = { kind: 'numeric', order: 'ymd', separator: '-', pad: true };

export const LOCALES: Record<LocaleId, Locale> = {
  'en-US': {
    id: 'en-US',
    language: 'en',
    country: 'US',
    dateStyles: [
      { kind: 'numeric', order: 'mdy', separator: '/', pad: true },
      { kind: 'numeric', order: 'mdy', separator: '/', pad: false },
      { kind: 'long', pattern: '{Month} {d}, {yyyy}' },
      { kind: 'long', pattern: '{Mon} {d}, {yyyy}' },
    ],
    numberStyles: [{ decimal: '.', group: ',' }],
    currencies: [
      { code: 'USD', symbol: '$', position: 'before', space: false, useCode: false },
      { code: 'USD', symbol: '$', position: 'before', space: true, useCode: true },
    ],
    taxRates: [0.0825, 0.07, 0.06, 0.0875, 0.05],
    page: LETTER,
  },
  'en-GB': {
    id: 'en-GB',
    language: 'en',
    country: 'GB',
    dateStyles: [
      dmy('/'),
      { kind: 'long', pattern: '{d} {Month} {yyyy}' },
      { kind: 'long', pattern: '{dd} {Mon} {yyyy}' },
    ],
    numberStyles: [{ decimal: '.', group: ',' }],
    currencies: [
      { code: 'GBP', symbol: '£', position: 'before', space: false, useCode: false },
      { code: 'EUR', symbol: '€', position: 'before', space: false, useCode: false },
    ],
    taxRates: [0.2, 0.05],
    page: A4,
  },
  'de-DE': {
    id: 'de-DE',
    language: 'de',
    country: 'DE',
    dateStyles: [dmy('.'), { kind: 'long', pattern: '{d}. {Month} {yyyy}' }],
    numberStyles: [
      { decimal: ',', group: '.' },
      { decimal: ',', group: '' },
    ],
    currencies: euro('after'),
    taxRates: [0.19, 0.07],
    page: A4,
  },
  'fr-FR': {
    id: 'fr-FR',
    language: 'fr',
    country: 'FR',
    dateStyles: [dmy('/'), { kind: 'long', pattern: '{d} {month} {yyyy}' }],
    numberStyles: [
      { decimal: ',', group: ' ' },
      { decimal: ',', group: '\u00a0' },
      { decimal: ',', group: '' },
    ],
    currencies: euro('after'),
    taxRates: [0.2, 0.1, 0.055],
    page: A4,
  },
  'es-ES': {
    id: 'es-ES',
    language: 'es',
    country: 'ES',
    dateStyles: [dmy('/'), dmy('-'), { kind: 'long', pattern: '{d} de {month} de {yyyy}' }],
    numberStyles: [{ decimal: ',', group: '.' }],
    currencies: euro('after'),
    taxRates: [0.21, 0.1],
    page: A4,
  },
  'it-IT': {
    id: 'it-IT',
    language: 'it',
    country: 'IT',
    dateStyles: [dmy('/'), dmy('.'), { kind: 'long', pattern: '{d} {month} {yyyy}' }],
    numberStyles: [{ decimal: ',', group: '.' }],
    currencies: euro('before'),
    taxRates: [0.22, 0.1],
    page: A4,
  },
  'nl-NL': {
    id: 'nl-NL',
    language: 'nl',
    country: 'NL',
    dateStyles: [dmy('-'), iso, { kind: 'long', pattern: '{d} {month} {yyyy}' }],
    numberStyles: [{ decimal: ',', group: '.' }],
    currencies: euro('before'),
    taxRates: [0.21, 0.09],
    page: A4,
  },
};

export const LOCALE_IDS = Object.keys(LOCALES) as LocaleId[];
