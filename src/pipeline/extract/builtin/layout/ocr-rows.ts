// OCR engines report text boxes, not rows: PaddleOCR detects each run of ink ("Saftorangen", then "1,49 B" far to
// its right) as a line of its own. Layout rules read a row as one line (a description and its amount, a label and
// its value), so boxes that share a visual row are joined into one line here; the segment split then keeps them
// apart as cells. Text layers already give whole rows and are left alone.
import type { BBox, Line, Word } from '../../../model.js';
import { horizontalOverlap, unionBoxes } from './geometry.js';

/** Centres closer than this share of the smaller height are on one row (as the OCR reader orders lines). */
const SAME_ROW_SHARE = 0.5;

const centre = (b: BBox): number => b.y + b.height / 2;

interface Row {
  lines: Line[];
  /** The row's vertical centre: the mean of its boxes' centres, so that one tall or low box does not drag it. */
  centre: number;
  height: number;
}

function fits(row: Row, line: Line): boolean {
  const tolerance = Math.min(row.height, line.bbox.height) * SAME_ROW_SHARE;
  if (Math.abs(centre(line.bbox) - row.centre) > tolerance) return false;
  // Boxes over one another are stacked text (or a box read twice), not cells of one row.
  return row.lines.every((l) => horizontalOverlap(l.bbox, line.bbox) <= Math.min(l.bbox.width, line.bbox.width) * 0.3);
}

/** Lines (levelled, any order) joined into one line per visual row, rows by their centres, words left to right. */
export function joinOcrRows(lines: readonly Line[]): Line[] {
  const byCentre = [...lines].sort((a, b) => centre(a.bbox) - centre(b.bbox) || a.bbox.x - b.bbox.x);
  const rows: Row[] = [];
  for (const line of byCentre) {
    // The last few rows only: a row never reaches further back than a couple of lines.
    const row = rows.slice(-3).find((r) => fits(r, line));
    if (row) {
      row.lines.push(line);
      row.centre = row.lines.reduce((s, l) => s + centre(l.bbox), 0) / row.lines.length;
      row.height = Math.min(row.height, line.bbox.height);
    } else rows.push({ lines: [line], centre: centre(line.bbox), height: line.bbox.height });
  }
  return rows.map((row) => {
    if (row.lines.length === 1) return row.lines[0] as Line;
    const words: Word[] = row.lines.flatMap((l) => l.words).sort((a, b) => a.bbox.x - b.bbox.x);
    const confidences = row.lines.map((l) => l.confidence).filter((c): c is number => c !== undefined);
    const joined: Line = {
      text: words.map((w) => w.text).join(' '),
      bbox: unionBoxes(row.lines.map((l) => l.bbox)),
      words,
    };
    if (confidences.length > 0) joined.confidence = Math.min(...confidences);
    return joined;
  });
}
