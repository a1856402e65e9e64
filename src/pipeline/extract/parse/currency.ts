// Currency from ISO codes and symbols. Symbols are often shared ($ by a dozen currencies, kr by four, ¥ by two), so
// each has a default and the alternatives a document-level currency may pick; "kr" has no default at all.
import { isActiveCurrencyCode } from './iso4217.js';

interface SymbolRule {
  /** The currency meant when nothing else is known; null when guessing would be wrong too often. */
  fallback: string | null;
  /** Currencies that write the same symbol: a document currency among them wins over the fallback. */
  alternatives: readonly string[];
}

const DOLLAR_CURRENCIES = [
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'HKD',
  'SGD',
  'MXN',
  'TWD',
  'BSD',
  'BBD',
  'BZD',
  'BMD',
  'BND',
  'FJD',
  'GYD',
  'JMD',
  'KYD',
  'LRD',
  'NAD',
  'SBD',
  'SRD',
  'TTD',
  'XCD',
  'ARS',
  'CLP',
  'COP',
  'CUP',
  'DOP',
  'UYU',
];

/**
 * Currency symbols and abbreviations as printed next to amounts. Matching is case-sensitive except where a
 * lower-case form is listed too. Longer forms come first so that "CA$" is not read as "$".
 */
const SYMBOLS: ReadonlyArray<readonly [string, SymbolRule]> = [
  ['US$', { fallback: 'USD', alternatives: [] }],
  ['CA$', { fallback: 'CAD', alternatives: [] }],
  ['CAD$', { fallback: 'CAD', alternatives: [] }],
  ['AU$', { fallback: 'AUD', alternatives: [] }],
  ['NZ$', { fallback: 'NZD', alternatives: [] }],
  ['HK$', { fallback: 'HKD', alternatives: [] }],
  ['MX$', { fallback: 'MXN', alternatives: [] }],
  ['NT$', { fallback: 'TWD', alternatives: [] }],
  ['R$', { fallback: 'BRL', alternatives: [] }],
  ['C$', { fallback: 'CAD', alternatives: ['NIO'] }],
  ['A$', { fallback: 'AUD', alternatives: [] }],
  ['S$', { fallback: 'SGD', alternatives: [] }],
  ['$', { fallback: 'USD', alternatives: DOLLAR_CURRENCIES }],
  ['€', { fallback: 'EUR', alternatives: [] }],
  ['£', { fallback: 'GBP', alternatives: ['EGP', 'GIP', 'FKP', 'SHP', 'SYP', 'LBP'] }],
  ['¥', { fallback: 'JPY', alternatives: ['CNY'] }],
  ['￥', { fallback: 'JPY', alternatives: ['CNY'] }],
  ['元', { fallback: 'CNY', alternatives: [] }],
  ['RMB', { fallback: 'CNY', alternatives: [] }],
  ['₹', { fallback: 'INR', alternatives: [] }],
  ['Rs.', { fallback: 'INR', alternatives: ['PKR', 'LKR', 'NPR', 'MUR', 'SCR'] }],
  ['Rs', { fallback: 'INR', alternatives: ['PKR', 'LKR', 'NPR', 'MUR', 'SCR'] }],
  ['SFr.', { fallback: 'CHF', alternatives: [] }],
  ['Fr.', { fallback: 'CHF', alternatives: [] }],
  ['kr.', { fallback: null, alternatives: ['SEK', 'NOK', 'DKK', 'ISK'] }],
  ['kr', { fallback: null, alternatives: ['SEK', 'NOK', 'DKK', 'ISK'] }],
  ['Kr', { fallback: null, alternatives: ['SEK', 'NOK', 'DKK', 'ISK'] }],
  ['zł', { fallback: 'PLN', alternatives: [] }],
  ['Kč', { fallback: 'CZK', alternatives: [] }],
  ['Ft', { fallback: 'HUF', alternatives: [] }],
  ['lei', { fallback: 'RON', alternatives: ['MDL'] }],
  ['лв', { fallback: 'BGN', alternatives: [] }],
  ['₽', { fallback: 'RUB', alternatives: [] }],
  ['₺', { fallback: 'TRY', alternatives: [] }],
  ['₩', { fallback: 'KRW', alternatives: [] }],
  ['₪', { fallback: 'ILS', alternatives: [] }],
  ['₱', { fallback: 'PHP', alternatives: [] }],
  ['฿', { fallback: 'THB', alternatives: [] }],
  ['₫', { fallback: 'VND', alternatives: [] }],
  ['₴', { fallback: 'UAH', alternatives: [] }],
  ['₦', { fallback: 'NGN', alternatives: [] }],
  // Ringgit and rupiah, as Malaysian and Indonesian receipts print them ("RM 13.30", "Rp 44.900").
  ['RM', { fallback: 'MYR', alternatives: [] }],
  ['Rp.', { fallback: 'IDR', alternatives: [] }],
  ['Rp', { fallback: 'IDR', alternatives: [] }],
  ['R', { fallback: 'ZAR', alternatives: [] }],
];

const SYMBOL_RULES = new Map<string, SymbolRule>(SYMBOLS);

/** Escaped alternation of every symbol, longest first, for building regular expressions. */
export const CURRENCY_SYMBOL_PATTERN = SYMBOLS.map(([s]) => s)
  .sort((a, b) => b.length - a.length)
  .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');

/** Symbols that are letters only: they need a word boundary and an amount next to them to count as currency. */
const LETTER_SYMBOLS = new Set(SYMBOLS.map(([s]) => s).filter((s) => /^\p{L}+\.?$/u.test(s)));

/** True when the symbol is spelled with letters (kr, Ft, Rs, R, lei, ...), i.e. could also be an ordinary word. */
function isLetterSymbol(symbol: string): boolean {
  return LETTER_SYMBOLS.has(symbol);
}

/**
 * The ISO code a currency symbol or code stands for. `documentCurrency` (e.g. from {@link detectCurrency} over the
 * whole document) resolves shared symbols: "$" with CAD -> CAD; "kr" with SEK -> SEK, otherwise null.
 * ISO codes are accepted in any letter case ("eur" -> EUR) when they are active currencies.
 */
export function resolveCurrencySymbol(symbol: string, documentCurrency?: string | null): string | null {
  const rule = SYMBOL_RULES.get(symbol);
  if (rule) {
    if (documentCurrency && rule.alternatives.includes(documentCurrency)) return documentCurrency;
    return rule.fallback;
  }
  const upper = symbol.toUpperCase();
  return isActiveCurrencyCode(upper) ? upper : null;
}

/** Currencies accepted as an ISO code anywhere in the text; other codes count only when printed beside a number. */
const COMMON_CODES = new Set([
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'JPY',
  'CNY',
  'CAD',
  'AUD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'ISK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'INR',
  'SGD',
  'HKD',
  'ZAR',
  'BRL',
  'MXN',
  'RUB',
  'TRY',
  'AED',
  'SAR',
  'ILS',
  'KRW',
  'TWD',
  'THB',
]);

const MAX_SCAN_CHARS = 200_000;
/** Symbols too short to tell from ordinary text in a document ("R8765" is an invoice number, not rand). */
const NOT_SCANNED = new Set(['R']);
const CODE_PATTERN = /(?<![\p{L}\p{N}])([A-Z]{3})(?![\p{L}])/gu;
const SYMBOL_SCAN = new RegExp(`(?<![\\p{L}])(${CURRENCY_SYMBOL_PATTERN})(?![\\p{L}])`, 'gu');
const CURRENCY_LABEL = /(?:currency|w[äa]hrung|devise|moneda|divisa|valuta|munt)\s*[:.]?\s*$/iu;

/** A digit within two characters before `start` or after `end`. */
/** "(RM)", "[EUR]": the text at start..end is all that stands in its brackets. */
function inBrackets(text: string, start: number, end: number): boolean {
  return /[([]\s?$/u.test(text.slice(Math.max(0, start - 2), start)) && /^\s?[)\]]/u.test(text.slice(end, end + 2));
}

function besideNumber(text: string, start: number, end: number): boolean {
  return /\d/.test(text.slice(Math.max(0, start - 2), start)) || /^.{0,2}\d/su.test(text.slice(end, end + 3));
}

/**
 * The currency a text (a line, a block or a whole document) is priced in, as an ISO 4217 code, or null.
 *
 * Evidence, strongest first: an active ISO code printed beside a number or after a "Currency:" label (3 points),
 * an unambiguous symbol (€, £, ₹, zł, CA$ ...: 2 points beside a number or alone in brackets, "AMT(RM)", 1
 * elsewhere; letter symbols such as "RM" count only beside a number or in brackets; the lone
 * letter "R" for rand is not scanned), a common ISO code anywhere (EUR, USD, CHF ...: 1 point).
 * Rarer codes that are also words (ALL, TOP, CUP, MAD ...) count only beside a number. Shared symbols follow the
 * codes present: "$" is USD unless a dollar currency's code (CAD, AUD ...) appears; "kr" gives nothing by itself
 * (SEK, NOK, DKK and ISK all write it) and "¥" is JPY unless CNY/RMB appears. The highest total wins; a tie goes to
 * the currency seen first. Only the first 200,000 characters are read.
 */
export function detectCurrency(text: string): string | null {
  const scanned = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  const scores = new Map<string, { points: number; first: number }>();
  const add = (code: string, points: number, at: number): void => {
    const entry = scores.get(code);
    if (entry) entry.points += points;
    else scores.set(code, { points, first: at });
  };

  for (const m of scanned.matchAll(CODE_PATTERN)) {
    const code = m[1] as string;
    if (!isActiveCurrencyCode(code)) continue;
    const at = m.index;
    // "SDN BHD", "SDN.BHD": Sendirian Berhad, the Malaysian legal form, not the Bahraini dinar.
    if (code === 'BHD' && /sdn\.?\s?$/iu.test(scanned.slice(Math.max(0, at - 5), at))) continue;
    const labelled = CURRENCY_LABEL.test(scanned.slice(Math.max(0, at - 20), at));
    if (labelled || besideNumber(scanned, at, at + 3)) add(code, 3, at);
    else if (COMMON_CODES.has(code)) add(code, 1, at);
  }

  const sharedSymbols: Array<{ symbol: string; at: number; points: number }> = [];
  for (const m of scanned.matchAll(SYMBOL_SCAN)) {
    const symbol = m[1] as string;
    const at = m.index;
    if (NOT_SCANNED.has(symbol)) continue;
    // Beside an amount, or a column's unit in brackets ("AMT(RM)", "Betrag (€)"): a sign anywhere else is weaker,
    // as OCR makes a "$" of a "%" or an "S" ("TAX CODE $" in a GST summary), and a letter symbol is then a word.
    const priced = besideNumber(scanned, at, at + symbol.length) || inBrackets(scanned, at, at + symbol.length);
    if (isLetterSymbol(symbol) && !priced) continue;
    const points = priced ? 2 : 1;
    const rule = SYMBOL_RULES.get(symbol);
    if (!rule) continue;
    if (rule.alternatives.length === 0 && rule.fallback) add(rule.fallback, points, at);
    else sharedSymbols.push({ symbol, at, points });
  }
  // Shared symbols are resolved after all codes are known, so "$ 12.00 ... CAD" counts as CAD, not USD.
  const codesSeen = [...scores.keys()];
  for (const { symbol, at, points } of sharedSymbols) {
    const rule = SYMBOL_RULES.get(symbol) as SymbolRule;
    const code = codesSeen.find((c) => rule.alternatives.includes(c)) ?? rule.fallback;
    if (code) add(code, points, at);
  }

  let best: string | null = null;
  let bestEntry = { points: 0, first: Infinity };
  for (const [code, entry] of scores) {
    if (entry.points > bestEntry.points || (entry.points === bestEntry.points && entry.first < bestEntry.first)) {
      best = code;
      bestEntry = entry;
    }
  }
  return best;
}
