// A page's words as plain text that keeps its layout, for a language model: lines that share a vertical band are
// put on one row, and each word is placed at a character column proportional to its x position, the way
// `pdftotext -layout` does. Table columns and side-by-side blocks (seller left, buyer right) stay apart, where a
// plain reading-order dump would interleave them. Costs a few spaces per row, far cheaper than [x,y] prefixes.
import type { BBox, Line, Page, Word } from '../../model.js';

/** Characters across the full page width: fine enough for columns, coarse enough to keep rows short. */
export const LAYOUT_COLUMNS = 100;

interface Row {
  top: number;
  bottom: number;
  words: Word[];
}

const centreY = (b: BBox): number => b.y + b.height / 2;

function wordsOf(line: Line): Word[] {
  // A reader may give a line without word boxes: the whole line is then one "word".
  return line.words.length > 0 ? line.words : [{ text: line.text, bbox: line.bbox }];
}

/** Groups lines whose vertical centre falls inside a row's band; rows come out top to bottom. */
function groupRows(lines: readonly Line[]): Row[] {
  const sorted = [...lines].filter((l) => l.text.trim() !== '').sort((a, b) => centreY(a.bbox) - centreY(b.bbox));
  const rows: Row[] = [];
  for (const line of sorted) {
    const last = rows[rows.length - 1];
    const centre = centreY(line.bbox);
    if (last && centre >= last.top && centre <= last.bottom) {
      last.words.push(...wordsOf(line));
      last.top = Math.min(last.top, line.bbox.y);
      last.bottom = Math.max(last.bottom, line.bbox.y + line.bbox.height);
    } else {
      rows.push({ top: line.bbox.y, bottom: line.bbox.y + line.bbox.height, words: [...wordsOf(line)] });
    }
  }
  return rows;
}

function renderRow(row: Row, charWidth: number): string {
  const words = [...row.words].sort((a, b) => a.bbox.x - b.bbox.x);
  let text = '';
  let previousRight = -Infinity;
  for (const word of words) {
    const token = word.text.trim();
    if (token === '') continue;
    const column = Math.max(0, Math.round(word.bbox.x / charWidth));
    // Neighbouring words of one phrase keep a single space even when rounding would glue or spread them.
    const ownCharWidth = word.bbox.width / Math.max(1, token.length);
    const closeToPrevious = word.bbox.x - previousRight < 2 * Math.max(ownCharWidth, 1);
    if (text === '') text = ' '.repeat(column);
    else if (closeToPrevious || column <= text.length + 1) text += closeToPrevious ? ' ' : '  ';
    else text += ' '.repeat(column - text.length);
    text += token;
    previousRight = word.bbox.x + word.bbox.width;
  }
  return text.trimEnd();
}

/**
 * The page as rows of text with column positions kept. Blank lines mark large vertical gaps (between blocks), at
 * most one at a time. The left margin common to all rows is removed.
 */
export function renderPageLayout(page: Page, columns = LAYOUT_COLUMNS): string[] {
  const rows = groupRows(page.lines);
  if (rows.length === 0) return [];
  const charWidth = Math.max(page.width, 1) / columns;
  const heights = rows.map((r) => r.bottom - r.top).sort((a, b) => a - b);
  const typicalHeight = heights[Math.floor(heights.length / 2)] ?? 0;
  const out: string[] = [];
  let previousBottom: number | null = null;
  for (const row of rows) {
    if (
      previousBottom !== null &&
      typicalHeight > 0 &&
      row.top - previousBottom > 1.5 * typicalHeight &&
      out[out.length - 1] !== ''
    ) {
      out.push('');
    }
    out.push(renderRow(row, charWidth));
    previousBottom = row.bottom;
  }
  const margin = Math.min(...out.filter((l) => l !== '').map((l) => l.length - l.trimStart().length));
  return Number.isFinite(margin) && margin > 0 ? out.map((l) => l.slice(margin)) : out;
}
