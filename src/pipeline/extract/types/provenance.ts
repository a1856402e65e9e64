// Provenance of extracted values (the `fields` map of every result) and the pieces every result shares: the
// extraction facts, JSON numbers from exact decimals, and the validation summary.
import type { Page, ReadDocument, Word } from '../../model.js';
import { toJsonNumber, type DecimalString } from '../parse/index.js';
import type { ExtractionInfo, FieldProvenance, Validation, ValidationCheck } from '../schemas/common.js';
import { maskCardNumbers } from './card-number.js';
import { unionBox } from './layout.js';

/** Where a value was read: the words that print it and how sure the reading is (before OCR confidence). */
export interface Evidence {
  page: Page;
  words: readonly Word[];
  /** The text as printed (card numbers are masked before it is stored). */
  raw: string;
  /** 0..1 from the label match, the value's position and its parse. */
  confidence: number;
}

/** A value read from the page with its evidence. */
export interface ReadValue<T> {
  value: T;
  evidence: Evidence;
}

const MAX_RAW_CHARS = 200;

export function clampConfidence(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

/** The provenance entry of one value: OCR word confidences lower the reading's confidence. */
export function provenanceOf(evidence: Evidence): FieldProvenance {
  const ocr = evidence.words.map((w) => w.confidence).filter((c): c is number => typeof c === 'number');
  const ocrFactor = ocr.length > 0 ? ocr.reduce((a, b) => a + b, 0) / ocr.length : 1;
  const entry: FieldProvenance = {
    confidence: clampConfidence(evidence.confidence * ocrFactor),
    source: evidence.page.source,
    page: evidence.page.number,
    raw: maskCardNumbers(evidence.raw).slice(0, MAX_RAW_CHARS),
  };
  if (evidence.words.length > 0) entry.bbox = unionBox(evidence.words.map((w) => w.bbox));
  return entry;
}

/** Collects the `fields` map of a result: one entry per non-null value, keyed by its path in the result. */
export class FieldRecorder {
  readonly fields: Record<string, FieldProvenance> = {};

  record(path: string, evidence: Evidence): void {
    this.fields[path] = provenanceOf(evidence);
  }

  /** A value computed from others (e.g. a last-four-digits taken from a masked number), with its own raw text. */
  recordEntry(path: string, entry: FieldProvenance): void {
    this.fields[path] = entry;
  }
}

/** A JSON number exact to `maxDecimals` places, or null when the decimal cannot be represented exactly. */
export function moneyNumber(value: DecimalString | null, maxDecimals = 2): number | null {
  if (value === null) return null;
  return toJsonNumber(value, maxDecimals);
}

/** Facts about the extraction for the `extraction` member; the registry fills in the parser version later. */
export function extractionInfo(doc: ReadDocument, language: string | null): ExtractionInfo {
  return {
    engine: 'builtin',
    method: 'layout',
    pages: doc.pages.length,
    ocr_pages: doc.pages.filter((p) => p.source === 'ocr').length,
    language,
    parser_version: null,
    parser_version_id: null,
  };
}

/** The validation member: passed unless some check failed (unverifiable checks, passed null, do not fail). */
export function validationOf(checks: ValidationCheck[]): Validation {
  return { passed: checks.every((c) => c.passed !== false), checks };
}
