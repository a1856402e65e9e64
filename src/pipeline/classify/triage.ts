// Attachment triage for email mode: decides which attachments are extracted (invoice, credit_note) and which are
// skipped and reported (order documents, delivery notes, terms, statements and reminders, remittance advices, and
// everything else). Evidence, strongest first: an e-invoice XML's own type, a title near the top of the first
// page, labels only one kind of document carries, the file name, the content type.
//
// Decision rule: a score per kind (sum of its cues); the best kind wins when it reaches TRIAGE_THRESHOLD, ties
// broken by KIND_PRIORITY; otherwise 'other'. score = logistic(best - threshold) for a found kind, and
// 1 - logistic(best - threshold) for 'other' by lack of evidence. Without text the file name decides alone: pass
// the first page's text whenever it is available (after OCR for scans), or a plain "scan.pdf" ends up 'other'.
import { logistic, matchCueInReadings, type Cue } from './cues.js';
import { foldText, undoUmlautTransliteration, wordsOf } from './text.js';
import {
  FIELD_CUES,
  FIELD_LABEL_COMPOUND,
  FILENAME_CUES,
  KIND_PRIORITY,
  NOT_AN_INVOICE,
  TITLE_TERMS,
  type AttachmentKind,
} from './triage-cues.js';

export type { AttachmentKind } from './triage-cues.js';

export const TRIAGE_THRESHOLD = 1.5;
/** Kinds whose attachments are extracted; the others are skipped and reported. */
export const EXTRACTED_KINDS: ReadonlySet<AttachmentKind> = new Set(['invoice', 'credit_note']);

const HEAD_LINES = 40; // "near the top": the first non-empty lines of the first page (address blocks come first)
const TITLE_MAX_WORDS = 12;
const TITLE_WEIGHT = 3.0;
const CREDIT_NOTE_TITLE_WEIGHT = 3.5; // a credit note names the invoice it corrects: its own title must win
const FIRST_TITLE_BONUS = 1.0;
const HEAD_MENTION_WEIGHT = 1.0;
const LOW_TITLE_WEIGHT = 1.5; // a title-like line further down the page
const BODY_MENTION_WEIGHT = 0.4;

const NEGATORS = /\b(?:not|no|kein|keine|nicht|pas|non|geen|nao|sin|senza)\s+(?:\S+\s+)?$/;

export interface AttachmentInput {
  filename?: string;
  contentType?: string;
  /** Text of the first page, when available. */
  text?: string;
  pageCount?: number;
}

export interface AttachmentTriage {
  kind: AttachmentKind;
  score: number;
  reasons: string[];
}

export function shouldExtract(kind: AttachmentKind): boolean {
  return EXTRACTED_KINDS.has(kind);
}

class Scores {
  readonly byKind = new Map<AttachmentKind, number>();
  readonly reasons: string[] = [];
  add(kind: AttachmentKind, weight: number, reason: string): void {
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + weight);
    this.reasons.push(`${kind} ${weight >= 0 ? '+' : ''}${weight.toFixed(2)} ${reason}`);
  }
}

const CREDIT_NOTE_TYPE_CODES = new Set(['381', '261', '262', '296', '308', '396', '420', '458', '532']);

/** An e-invoice XML (CII / ZUGFeRD / Factur-X / XRechnung, or UBL) says what it is. */
function scoreXml(folded: string, scores: Scores): boolean {
  const head = folded.slice(0, 5000);
  if (!head.trimStart().startsWith('<')) return false;
  if (/<(?:[a-z0-9]+:)?creditnote\b[^>]*creditnote-2/.test(head)) {
    scores.add('credit_note', 5, 'UBL CreditNote');
    return true;
  }
  const isCii = /crossindustry(?:invoice|document)/.test(head);
  const isUbl = /<(?:[a-z0-9]+:)?invoice\b[^>]*invoice-2/.test(head);
  if (!isCii && !isUbl) return false;
  const typeCode = /<(?:[a-z0-9]+:)?(?:typecode|invoicetypecode)[^>]*>\s*(\d{3})\s*</.exec(folded)?.[1];
  if (typeCode !== undefined && CREDIT_NOTE_TYPE_CODES.has(typeCode)) {
    scores.add('credit_note', 5, `e-invoice type code ${typeCode}`);
  } else {
    scores.add('invoice', 5, `${isCii ? 'CII' : 'UBL'} e-invoice${typeCode ? ` type code ${typeCode}` : ''}`);
  }
  return true;
}

/** The leftmost kind term of a line that is a name, not a negated word or a "Key:" field label. */
function leftmostTerm(line: string): { kind: AttachmentKind; term: string; wordIndex: number } | null {
  let best: { kind: AttachmentKind; term: string; index: number } | null = null;
  for (const kind of KIND_PRIORITY) {
    for (const m of line.matchAll(TITLE_TERMS[kind])) {
      const term = m[0];
      const after = line.slice(m.index + term.length);
      if (/^[\s-]*(?:(?:nr|no|n°|number|nummer|#|id|date|datum|ref)\b\.?)?\s*:/.test(after)) continue; // "Order No:"
      if (!term.includes(' ') && FIELD_LABEL_COMPOUND.test(term)) continue; // "Rechnungsnummer"
      if (NEGATORS.test(line.slice(0, m.index))) continue; // "KEINE Rechnung"
      if (!best || m.index < best.index) best = { kind, term, index: m.index };
      break;
    }
  }
  if (!best) return null;
  return { kind: best.kind, term: best.term, wordIndex: wordsOf(line.slice(0, best.index)).length };
}

// A document names itself in the singular; "Beispiel-Rechnungen", "Retail Invoices" are headings about bills.
const PLURAL_TERM = /^(?:invoices|[a-z]*rechnungen|factures|facturas|fatture|facturen|faturas|bills|receipts)$/;

/** A short line, or a term among its first words: how titles look. */
function isTitleLike(found: { term: string; wordIndex: number }, words: number): boolean {
  if (PLURAL_TERM.test(found.term)) return false;
  return words <= TITLE_MAX_WORDS && (found.wordIndex < 3 || words <= 5);
}

/** "W A R E N R E C H N U N G" -> "warenrechnung": letter-spaced titles are common in ERP layouts. */
function joinLetterSpacing(line: string): string {
  return line.replace(/(?:^|(?<= ))(?:\p{L} ){3,}\p{L}(?= |$)/gu, (m) => m.replace(/ /g, ''));
}

function scoreText(text: string, scores: Scores): void {
  const folded = foldText(text);
  if (scoreXml(folded, scores)) return;
  const lines = folded
    .split('\n')
    .map((l) => joinLetterSpacing(l.trim()))
    .filter((l) => l !== '');
  const head = lines.slice(0, HEAD_LINES);
  const seenTitle = new Set<AttachmentKind>();
  const seenMention = new Set<AttachmentKind>();
  let firstTitle = true;
  for (const line of head) {
    const found = leftmostTerm(line);
    if (!found) continue;
    const words = wordsOf(line).length;
    const isTitle = isTitleLike(found, words);
    if (isTitle && !seenTitle.has(found.kind)) {
      seenTitle.add(found.kind);
      // The first title names the document; later ones are usually references ("Gutschrift ... zur Rechnung").
      const weight = firstTitle
        ? (found.kind === 'credit_note' ? CREDIT_NOTE_TITLE_WEIGHT : TITLE_WEIGHT) + FIRST_TITLE_BONUS
        : LOW_TITLE_WEIGHT;
      scores.add(found.kind, weight, firstTitle ? `title "${found.term}"` : `further title-like line "${found.term}"`);
      firstTitle = false;
    } else if (!isTitle && !seenMention.has(found.kind)) {
      seenMention.add(found.kind);
      scores.add(found.kind, HEAD_MENTION_WEIGHT, `mentioned near the top "${found.term}"`);
    }
  }
  for (const line of lines.slice(HEAD_LINES)) {
    const found = leftmostTerm(line);
    if (!found || seenTitle.has(found.kind)) continue;
    if (isTitleLike(found, wordsOf(line).length)) {
      seenTitle.add(found.kind);
      scores.add(found.kind, LOW_TITLE_WEIGHT, `title-like line lower on the page "${found.term}"`);
    } else if (!seenMention.has(found.kind)) {
      seenMention.add(found.kind);
      scores.add(found.kind, BODY_MENTION_WEIGHT, `mentioned "${found.term}"`);
    }
  }
  const flat = lines.join(' ');
  const readings = readingsOf(flat);
  for (const kind of KIND_PRIORITY) {
    for (const cue of FIELD_CUES[kind]) {
      const hit = matchCueInReadings(cue, readings);
      if (hit && !hit.negated) scores.add(kind, cue.weight, `${cue.id} "${hit.match}"`);
    }
  }
  const denial = [...flat.matchAll(NOT_AN_INVOICE)][0];
  if (denial) {
    scores.add('invoice', -4, `says "${denial[0]}"`);
    scores.add('other', 2, `says "${denial[0]}"`);
  }
}

/** "Rechnung_2026-118.pdf" -> "rechnung 2026 118"; "RechnungNr123" -> "rechnung nr 123". */
function filenameWords(filename: string): string {
  const base = filename.slice(0, 255).replace(/\.[a-z0-9]{1,5}$/i, '');
  const split = base
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2');
  return foldText(split)
    .replace(/[_\-.+()[\]{},;~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function readingsOf(folded: string): string[] {
  const transliterated = undoUmlautTransliteration(folded);
  return transliterated === folded ? [folded] : [folded, transliterated];
}

function scoreFilename(filename: string, scores: Scores): void {
  const readings = readingsOf(filenameWords(filename));
  for (const kind of KIND_PRIORITY) {
    const cues: Cue[] = FILENAME_CUES[kind];
    for (const cue of cues) {
      const hit = matchCueInReadings(cue, readings);
      if (hit && !hit.negated) {
        scores.add(kind, cue.weight, `${cue.id} "${hit.match}"`);
        break; // one file-name cue per kind
      }
    }
  }
}

// Parts of a mail that are never documents to extract, whatever they are called.
const DECORATION_TYPES =
  /^(?:application\/(?:pkcs7-signature|x-pkcs7-signature|pgp-signature|pgp-keys|ms-tnef)|text\/(?:calendar|vcard|x-vcard))\b/;
const DECORATION_EXTENSIONS = /\.(?:p7s|asc|sig|ics|vcf|vcs|dat|gif|htm|html|eml|msg)$/i;

function scoreContainer(input: AttachmentInput, scores: Scores): void {
  const contentType = (input.contentType ?? '').toLowerCase().trim();
  if (DECORATION_TYPES.test(contentType)) scores.add('other', 5, `content type ${contentType}`);
  else if (input.filename && DECORATION_EXTENSIONS.test(input.filename)) scores.add('other', 3, 'file extension');
  if (input.pageCount !== undefined && input.pageCount >= 30) scores.add('other', 1.5, `${input.pageCount} pages`);
}

/** Triage of one email attachment. Pure; all inputs optional; bounded work. */
export function triageAttachment(input: AttachmentInput): AttachmentTriage {
  const scores = new Scores();
  scoreContainer(input, scores);
  if (input.filename) scoreFilename(input.filename, scores);
  if (input.text) scoreText(input.text, scores);

  let kind: AttachmentKind = 'other';
  let best = Number.NEGATIVE_INFINITY;
  for (const candidate of KIND_PRIORITY) {
    const value = scores.byKind.get(candidate);
    if (value !== undefined && value > best) {
      best = value;
      kind = candidate;
    }
  }
  if (best >= TRIAGE_THRESHOLD) {
    return { kind, score: round(logistic(best - TRIAGE_THRESHOLD)), reasons: scores.reasons };
  }
  const evidence = Math.max(best, 0);
  return {
    kind: 'other',
    score: round(1 - logistic(evidence - TRIAGE_THRESHOLD)),
    reasons: [
      ...scores.reasons,
      best === Number.NEGATIVE_INFINITY ? 'no evidence' : `best evidence ${kind} below threshold`,
    ],
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
