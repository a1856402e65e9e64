// Tesseract's block tree -> the document model's lines and words. Tesseract orders blocks column by column; the
// model wants reading order top to bottom, then left to right, so lines are regrouped into visual rows.
import type { BBox, Line, Word } from '../../model.js';
import type { TesseractBlocks } from './tesseract-worker.js';

type TesseractBox = { x0: number; y0: number; x1: number; y1: number };

const toBBox = (box: TesseractBox): BBox => ({ x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0 });
const confidence = (value: number): number => Math.round(Math.min(100, Math.max(0, value)) * 10) / 1000;

/** Lines with their words, boxes in image pixels, confidences 0..1, in reading order. */
export function linesFromBlocks(blocks: TesseractBlocks): Line[] {
  const lines: Line[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words: Word[] = [];
        for (const word of line.words) {
          const text = word.text.trim();
          if (text !== '') words.push({ text, bbox: toBBox(word.bbox), confidence: confidence(word.confidence) });
        }
        if (words.length === 0) continue;
        lines.push({
          text: words.map((word) => word.text).join(' '),
          bbox: enclosingBox(words.map((word) => word.bbox)),
          words,
          confidence: confidence(line.confidence),
        });
      }
    }
  }
  return inReadingOrder(lines);
}

/**
 * Groups lines into visual rows, rows top to bottom and lines in a row left to right. A line joins the row whose
 * first line has its vertical centre within half the smaller of the two heights: label and value on one row merge,
 * while small lines beside a tall logo or heading stay rows of their own.
 */
export function inReadingOrder(lines: Line[]): Line[] {
  const centre = (line: Line): number => line.bbox.y + line.bbox.height / 2;
  const byCentre = [...lines].sort((a, b) => centre(a) - centre(b) || a.bbox.x - b.bbox.x);
  const rows: { anchor: Line; lines: Line[] }[] = [];
  for (const line of byCentre) {
    const row = rows.at(-1);
    if (row !== undefined) {
      const tolerance = Math.min(line.bbox.height, row.anchor.bbox.height) / 2;
      if (Math.abs(centre(line) - centre(row.anchor)) <= tolerance) {
        row.lines.push(line);
        continue;
      }
    }
    rows.push({ anchor: line, lines: [line] });
  }
  return rows.flatMap((row) => row.lines.sort((a, b) => a.bbox.x - b.bbox.x));
}

function enclosingBox(boxes: BBox[]): BBox {
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
