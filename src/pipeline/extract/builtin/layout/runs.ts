// A run of words with its text, the unit that value parsers read and provenance points back to. Segments are
// runs; so are word groups cut out of a row (a value below a column label).
import type { BBox, Word } from '../../../model.js';
import { unionBoxes } from './geometry.js';
import { printedBox } from './layout.js';

export interface TextRun {
  page: number;
  text: string;
  words: Word[];
  starts: number[];
  source: 'text' | 'ocr';
}

/** The words joined by single spaces, with the offset of each word in the text. */
export function joinWords(words: readonly Word[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  for (const word of words) {
    if (text.length > 0) text += ' ';
    starts.push(text.length);
    text += word.text;
  }
  return { text, starts };
}

export function runOf(words: readonly Word[], page: number, source: 'text' | 'ocr'): TextRun {
  return { page, ...joinWords(words), words: [...words], source };
}

/** The words of a run (or any words joined by joinWords) that overlap the character range [start, end) of its text. */
export function runWords(run: Pick<TextRun, 'words' | 'starts'>, start: number, end: number): Word[] {
  const picked: Word[] = [];
  run.words.forEach((word, i) => {
    const wordStart = run.starts[i] as number;
    if (wordStart + word.text.length > start && wordStart < end) picked.push(word);
  });
  return picked;
}

/** Where a value was read: a character range of a run. */
export interface Span {
  run: TextRun;
  from: number;
  to: number;
}

export const spanText = (span: Span): string => span.run.text.slice(span.from, span.to);

/** Evidence for a provenance entry: page, box, printed text and how certain the reading of those words is. */
export interface Evidence {
  page: number;
  bbox: BBox;
  raw: string;
  source: 'text' | 'ocr';
  /** 1 for text layers; mean word confidence for OCR. */
  readConfidence: number;
}

/** Evidence for the sub-range [start, end) of a span's text. */
export function evidenceOf(span: Span, start = 0, end = span.to - span.from): Evidence | null {
  const words = runWords(span.run, span.from + start, span.from + end);
  if (words.length === 0) return null;
  const readConfidence =
    span.run.source === 'ocr' ? words.reduce((sum, w) => sum + (w.confidence ?? 0.5), 0) / words.length : 1;
  return {
    page: span.run.page,
    bbox: unionBoxes(words.map(printedBox)),
    raw: span.run.text.slice(span.from + start, span.from + end).trim(),
    source: span.run.source,
    readConfidence,
  };
}
