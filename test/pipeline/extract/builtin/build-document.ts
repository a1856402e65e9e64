// Builds ReadDocuments in code: text placed at page coordinates the way a PDF text layer reports it (one word per
// space-separated token, width from a fixed advance per character), so layout rules meet realistic geometry.
import type { EInvoiceSource, Line, Page, ReadDocument, Word } from '../../../../src/pipeline/model.js';

/** A4 in points. */
const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const CHAR_WIDTH = 5.2;
const SPACE = 2.8;
const HEIGHT = 10;

/** Text placed on a line: [x, text]; words of one cell are one space apart, cells are where you put them. */
export type Cell = readonly [x: number, text: string];

export interface PageSpec {
  /** [y, ...cells] per printed line, top to bottom. */
  lines: ReadonlyArray<readonly [y: number, ...cells: Cell[]]>;
  source?: 'text' | 'ocr';
  /** OCR confidence given to every word (only with source 'ocr'). */
  confidence?: number;
}

function wordsOf(x: number, y: number, text: string, confidence: number | undefined): Word[] {
  const words: Word[] = [];
  let cursor = x;
  for (const token of text.split(/\s+/).filter((t) => t.length > 0)) {
    const width = token.length * CHAR_WIDTH;
    const word: Word = { text: token, bbox: { x: cursor, y, width, height: HEIGHT } };
    if (confidence !== undefined) word.confidence = confidence;
    words.push(word);
    cursor += width + SPACE;
  }
  return words;
}

function lineOf(y: number, cells: readonly Cell[], confidence: number | undefined): Line {
  const words = cells.flatMap(([x, text]) => wordsOf(x, y, text, confidence));
  const x0 = Math.min(...words.map((w) => w.bbox.x));
  const x1 = Math.max(...words.map((w) => w.bbox.x + w.bbox.width));
  const line: Line = {
    text: words.map((w) => w.text).join(' '),
    bbox: { x: x0, y, width: x1 - x0, height: HEIGHT },
    words,
  };
  if (confidence !== undefined) line.confidence = confidence;
  return line;
}

export function buildPage(number: number, spec: PageSpec): Page {
  const source = spec.source ?? 'text';
  const confidence = source === 'ocr' ? (spec.confidence ?? 0.9) : undefined;
  return {
    number,
    width: PAGE_WIDTH,
    height: PAGE_HEIGHT,
    unit: source === 'ocr' ? 'px' : 'pt',
    source,
    lines: spec.lines.map(([y, ...cells]) => lineOf(y, cells, confidence)),
  };
}

export function buildDocument(pages: readonly PageSpec[], einvoice: EInvoiceSource | null = null): ReadDocument {
  return { format: 'pdf', pages: pages.map((p, i) => buildPage(i + 1, p)), einvoice, info: {} };
}

/** Right-aligns a text so that it ends at `right` (amount columns are printed that way). */
export function rightAt(right: number, text: string): Cell {
  const tokens = text.split(/\s+/).filter((t) => t.length > 0);
  const width = tokens.reduce((w, t) => w + t.length * CHAR_WIDTH, 0) + SPACE * (tokens.length - 1);
  return [right - width, text];
}
