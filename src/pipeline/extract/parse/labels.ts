// Recognizes field labels ("Invoice No.", "Rechnungsdatum", "Total TTC", "Te betalen", column headers ...) in
// English, German, French, Spanish, Italian and Dutch. Matching ignores case, accents, punctuation and spacing
// ("Rechnungs-Nr." = "RECHNUNGSNR"), tolerates common OCR confusions ("lnvoice", "Tota1") and, for long labels,
// one wrong character; the longest label wins, so "Total tax" is a tax label and not a total.
import { COLUMN_LABELS } from './labels-columns.js';
import { AMOUNT_LABELS } from './labels-amounts.js';
import { DOCUMENT_LABELS } from './labels-documents.js';
import { LABEL_FIELDS, type LabelField, type LabelLanguage, type LabelSpec } from './label-fields.js';
import { PARTY_LABELS } from './labels-parties.js';
import { TAX_QUALIFIED_LABELS } from './labels-tax-qualified.js';
import { foldAccents } from './text.js';

export { LABEL_FIELDS, LABEL_LANGUAGES, type LabelField, type LabelLanguage } from './label-fields.js';

/** Every label group of the dictionary, for inspection and tests. */
export const LABEL_SPECS: readonly LabelSpec[] = [
  ...DOCUMENT_LABELS,
  ...PARTY_LABELS,
  ...AMOUNT_LABELS,
  ...TAX_QUALIFIED_LABELS,
  ...COLUMN_LABELS,
];

export type LabelMatchKind = 'exact' | 'ocr' | 'edit';

export interface LabelMatch {
  field: LabelField;
  /** The dictionary label that matched, as the dictionary writes it ("Rechnungs-Nr."). */
  label: string;
  /**
   * 0..1: the label's specificity (generic words such as "Date" score lower) × the match quality (exact 1, OCR
   * confusion 0.9, one character off 0.8) × position (0.8 unless the label starts the text).
   */
  confidence: number;
  /** `text.slice(start, end)` is the label as printed; a value usually follows `end`. */
  start: number;
  end: number;
  kind: LabelMatchKind;
}

export interface MatchLabelOptions {
  /** Report only these fields. Longer labels of other fields still win their words ("Total tax" never gives total). */
  fields?: readonly LabelField[];
  /** Accept one wrong, missing or extra character in labels of 7 or more letters (default true). */
  fuzzy?: boolean;
  /**
   * The text was read by OCR: with `fuzzy`, the total's, subtotal's and amount due's labels of five or six letters
   * ("TOTAL", "Summe", "Saldo") also match with one letter misread after the first ("TOTAY" for a faded, spaced
   * "T O T A L"), with all the fields the label names ("Anount" is also the line amount's column). Not for labels
   * of other fields only: short words collide with real ones ("issued" / "issuer", "taxed" /
   * "taxes", "valve" / "value"), while a total's amount is checked by the arithmetic of the totals block; and
   * only as the one word of the text, as a totals label stands before its amount ("GLOSS PAINT" is no "gross").
   */
  ocr?: boolean;
}

interface Token {
  norm: string;
  start: number;
  end: number;
  /** False for pure numbers, which never belong to a label. */
  wordy: boolean;
}

interface Entry {
  field: LabelField;
  label: string;
  weight: number;
  standalone: boolean;
}

const MAX_TEXT_CHARS = 400;
const MIN_EDIT_LENGTH = 7;
/** OCR text only: the shortest labels of these fields that match with one substituted letter. */
const MIN_OCR_SUBSTITUTION_LENGTH = 5;
const OCR_SUBSTITUTION_FIELDS: ReadonlySet<LabelField> = new Set(['total', 'subtotal', 'amount_due']);
/** Shorter keys are compared exactly only: "in" must not become "ln", "rn" not "m". */
const MIN_OCR_LENGTH = 4;
/** One-edit matching only between words of at least this length ("Lieferung in" is not "Lieferung an"). */
const MIN_EDIT_WORD_LENGTH = 3;
const QUALITY: Record<LabelMatchKind, number> = { exact: 1, ocr: 0.9, edit: 0.8 };
const NOT_FIRST_FACTOR = 0.8;

// "N°", "Nº", "N.º" and "#" all mean "number"; "%" is a word of its own in column headers ("MwSt %").
const TOKEN = /(?<![\p{L}\p{N}])n\.?\s?[°º˚]|[#%]|[\p{L}\p{N}]+/giu;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0];
    let norm: string;
    if (raw === '#' || /[°º˚]$/.test(raw)) norm = 'no';
    else if (raw === '%') norm = '%';
    else norm = foldAccents(raw);
    tokens.push({ norm, start: m.index, end: m.index + raw.length, wordy: !/^\d+$/.test(norm) });
  }
  // A lone "N" before a word is "N°" whose degree sign OCR dropped (PaddleOCR's alphabet has none): "N de facture",
  // "N client". Not before a single letter ("W A R E N R E C H N U N G" is a spaced title); elsewhere only a label
  // made with it matches.
  for (const [index, token] of tokens.entries()) {
    const next = tokens[index + 1];
    if (token.norm === 'n' && next?.wordy && /^\p{L}{2}/u.test(next.norm)) token.norm = 'no';
  }
  return tokens;
}

/**
 * The comparable form of a label: lower case, no accents, punctuation and spaces reduced to single spaces,
 * "N°"/"Nº"/"#" as "no" ("Rechnungs-Nr.:" -> "rechnungs nr", "N° TVA" -> "no tva", "Qté" -> "qte").
 */
export function normalizeLabel(text: string): string {
  return tokenize(text.slice(0, MAX_TEXT_CHARS))
    .map((t) => t.norm)
    .join(' ');
}

/** Characters OCR engines confuse in printed labels, mapped to one representative: 0/o, 1/l/i/|, 5/s, rn/m, vv/w. */
function ocrKey(key: string): string {
  return key
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/0/g, 'o')
    .replace(/[1il|!]/g, 'l')
    .replace(/5/g, 's');
}

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

interface Dictionary {
  exact: Map<string, Entry[]>;
  ocr: Map<string, Entry[]>;
  /**
   * Keys by first letter and length, for one-edit lookups without scanning the whole dictionary. Only labels
   * whose words all have 3+ letters take part.
   */
  buckets: Map<string, string[]>;
  /** Keys of 5-6 letters of OCR_SUBSTITUTION_FIELDS, one word, by first letter and length. */
  shortTotals: Map<string, string[]>;
  maxKeyLength: number;
  maxTokens: number;
}

function addEntry(map: Map<string, Entry[]>, key: string, entry: Entry): void {
  const list = map.get(key) ?? [];
  const same = list.findIndex((e) => e.field === entry.field);
  if (same < 0) list.push(entry);
  else if ((list[same] as Entry).weight < entry.weight) list[same] = entry;
  map.set(key, list);
}

function compile(specs: readonly LabelSpec[]): Dictionary {
  const dictionary: Dictionary = {
    exact: new Map(),
    ocr: new Map(),
    buckets: new Map(),
    shortTotals: new Map(),
    maxKeyLength: 0,
    maxTokens: 0,
  };
  const editable = new Set<string>();
  for (const spec of specs) {
    for (const variants of Object.values(spec.variants) as Array<readonly string[]>) {
      for (const label of variants) {
        const tokens = tokenize(label);
        const key = tokens.map((t) => t.norm).join('');
        if (key.length === 0) continue;
        const entry: Entry = {
          field: spec.field,
          label,
          weight: spec.weight ?? 1,
          standalone: spec.standalone ?? false,
        };
        addEntry(dictionary.exact, key, entry);
        if (tokens.every((t) => t.norm.length >= MIN_EDIT_WORD_LENGTH)) editable.add(key);
        if (
          OCR_SUBSTITUTION_FIELDS.has(spec.field) &&
          tokens.length === 1 &&
          key.length >= MIN_OCR_SUBSTITUTION_LENGTH &&
          key.length < MIN_EDIT_LENGTH
        )
          addToBucket(dictionary.shortTotals, key);
        addEntry(dictionary.ocr, ocrKey(key), entry);
        dictionary.maxKeyLength = Math.max(dictionary.maxKeyLength, key.length);
        dictionary.maxTokens = Math.max(dictionary.maxTokens, tokens.length);
      }
    }
  }
  for (const key of editable) if (key.length >= MIN_EDIT_LENGTH - 1) addToBucket(dictionary.buckets, key);
  return dictionary;
}

function addToBucket(buckets: Map<string, string[]>, key: string): void {
  const bucket = `${key[0]}:${key.length}`;
  const keys = buckets.get(bucket);
  if (!keys) buckets.set(bucket, [key]);
  else if (!keys.includes(key)) keys.push(key);
}

const DICTIONARY = compile(LABEL_SPECS);

function nearEntries(key: string, shortWords: ReadonlyArray<readonly [number, number]> = []): Entry[] | undefined {
  for (const length of [key.length, key.length - 1, key.length + 1]) {
    for (const candidate of DICTIONARY.buckets.get(`${key[0]}:${length}`) ?? []) {
      if (withinOneEdit(key, candidate) && !editInShortWord(key, candidate, shortWords))
        return DICTIONARY.exact.get(candidate);
    }
  }
  return undefined;
}

/** True for a label read through a misread letter in a word too short for edits elsewhere ("TOTAY": MatchLabelOptions.ocr). */
export function isMisreadShortLabel(kind: LabelMatchKind, printed: string): boolean {
  return kind === 'edit' && normalizeLabel(printed).replace(/ /g, '').length < MIN_EDIT_LENGTH;
}

/** A short label of a total, subtotal or amount due with one letter after the first misread ("TOTAY"), OCR only. */
function nearShortTotals(key: string): Entry[] | undefined {
  for (const candidate of DICTIONARY.shortTotals.get(`${key[0]}:${key.length}`) ?? []) {
    let differences = 0;
    for (let i = 1; i < key.length && differences < 2; i++) if (key[i] !== candidate[i]) differences++;
    // Every field of the label, as an exact reading gives them: "Anount" over a column is the line amount's
    // header, as "Amount" is, not a total.
    if (differences === 1) return DICTIONARY.exact.get(candidate);
  }
  return undefined;
}

/** Words this short are compared exactly even inside a longer label: "Company ABC" is not "company ABN". */
const MAX_SHORT_WORD = 3;

/** True when the first difference between key and candidate falls inside one of the short words' [start, end). */
function editInShortWord(
  key: string,
  candidate: string,
  shortWords: ReadonlyArray<readonly [number, number]>,
): boolean {
  let at = 0;
  while (at < key.length && key[at] === candidate[at]) at++;
  return shortWords.some(([start, end]) => at >= start && at < end);
}

/** Offsets in the span's key of its words of at most MAX_SHORT_WORD characters. */
function shortWordSpans(tokens: readonly Token[], first: number, last: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let offset = 0;
  for (let i = first; i < last; i++) {
    const length = (tokens[i] as Token).norm.length;
    if (length <= MAX_SHORT_WORD) spans.push([offset, offset + length]);
    offset += length;
  }
  return spans;
}

interface Candidate {
  first: number;
  /** Exclusive. */
  last: number;
  entries: Entry[];
  kind: LabelMatchKind;
  keyLength: number;
}

/** True when every word of the span is long enough for one-edit matching. */
function wordsLongEnoughForEdits(tokens: readonly Token[], first: number, last: number): boolean {
  for (let i = first; i < last; i++) if ((tokens[i] as Token).norm.length < MIN_EDIT_WORD_LENGTH) return false;
  return true;
}

const isLetter = (t: Token | undefined): boolean => t !== undefined && t.norm.length === 1 && t.wordy;

/**
 * True when the span cuts through letter-spaced text ("W A R E N R E C H N U N G" holds "R E N R", which would
 * read as "Re.-Nr."): a single-letter word at the span's edge with another single letter right next to it.
 */
function insideLetterSpacing(tokens: readonly Token[], first: number, last: number): boolean {
  const head = tokens[first];
  const before = tokens[first - 1];
  if (isLetter(head) && isLetter(before) && (head as Token).start - (before as Token).end <= 2) return true;
  const tail = tokens[last - 1];
  const after = tokens[last];
  return isLetter(tail) && isLetter(after) && (after as Token).start - (tail as Token).end <= 2;
}

/** A heading stands alone: first in the text, and nothing but a colon (and its value) may follow it. */
function standsAlone(text: string, tokens: readonly Token[], c: Candidate): boolean {
  if (c.first !== 0) return false;
  // Abbreviation dots may follow ("T.a.v."), then nothing or a colon.
  const after = text.slice((tokens[c.last - 1] as Token).end).replace(/^[\s.]+/, '');
  // OCR reads a heading's colon as a comma ("TO," for "TO:"); a comma with nothing after it is that colon.
  return after === '' || after === ',' || after.startsWith(':');
}

/**
 * The field labels in a text (a line, a cell or a word group), best first, without overlaps. Each match gives the
 * field, the dictionary label, a confidence and the label's offsets in `text`. One label may name several fields
 * ("Netto" is a subtotal and a line-amount column; "Total" a total and, weakly, a column): all are reported, and
 * `options.fields` narrows them to what the caller is looking for. Only the first 400 characters are read.
 *
 * @example matchLabel('Invoice date: 15.03.2026')[0] // { field: 'invoice_date', label: 'invoice date', ... }
 * @example matchLabel('Total excl. VAT')[0].field    // 'subtotal'
 */
export function matchLabel(text: string, options: MatchLabelOptions = {}): LabelMatch[] {
  const scanned = text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
  const tokens = tokenize(scanned);
  const fuzzy = options.fuzzy ?? true;
  const candidates: Candidate[] = [];
  // Spans may split a label into more words than the dictionary writes ("Rechnungs nummer"), hence the +2.
  const maxSpan = DICTIONARY.maxTokens + 2;
  // The only word of its cell, as a totals label stands before its amount: "GLOSS PAINT 12.99" is an item.
  const alone = tokens.filter((t) => t.wordy).length === 1;

  for (let first = 0; first < tokens.length; first++) {
    let key = '';
    for (let last = first; last < Math.min(tokens.length, first + maxSpan); last++) {
      const token = tokens[last] as Token;
      if (!token.wordy) break;
      key += token.norm;
      if (key.length > DICTIONARY.maxKeyLength + 1) break;
      let kind: LabelMatchKind = 'exact';
      let entries = DICTIONARY.exact.get(key);
      if (!entries && key.length >= MIN_OCR_LENGTH) {
        kind = 'ocr';
        entries = DICTIONARY.ocr.get(ocrKey(key));
      }
      if (!entries && fuzzy && key.length >= MIN_EDIT_LENGTH && wordsLongEnoughForEdits(tokens, first, last + 1)) {
        kind = 'edit';
        entries = nearEntries(key, shortWordSpans(tokens, first, last + 1));
      }
      if (!entries && fuzzy && options.ocr && last === first && alone && key.length >= MIN_OCR_SUBSTITUTION_LENGTH) {
        kind = 'edit';
        entries = nearShortTotals(key);
      }
      if (!entries || insideLetterSpacing(tokens, first, last + 1)) continue;
      const candidate: Candidate = { first, last: last + 1, entries, kind, keyLength: key.length };
      const usable = entries.filter((e) => !e.standalone || standsAlone(scanned, tokens, candidate));
      if (usable.length > 0) candidates.push({ ...candidate, entries: usable });
    }
  }

  // Longest label first (weighted by match quality), so "total tax" claims both words before "total" can.
  candidates.sort((a, b) => b.keyLength * QUALITY[b.kind] - a.keyLength * QUALITY[a.kind] || a.first - b.first);
  const taken = new Array<boolean>(tokens.length).fill(false);
  const matches: LabelMatch[] = [];
  for (const c of candidates) {
    if (taken.slice(c.first, c.last).some(Boolean)) continue;
    taken.fill(true, c.first, c.last);
    const position = c.first === 0 ? 1 : NOT_FIRST_FACTOR;
    for (const entry of c.entries) {
      if (options.fields && !options.fields.includes(entry.field)) continue;
      matches.push({
        field: entry.field,
        label: entry.label,
        confidence: Math.round(entry.weight * QUALITY[c.kind] * position * 100) / 100,
        start: (tokens[c.first] as Token).start,
        end: (tokens[c.last - 1] as Token).end,
        kind: c.kind,
      });
    }
  }
  return matches.sort((a, b) => b.confidence - a.confidence || a.start - b.start);
}

/** Every label the dictionary holds for a field, in all languages, as written. */
export function labelVariants(field: LabelField, language?: LabelLanguage): string[] {
  return LABEL_SPECS.filter((s) => s.field === field).flatMap((s) =>
    language ? [...(s.variants[language] ?? [])] : Object.values(s.variants).flat(),
  );
}

/** True when `field` is one of {@link LABEL_FIELDS}. */
export function isLabelField(value: string): value is LabelField {
  return (LABEL_FIELDS as readonly string[]).includes(value);
}
