// Small text helpers shared by the parsers. They run on every word of every page, so they avoid allocation-heavy
// work (no per-call regex construction) and keep string lengths where callers map results back to offsets.

/** Space-like characters printed as digit-group separators or padding: NBSP, narrow NBSP, thin and figure space. */
const SPACE_LIKE = /[\u00A0\u202F\u2009\u2007\u2002-\u2006\u3000\t]/g;

/** Minus-like characters: Unicode minus, hyphen, figure dash and en dash (used as minus signs in print). */
const MINUS_LIKE = /[\u2212\u2010\u2011\u2012\u2013\uFE63\uFF0D]/g;

/** Replaces exotic spaces by a plain space and collapses runs; trims. */
export function normalizeSpaces(text: string): string {
  return text.replace(SPACE_LIKE, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Replaces Unicode minus and dash variants by ASCII '-'. Keeps the length. */
export function normalizeMinus(text: string): string {
  return text.replace(MINUS_LIKE, '-');
}

/**
 * Lower-cases and removes diacritics ("Rechnungsempfänger" -> "rechnungsempfanger", "ß" -> "ss").
 * The result may differ in length from the input; use {@link foldKeepLength} when offsets matter.
 */
export function foldAccents(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss');
}

/**
 * Like {@link foldAccents} but maps every UTF-16 unit to exactly one unit, so indexes into the result are indexes
 * into the input. Characters whose folded form is not a single unit are kept lower-cased as they are.
 */
export function foldKeepLength(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch.charCodeAt(0) < 0x80) {
      out += ch.toLowerCase();
      continue;
    }
    const lower = ch.toLowerCase();
    const folded = lower.normalize('NFD').replace(/\p{M}+/gu, '');
    if (folded.length === 1) out += folded;
    else out += lower.length === 1 ? lower : ch;
  }
  return out;
}

/** True for an ASCII digit. */
export function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

const ALPHANUMERIC = /^[\p{L}\p{N}]$/u;

/** True for a letter or a digit in any script. */
export function isAlphanumeric(ch: string | undefined): boolean {
  return ch !== undefined && ALPHANUMERIC.test(ch);
}
