// A small phrase dictionary matcher for labels the shared dictionary (parse/labels) does not hold: statement
// balances, goods-receipt fields, table headings. Matching ignores case, accents, punctuation and spacing the same
// way the shared matcher does ("Fälligkeits-Datum:" = "falligkeits datum"), tolerates the usual OCR confusions in
// words of four or more letters, and prefers the longest phrase ("Minimum payment due" over "Payment").
import { inEveryLanguage, type PhrasesByLanguage } from '../language/index.js';
import { foldAccents } from '../parse/text.js';

export interface PhraseSpec<F extends string> {
  field: F;
  /** How surely the phrase names the field, 0..1 (default 1). */
  weight?: number;
  phrases: readonly string[];
}

/** The matcher's specs of per-language phrase lists (language/): each field's phrases in every language. */
export function phraseSpecs<F extends string>(lists: readonly PhrasesByLanguage<F>[]): PhraseSpec<F>[] {
  return lists.map(({ field, weight, phrases }) => ({
    field,
    ...(weight === undefined ? {} : { weight }),
    phrases: inEveryLanguage(phrases),
  }));
}

/** A label found in a text; `text.slice(start, end)` is the label as printed. */
export interface LabelHit<F extends string = string> {
  field: F;
  label: string;
  start: number;
  end: number;
  confidence: number;
}

interface Token {
  norm: string;
  start: number;
  end: number;
}

interface Entry<F extends string> {
  field: F;
  label: string;
  weight: number;
}

const MAX_TEXT_CHARS = 400;
const NOT_FIRST_FACTOR = 0.8;
const OCR_FACTOR = 0.9;
const TOKEN = /(?<![\p{L}\p{N}])n\.?\s?[°º˚]|[#%&/]|[\p{L}\p{N}]+/giu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.slice(0, MAX_TEXT_CHARS).matchAll(TOKEN)) {
    const raw = m[0];
    let norm: string;
    if (raw === '#' || /[°º˚]$/.test(raw)) norm = 'no';
    else if (raw === '&') norm = 'and';
    else norm = foldAccents(raw);
    tokens.push({ norm, start: m.index, end: m.index + raw.length });
  }
  return tokens;
}

function ocrKey(key: string): string {
  return key
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/0/g, 'o')
    .replace(/[1il|!]/g, 'l')
    .replace(/5/g, 's');
}

export class PhraseMatcher<F extends string> {
  private readonly exact = new Map<string, Entry<F>[]>();
  private readonly ocr = new Map<string, Entry<F>[]>();
  private maxTokens = 1;

  constructor(specs: readonly PhraseSpec<F>[]) {
    for (const spec of specs) {
      for (const phrase of spec.phrases) {
        const tokens = tokenize(phrase).map((t) => t.norm);
        if (tokens.length === 0) continue;
        const key = tokens.join(' ');
        const entry = { field: spec.field, label: phrase, weight: spec.weight ?? 1 };
        add(this.exact, key, entry);
        add(this.ocr, ocrKey(key), entry);
        this.maxTokens = Math.max(this.maxTokens, tokens.length);
      }
    }
  }

  /**
   * The labels in a text, without overlaps (longest first), in order of appearance. A phrase may name several
   * fields; all are reported. `fields` narrows the report, but other fields' longer phrases still claim their words.
   */
  match(text: string, fields?: readonly F[]): LabelHit<F>[] {
    const tokens = tokenize(text);
    const candidates: Array<{ first: number; last: number; entries: Entry<F>[]; ocr: boolean; length: number }> = [];
    for (let first = 0; first < tokens.length; first++) {
      let key = '';
      for (let last = first; last < Math.min(tokens.length, first + this.maxTokens); last++) {
        key = key === '' ? (tokens[last] as Token).norm : `${key} ${(tokens[last] as Token).norm}`;
        let entries = this.exact.get(key);
        let ocr = false;
        if (!entries && key.length >= 4) {
          entries = this.ocr.get(ocrKey(key));
          ocr = entries !== undefined;
        }
        if (entries) candidates.push({ first, last: last + 1, entries, ocr, length: key.length });
      }
    }
    candidates.sort((a, b) => b.length - a.length || a.first - b.first);
    const taken = new Array<boolean>(tokens.length).fill(false);
    const hits: LabelHit<F>[] = [];
    for (const c of candidates) {
      if (taken.slice(c.first, c.last).some(Boolean)) continue;
      taken.fill(true, c.first, c.last);
      for (const entry of c.entries) {
        if (fields && !fields.includes(entry.field)) continue;
        const position = c.first === 0 ? 1 : NOT_FIRST_FACTOR;
        hits.push({
          field: entry.field,
          label: entry.label,
          start: (tokens[c.first] as Token).start,
          end: (tokens[c.last - 1] as Token).end,
          confidence: Math.round(entry.weight * position * (c.ocr ? OCR_FACTOR : 1) * 100) / 100,
        });
      }
    }
    return hits.sort((a, b) => a.start - b.start || b.confidence - a.confidence);
  }
}

function add<F extends string>(map: Map<string, Entry<F>[]>, key: string, entry: Entry<F>): void {
  const list = map.get(key) ?? [];
  const same = list.findIndex((e) => e.field === entry.field);
  if (same < 0) list.push(entry);
  else if ((list[same] as Entry<F>).weight < entry.weight) list[same] = entry;
  map.set(key, list);
}

/** Hits of several matchers over one text, the longest label winning where two overlap. */
export function mergeHits<F extends string>(...lists: ReadonlyArray<readonly LabelHit<F>[]>): LabelHit<F>[] {
  const all = lists.flat().sort((a, b) => b.end - b.start - (a.end - a.start) || b.confidence - a.confidence);
  const kept: LabelHit<F>[] = [];
  for (const hit of all) {
    const overlapping = kept.filter((k) => k.start < hit.end && hit.start < k.end);
    // The same span may name several fields; a strictly shorter overlapping span loses.
    if (overlapping.some((k) => k.end - k.start > hit.end - hit.start)) continue;
    if (overlapping.some((k) => k.field === hit.field)) continue;
    kept.push(hit);
  }
  return kept.sort((a, b) => a.start - b.start || b.confidence - a.confidence);
}
