// Document-wide conventions read once per document: the decimal separator, the currency, the numeric date order
// and the language, from all of its text. Value readers get them as hints.
import { detectCurrency, detectDecimalSeparator } from '../parse/index.js';
import { decideDateOrder } from '../parse/document-conventions.js';
import { STOP_WORDS } from '../language/index.js';
import { foldAccents } from '../parse/text.js';
import type { Layout } from './layout.js';
import type { ValueContext } from './values.js';

const STOP_SETS = Object.entries(STOP_WORDS).map(([language, words]) => [language, new Set(words)] as const);
const MIN_LANGUAGE_HITS = 3;
const MAX_SAMPLE_WORDS = 5_000;

/** The document's language (en, de, fr, es, it, nl) from its common words, or null when the evidence is thin. */
export function detectLanguage(layout: Layout): string | null {
  const scores = new Map<string, number>();
  let seen = 0;
  for (const line of layout.lines) {
    for (const token of foldAccents(line.text).split(/[^\p{L}]+/u)) {
      if (token.length === 0 || ++seen > MAX_SAMPLE_WORDS) continue;
      for (const [language, words] of STOP_SETS)
        if (words.has(token)) scores.set(language, (scores.get(language) ?? 0) + 1);
    }
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < MIN_LANGUAGE_HITS || (second && second[1] === best[1])) return null;
  return best[0];
}

export function valueContext(layout: Layout): ValueContext & { language: string | null } {
  const texts = layout.lines.map((l) => l.text);
  const language = detectLanguage(layout);
  const currency = detectCurrency(texts.join('\n'));
  // One decision for the whole document, as the invoice engine takes it (dates, country cues, language, currency).
  const dateOrder = decideDateOrder({ samples: texts, language, currency }).order;
  return { decimalSeparator: detectDecimalSeparator(texts), currency, dateOrder, locale: language, language };
}
