// Synthetic documents for the extractor tests: one page description (text items placed like a PDF producer would
// place them) becomes either a ReadDocument directly (fast unit tests) or a real PDF (end-to-end through readPdf).
import type { Line, Page, ReadDocument, Word } from '../../../../../src/pipeline/model.js';
import { textWidth } from './helvetica.js';

export interface TextItem {
  /** Left edge, or right edge when `align` is 'right', in points from the left of the page. */
  x: number;
  /** Baseline, in points from the top of the page. */
  y: number;
  text: string;
  size?: number;
  bold?: boolean;
  align?: 'left' | 'right';
}

export interface SyntheticPage {
  width?: number;
  height?: number;
  items: TextItem[];
}

export const A4 = { width: 595, height: 842 };
const ASCENT = 0.718;
const DESCENT = 0.207;
const DEFAULT_SIZE = 9;

/** Cells of one row at a baseline: [x, text] is left aligned, [x, text, 'r'] right aligned at x. */
export function row(
  y: number,
  cells: Array<[number, string] | [number, string, 'r']>,
  size = DEFAULT_SIZE,
): TextItem[] {
  return cells.map(([x, text, align]) => ({ x, y, text, size, align: align === 'r' ? 'right' : 'left' }));
}

/** The left edge of an item as printed. */
export function itemLeft(item: TextItem): number {
  const size = item.size ?? DEFAULT_SIZE;
  return item.align === 'right' ? item.x - textWidth(item.text, size) : item.x;
}

interface Options {
  /** Pretend the page was recognised by OCR at 300 dpi: pixel units and per-word confidences. */
  ocr?: boolean;
}

/** The document model a reader would produce for the pages: words split on spaces, lines by baseline. */
export function toReadDocument(pages: SyntheticPage[], options: Options = {}): ReadDocument {
  const scale = options.ocr ? 300 / 72 : 1;
  const built: Page[] = pages.map((page, index) => {
    const byBaseline = new Map<number, Word[]>();
    for (const item of page.items) {
      const size = item.size ?? DEFAULT_SIZE;
      let x = itemLeft(item);
      for (const piece of item.text.split(/( +)/)) {
        const width = textWidth(piece, size);
        if (piece.trim() !== '') {
          const word: Word = {
            text: piece,
            bbox: box(x * scale, (item.y - ASCENT * size) * scale, width * scale, (ASCENT + DESCENT) * size * scale),
          };
          if (options.ocr) word.confidence = 0.91;
          const words = byBaseline.get(item.y) ?? [];
          words.push(word);
          byBaseline.set(item.y, words);
        }
        x += width;
      }
    }
    const lines: Line[] = [...byBaseline.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, words]) => {
        words.sort((a, b) => a.bbox.x - b.bbox.x);
        const left = Math.min(...words.map((w) => w.bbox.x));
        const top = Math.min(...words.map((w) => w.bbox.y));
        const right = Math.max(...words.map((w) => w.bbox.x + w.bbox.width));
        const bottom = Math.max(...words.map((w) => w.bbox.y + w.bbox.height));
        const line: Line = {
          text: words.map((w) => w.text).join(' '),
          bbox: box(left, top, right - left, bottom - top),
          words,
        };
        if (options.ocr) line.confidence = 0.91;
        return line;
      });
    return {
      number: index + 1,
      width: (page.width ?? A4.width) * scale,
      height: (page.height ?? A4.height) * scale,
      unit: options.ocr ? 'px' : 'pt',
      source: options.ocr ? 'ocr' : 'text',
      lines,
    };
  });
  return { format: options.ocr ? 'png' : 'pdf', pages: built, einvoice: null, info: { synthetic: true } };
}

function box(x: number, y: number, width: number, height: number): Word['bbox'] {
  const r = (v: number): number => Math.round(v * 100) / 100;
  return { x: r(x), y: r(y), width: r(width), height: r(height) };
}
