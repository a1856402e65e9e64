// The page geometry the builtin extractors of the non-invoice types read: every line of the document in reading
// order, cut into segments (runs of words separated by less than a column gap). A PDF line spans the whole page
// width, so "Statement date: 03/15/2026        New balance $1,234.56" is one line but two segments; labels look for
// their values inside their own segment, in the next segment to the right, or in the segment below.
import type { BBox, Page, ReadDocument, Word } from '../../model.js';
import { unionBoxes } from '../builtin/layout/geometry.js';
import { joinWords } from '../builtin/layout/runs.js';

// The primitives both layouts share: overlap of boxes, the words of a character range.
export { horizontalOverlap } from '../builtin/layout/geometry.js';
export { runWords as wordsInRange } from '../builtin/layout/runs.js';

export interface Segment {
  text: string;
  words: Word[];
  /** Offset of each word in `text` (words are joined by single spaces). */
  starts: number[];
  bbox: BBox;
}

export interface LayoutLine {
  /** Position in the reading order of the whole document (0-based, across pages). */
  index: number;
  page: Page;
  text: string;
  bbox: BBox;
  /** Median word height: the unit for vertical and horizontal distances on this line. */
  height: number;
  segments: Segment[];
}

export interface Layout {
  lines: LayoutLine[];
}

/** A gap wider than this many word heights separates two segments (a space is about 0.3 of a word height). */
const SEGMENT_GAP = 0.8;
/** Documents are bounded upstream; these caps keep one pathological page from costing more than a few ms. */
const MAX_LINES = 20_000;
const MAX_WORDS_PER_LINE = 400;
/** Dot leaders ("Previous balance ........ 12.00") separate a label from its value. */
const LEADER = /^[.·…_\-=]{3,}$/u;

/** The box around all the given boxes (a zero box for none). */
export function unionBox(boxes: readonly BBox[]): BBox {
  return boxes.length === 0 ? { x: 0, y: 0, width: 0, height: 0 } : unionBoxes(boxes);
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

export function segmentOf(words: Word[]): Segment {
  return { ...joinWords(words), words, bbox: unionBox(words.map((w) => w.bbox)) };
}

function splitSegments(words: readonly Word[], height: number): Segment[] {
  const segments: Segment[] = [];
  let current: Word[] = [];
  let previous: Word | undefined;
  const flush = (): void => {
    if (current.length > 0) segments.push(segmentOf(current));
    current = [];
  };
  for (const word of words) {
    if (LEADER.test(word.text)) {
      flush();
      previous = undefined;
      continue;
    }
    const gap = previous ? word.bbox.x - (previous.bbox.x + previous.bbox.width) : 0;
    if (previous && gap > SEGMENT_GAP * height) flush();
    current.push(word);
    previous = word;
  }
  flush();
  return segments;
}

/** Lines of all pages in reading order, each cut into segments. */
export function buildLayout(doc: ReadDocument): Layout {
  const lines: LayoutLine[] = [];
  for (const page of doc.pages) {
    for (const line of page.lines) {
      if (lines.length >= MAX_LINES) return { lines };
      const words = line.words.filter((w) => w.text.trim() !== '').slice(0, MAX_WORDS_PER_LINE);
      if (words.length === 0) continue;
      const sorted = [...words].sort((a, b) => a.bbox.x - b.bbox.x);
      const height = median(sorted.map((w) => w.bbox.height)) || line.bbox.height || 1;
      const segments = splitSegments(sorted, height);
      if (segments.length === 0) continue;
      lines.push({
        index: lines.length,
        page,
        text: segments.map((s) => s.text).join('  '),
        bbox: unionBox(segments.map((s) => s.bbox)),
        height,
        segments,
      });
    }
  }
  return { lines };
}

/** Vertical distance from the bottom of `upper` to the top of `lower` (negative when they overlap). */
export function verticalGap(upper: BBox, lower: BBox): number {
  return lower.y - (upper.y + upper.height);
}
