// Locale facts taken from the ICU data built into Node (Intl), so that any BCP 47 tag works ("de-CH" writes
// 1'234.50, "de-DE" 1.234,50) without a hand-kept table. Results are cached; the cache is bounded because locale
// strings can come from documents.

export type DecimalSeparator = '.' | ',';

/** The order in which a locale writes numeric dates: day-month-year, month-day-year or year-month-day. */
export type DateOrder = 'DMY' | 'MDY' | 'YMD';

const MAX_CACHED_LOCALES = 64;
const decimalCache = new Map<string, DecimalSeparator | null>();
const spaceGroupingCache = new Map<string, boolean>();
const dateOrderCache = new Map<string, DateOrder | null>();

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= MAX_CACHED_LOCALES) cache.clear();
  cache.set(key, value);
  return value;
}

// Intl silently falls back to the default locale for tags it has no data for; a document hint must not turn
// into "en-US" by accident, so unknown tags are refused. Throws RangeError on malformed tags (caught by callers).
function isKnownLocale(locale: string): boolean {
  return Intl.NumberFormat.supportedLocalesOf(locale).length > 0;
}

/**
 * The decimal separator a locale prints in numbers ('.' for en, de-CH, en-IN; ',' for de, fr, es, it, nl).
 * Returns null for an unknown or malformed locale tag, or a locale whose separator is neither '.' nor ','.
 */
export function decimalSeparatorForLocale(locale: string): DecimalSeparator | null {
  const cached = decimalCache.get(locale);
  if (cached !== undefined) return cached;
  let separator: DecimalSeparator | null = null;
  try {
    if (!isKnownLocale(locale)) return remember(decimalCache, locale, null);
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
    if (part?.value === '.' || part?.value === ',') separator = part.value;
  } catch {
    separator = null;
  }
  return remember(decimalCache, locale, separator);
}

/**
 * The order of day, month and year in a locale's numeric dates (en-US: MDY, en-GB/de/fr/es/it/nl: DMY).
 * Note that ICU reads a bare "en" as en-US. Returns null for an unknown or malformed locale tag.
 */
export function dateOrderForLocale(locale: string): DateOrder | null {
  const cached = dateOrderCache.get(locale);
  if (cached !== undefined) return cached;
  let order: DateOrder | null = null;
  try {
    if (!isKnownLocale(locale)) return remember(dateOrderCache, locale, null);
    const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.UTC(2026, 2, 15)))
      .map((p) => p.type)
      .filter((t) => t === 'day' || t === 'month' || t === 'year');
    const key = parts.map((t) => t[0]?.toUpperCase()).join('');
    if (key === 'DMY' || key === 'MDY' || key === 'YMD') order = key;
  } catch {
    order = null;
  }
  return remember(dateOrderCache, locale, order);
}

/**
 * True when the locale groups thousands with a space (fr, and others printing "1 234"); such documents often
 * print plain spaces between digit groups. False for unknown locales.
 */
export function localeGroupsWithSpace(locale: string): boolean {
  const cached = spaceGroupingCache.get(locale);
  if (cached !== undefined) return cached;
  let spaced = false;
  try {
    if (isKnownLocale(locale)) {
      const group = new Intl.NumberFormat(locale).formatToParts(1234567).find((p) => p.type === 'group');
      spaced = group !== undefined && /^[\s\u00A0\u202F\u2009]$/u.test(group.value);
    }
  } catch {
    spaced = false;
  }
  return remember(spaceGroupingCache, locale, spaced);
}
