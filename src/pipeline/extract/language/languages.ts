// The languages docex reads labels in, and the shape every word list takes: one list per language. A list typed
// `ByLanguage` must name every language, so adding one to LANGUAGES does not compile until each list has it.
import type { LabelLanguage } from '../parse/label-fields.js';

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

export type ByLanguage<T = readonly string[]> = Readonly<Record<Language, T>>;

/** The phrases naming one field in every language, with one specificity weight for all of them (default 1). */
export interface PhrasesByLanguage<F extends string> {
  field: F;
  weight?: number;
  phrases: ByLanguage;
}

/** Every word of the lists, languages in LANGUAGES order, each word once (a word shared by languages is listed in each). */
export function inEveryLanguage(lists: ByLanguage): string[] {
  return [...new Set(LANGUAGES.flatMap((language) => lists[language]))];
}

const escapeRegExp = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every word of the lists as one regular-expression alternation (`a|b|c`), each word matched literally. */
export function wordAlternation(lists: ByLanguage): string {
  return inEveryLanguage(lists).map(escapeRegExp).join('|');
}

// The shared label dictionary (parse/label-fields) keeps its own language list until it moves here: the two must
// not drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const LABEL_DICTIONARY_LANGUAGES_MATCH: Same<Language, LabelLanguage> = true;
