// Features of the learned email-intent model: hashed word unigrams and bigrams and character 3-5-grams of each
// field of the email (subject, the author's own text, forwarded subject and text, quoted reply text), read after
// folding (lower case, accents removed) with numbers, amounts, dates, references, links and addresses replaced by
// placeholder tokens, plus the rule engine's outputs (its total and which cues fired). Each field has its own
// namespace, so "rechnung" in a quoted request is a different feature from "rechnung" in the subject.
import { NEGATORS } from '../cues.js';
import type { Field } from '../email.js';
import { splitEmailBody } from '../quotes.js';
import { foldFlat } from '../text.js';

/** A sparse feature vector: parallel arrays of hashed indices (sorted, unique) and values. */
export interface SparseVector {
  indices: Int32Array;
  values: Float64Array;
}

/** What the rule engine said about the email (see assessRules in email.ts). */
export interface RuleSignals {
  /** The rules' total before the threshold. */
  total: number;
  /** Whether the rules alone classify the email as invoice. */
  saysInvoice: boolean;
  /** Names of cues and email-level rules that counted, e.g. "+invoice_noun", "-payment_received", "settles". */
  signals: string[];
}

export type FeatureSet = 'text' | 'text+rules';

/** Hashed dimensions: 2^18 keeps collisions among ~100k distinct n-grams rare. */
export const HASH_BITS = 18;
const HASH_MASK = (1 << HASH_BITS) - 1;
/** Only this much of a field is read: n-grams of a very long body add cost, not evidence. */
const MAX_FIELD_CHARS = 4_000;
const MAX_QUOTED_CHARS = 1_500;

/** FNV-1a over UTF-16 code units: fast, stable across runs and platforms. */
export function hashFeature(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & HASH_MASK;
}

/**
 * Folded text with concrete values replaced by placeholders: what matters is that an amount or an invoice number
 * is there, not which one (a model must not learn "RE-8812" as invoice evidence).
 */
export function normalizeForModel(text: string): string {
  return foldFlat(text.slice(0, MAX_FIELD_CHARS))
    .replace(/\bhttps?:\/\/\S+|\bwww\.\S+/g, ' zurl ')
    .replace(/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g, ' zmail ')
    .replace(/\b\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\b/g, ' zdate ')
    .replace(
      /(?:[$€£]|\b(?:eur|usd|gbp|chf|brl)\b) ?\d[\d.,']*\d|\b\d[\d.,']*[.,]\d{2}\b(?: ?(?:[$€£]|(?:eur|usd|gbp|chf|brl)\b))?/g,
      ' zamount ',
    )
    .replace(/\b(?=[\w/-]*\d)(?=[\w/-]*[a-z/-])[a-z0-9]+(?:[/-][a-z0-9]+)+\b|\b[a-z]{1,4}\d{3,}\b/g, ' zref ')
    .replace(/\d+/g, ' znum ')
    .replace(/\s+/g, ' ')
    .trim();
}

const WORD = /[\p{L}\p{N}]+/gu;

class FeatureBag {
  private readonly counts = new Map<number, number>();

  add(name: string, value = 1): void {
    const index = hashFeature(name);
    this.counts.set(index, (this.counts.get(index) ?? 0) + value);
  }

  /** n-grams of one namespace, each counted once, scaled so the namespace has unit length. */
  addNormalized(names: Iterable<string>, weight = 1): void {
    const unique = new Set(names);
    if (unique.size === 0) return;
    const value = weight / Math.sqrt(unique.size);
    for (const name of unique) this.add(name, value);
  }

  toVector(): SparseVector {
    const entries = [...this.counts.entries()].sort((a, b) => a[0] - b[0]);
    return { indices: Int32Array.from(entries, (e) => e[0]), values: Float64Array.from(entries, (e) => e[1]) };
  }
}

function* wordGrams(prefix: string, text: string): Generator<string> {
  const words = text.match(WORD) ?? [];
  for (let i = 0; i < words.length; i += 1) {
    yield `${prefix}w:${words[i]}`;
    if (i + 1 < words.length) yield `${prefix}b:${words[i]} ${words[i + 1]}`;
  }
}

/** How many words after a negator, within its clause, are read as negated. */
const NEGATION_SCOPE = 3;

/**
 * Words in the scope of a negator ("has not yet been paid", "noch nicht bezahlt", "pas encore réglée", "nog niet
 * betaald"), marked as such: a reminder and a payment confirmation share their words and differ in polarity, which
 * unigrams and bigrams ("been paid") do not see.
 */
function* negatedWords(prefix: string, text: string): Generator<string> {
  for (const clause of text.split(/[.!?;:,()]|\s[-\u2013\u2014]\s/)) {
    let scope = 0;
    for (const word of clause.match(WORD) ?? []) {
      if (NEGATORS.has(word)) {
        scope = NEGATION_SCOPE;
        continue;
      }
      if (scope > 0) {
        yield `${prefix}n:${word}`;
        scope -= 1;
      }
    }
  }
}

function* charGrams(prefix: string, text: string): Generator<string> {
  const padded = ` ${text} `;
  for (let n = 3; n <= 5; n += 1) {
    for (let i = 0; i + n <= padded.length; i += 1) yield `${prefix}c:${padded.slice(i, i + n)}`;
  }
}

/** The namespace of a field: s (subject), b (own text), fs/fb (forwarded subject and text, any depth). */
function namespaceOf(field: Field): string {
  if (field.name === 'subject') return 's';
  if (field.name === 'body') return 'b';
  return field.name.endsWith('.subject') ? 'fs' : 'fb';
}

/**
 * The feature vector of an email from its fields (email.ts fieldsOf), its raw body (for the quoted reply text) and,
 * for the 'text+rules' set, the rule engine's signals.
 */
export function emailFeatures(
  fields: readonly Field[],
  body: string,
  rules: RuleSignals | null,
  set: FeatureSet,
): SparseVector {
  const bag = new FeatureBag();
  bag.add('bias');
  const byNamespace = new Map<string, string[]>();
  for (const field of fields) {
    const ns = namespaceOf(field);
    byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), normalizeForModel(field.text)]);
  }
  for (const [ns, texts] of byNamespace) {
    const text = texts.join(' | ');
    if (text === '') continue;
    bag.add(`has:${ns}`);
    bag.addNormalized(wordGrams(`${ns}:`, text));
    bag.addNormalized(negatedWords(`${ns}:`, text));
    bag.addNormalized(charGrams(`${ns}:`, text));
  }
  const parts = splitEmailBody(body);
  if (parts.quoteKind === 'reply' && parts.quoted !== '') {
    // Quoted text is someone else's earlier message: words only, weighed lower, in its own namespace.
    bag.add('has:q');
    bag.addNormalized(wordGrams('q:', normalizeForModel(parts.quoted.slice(0, MAX_QUOTED_CHARS))), 0.5);
  }
  if (set === 'text+rules' && rules !== null) {
    // The rules' total, squashed to about -1..1, beside which cues fired: the model learns how far to trust them.
    bag.add('rule:total', Math.max(-2, Math.min(2, rules.total / 4)));
    bag.add(rules.saysInvoice ? 'rule:says_invoice' : 'rule:says_not_invoice');
    for (const signal of new Set(rules.signals)) bag.add(`rule:${signal}`, 0.5);
  }
  return bag.toVector();
}
