// The language module: every word list names every supported language, and no language's list is empty, so a
// document in any of them meets the same labels. The compiler checks the keys (ByLanguage); this checks the
// contents, which the compiler cannot.
import { describe, expect, it } from 'vitest';
import * as language from '../../../../src/pipeline/extract/language/index.js';
import { LANGUAGES, type ByLanguage, type PhrasesByLanguage } from '../../../../src/pipeline/extract/language/index.js';
import { LABEL_LANGUAGES } from '../../../../src/pipeline/extract/parse/label-fields.js';

const isPhraseList = (value: unknown): value is readonly PhrasesByLanguage<string>[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'object' && entry !== null && 'phrases' in entry);
const isWordList = (value: unknown): value is ByLanguage =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'en' in value;

/** Every list the module exports, named for the report: `EXPORT` or `EXPORT.field`. */
function allLists(): Array<[string, ByLanguage]> {
  const lists: Array<[string, ByLanguage]> = [];
  for (const [name, value] of Object.entries(language)) {
    if (isPhraseList(value)) for (const spec of value) lists.push([`${name}.${spec.field}`, spec.phrases]);
    else if (isWordList(value)) lists.push([name, value]);
  }
  return lists;
}

describe('language module', () => {
  it('supports the languages of the shared label dictionary', () => {
    expect([...LANGUAGES]).toEqual([...LABEL_LANGUAGES]);
  });

  it('finds the lists it checks', () => {
    const names = allLists().map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'STOP_WORDS',
        'PAYMENT_DESCRIPTION_WORDS',
        'ORDER_LABEL_PHRASES.title_po',
        'GRN_COLUMN_PHRASES.qty_received',
        'STATEMENT_COLUMN_PHRASES.amount',
      ]),
    );
    expect(names.length).toBeGreaterThan(60);
  });

  it.each(allLists())('%s has words in every language', (name, lists) => {
    expect(Object.keys(lists).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      const words = lists[lang];
      for (const word of words) expect(word).toBe(word.trim());
      expect(words.every((w) => w.length > 0)).toBe(true);
      expect(words.length, `${name} has no ${lang} words`).toBeGreaterThan(0);
    }
  });
});
