// The page words regrouped for layout rules: lines split into segments (runs of words with word-sized gaps, i.e. a
// cell or a label/value pair), with global indexes so rules can walk the document in reading order.
import type { BBox, Page, ReadDocument, Word } from '../../../model.js';
import { median, right, unionBoxes } from './geometry.js';
import { joinOcrRows } from './ocr-rows.js';
import { joinWords } from './runs.js';

export interface Segment {
  /** Index in Layout.segments (reading order over the whole document). */
  index: number;
  /** 1-based page number. */
  page: number;
  /** Index of its line in Layout.lines. */
  line: number;
  /** The words joined by single spaces. */
  text: string;
  words: Word[];
  /** Offset of each word in `text`. */
  starts: number[];
  bbox: BBox;
  /** 1 for a text layer; the mean word confidence for OCR. */
  confidence: number;
  source: 'text' | 'ocr';
}

export interface LayoutLine {
  index: number;
  page: number;
  text: string;
  bbox: BBox;
  segments: Segment[];
}

export interface LayoutPage {
  number: number;
  width: number;
  height: number;
  source: 'text' | 'ocr';
  lines: LayoutLine[];
  /** Median word height on the page: the unit for distances ("two lines below"). */
  lineHeight: number;
  /** Top of its first line and the lowest bottom of any (0 and 0 without lines): where the text lies in a capture. */
  textTop: number;
  textBottom: number;
}

export interface Layout {
  pages: LayoutPage[];
  lines: LayoutLine[];
  segments: Segment[];
}

/** A gap wider than this many word heights separates two segments (a space is ~0.3-0.5 of a word's height). */
const SEGMENT_GAP = 0.85;
/** Bounds the work on hostile documents: words beyond this are ignored. */
const MAX_WORDS = 60_000;

/** An OCR word: on a scanned page, or read from an image on a text page (then it carries a confidence). */
function isOcrWord(word: Word, page: Page): boolean {
  return page.source === 'ocr' || word.confidence !== undefined;
}

function wordConfidence(word: Word, page: Page): number {
  if (!isOcrWord(word, page)) return 1;
  return word.confidence ?? 0.5;
}

function makeSegment(words: Word[], page: Page, line: number): Omit<Segment, 'index'> {
  const { text, starts } = joinWords(words);
  const confidence = words.reduce((sum, w) => sum + wordConfidence(w, page), 0) / words.length;
  const source = words.some((w) => isOcrWord(w, page)) ? 'ocr' : 'text';
  return {
    page: page.number,
    line,
    text,
    words,
    starts,
    bbox: unionBoxes(words.map((w) => w.bbox)),
    confidence,
    source,
  };
}

/**
 * OCR boxes hug the ink ("vom" is only as tall as an x), while text layers give the font's full height: OCR
 * heights are scaled to about one em so that one set of distances serves both.
 */
const OCR_EM_PER_INK = 1.5;

function emHeight(word: Word, page: Page): number {
  return isOcrWord(word, page) ? word.bbox.height * OCR_EM_PER_INK : word.bbox.height;
}

/** Splits a line's words (sorted left to right) where the gap exceeds SEGMENT_GAP word heights. */
function splitLine(words: Word[], page: Page): Word[][] {
  const groups: Word[][] = [];
  let current: Word[] = [];
  for (const word of words) {
    const previous = current[current.length - 1];
    if (previous) {
      const height =
        page.source === 'ocr'
          ? Math.max(emHeight(previous, page), emHeight(word, page))
          : Math.min(emHeight(previous, page), emHeight(word, page));
      if (word.bbox.x - right(previous.bbox) > SEGMENT_GAP * (height || 1)) {
        groups.push(current);
        current = [];
      }
    }
    current.push(word);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** The box of a word as printed on the page (before deskewing), for provenance. */
const printedBoxes = new WeakMap<Word, BBox>();

export function printedBox(word: Word): BBox {
  return printedBoxes.get(word) ?? word.bbox;
}

const MIN_SKEW = 0.002;
const MAX_SKEW = 0.09;

/**
 * The skew of an OCR page (dy/dx of its text lines): a photo or scan lies a degree or two off. Tesseract groups
 * skewed words into lines correctly but reports boxes in the skewed image; rows across the page then miss each
 * other by more than their height. Median over the long lines, each a least-squares fit of its word centres.
 */
function skewOf(page: Page): number {
  const slopes: number[] = [];
  for (const line of page.lines) {
    const words = line.words.filter((w) => w.text.trim().length > 1);
    if (words.length < 3 || line.bbox.width < page.width * 0.2) continue;
    const xs = words.map((w) => w.bbox.x + w.bbox.width / 2);
    const ys = words.map((w) => w.bbox.y + w.bbox.height);
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    let sxx = 0;
    let sxy = 0;
    xs.forEach((x, i) => {
      sxx += (x - mx) ** 2;
      sxy += (x - mx) * ((ys[i] as number) - my);
    });
    if (sxx > 0) slopes.push(sxy / sxx);
  }
  if (slopes.length < 3) return 0;
  const skew = median(slopes);
  return Math.abs(skew) >= MIN_SKEW && Math.abs(skew) <= MAX_SKEW ? skew : 0;
}

/** Words with their boxes turned level (the printed box is kept for provenance). */
function levelWords(words: readonly Word[], skew: number, centre: number): Word[] {
  if (skew === 0) return [...words];
  return words.map((w) => {
    const dy = skew * (w.bbox.x + w.bbox.width / 2 - centre);
    const level: Word = { ...w, bbox: { ...w.bbox, y: w.bbox.y - dy } };
    printedBoxes.set(level, w.bbox);
    return level;
  });
}

/** OCR reads the minus of a negative amount as "=" or "~" ("=7,67"): a word that is such an amount gets its minus. */
const OCR_MINUS = /^[=~](?=\d{1,3}(?:[.,' ]?\d{3})*[.,]\d{2}$)/u;

function ocrWordText(text: string): string {
  return text.replace(OCR_MINUS, '-');
}

export function buildLayout(doc: ReadDocument): Layout {
  const layout: Layout = { pages: [], lines: [], segments: [] };
  let budget = MAX_WORDS;
  for (const page of doc.pages) {
    const layoutPage: LayoutPage = {
      number: page.number,
      width: page.width,
      height: page.height,
      source: page.source,
      lines: [],
      lineHeight: 0,
      textTop: 0,
      textBottom: 0,
    };
    const heights: number[] = [];
    // Rules walk lines top to bottom and stop early: order them by position, whatever order the reader gave.
    const skew = page.source === 'ocr' ? skewOf(page) : 0;
    const levelled = page.lines
      .map((line) => ({ ...line, words: levelWords(line.words, skew, page.width / 2) }))
      .filter((line) => line.words.length > 0)
      .map((line) => ({ ...line, bbox: unionBoxes(line.words.map((w) => w.bbox)) }));
    const lines = (page.source === 'ocr' ? joinOcrRows(levelled) : levelled).sort(
      (a, b) => a.bbox.y - b.bbox.y || a.bbox.x - b.bbox.x,
    );
    for (const line of lines) {
      const words = line.words
        .filter((w) => w.text.trim().length > 0 && w.bbox.width >= 0 && w.bbox.height > 0)
        .map((w) => {
          const trimmed: Word = { ...w, text: isOcrWord(w, page) ? ocrWordText(w.text.trim()) : w.text.trim() };
          printedBoxes.set(trimmed, printedBox(w));
          return trimmed;
        })
        .sort((a, b) => a.bbox.x - b.bbox.x);
      if (words.length === 0 || budget <= 0) continue;
      budget -= words.length;
      const layoutLine: LayoutLine = {
        index: layout.lines.length,
        page: page.number,
        text: '',
        bbox: unionBoxes(words.map((w) => w.bbox)),
        segments: [],
      };
      for (const group of splitLine(words, page)) {
        const segment: Segment = { index: layout.segments.length, ...makeSegment(group, page, layoutLine.index) };
        layout.segments.push(segment);
        layoutLine.segments.push(segment);
      }
      layoutLine.text = layoutLine.segments.map((s) => s.text).join('  ');
      for (const w of words) heights.push(emHeight(w, page));
      layout.lines.push(layoutLine);
      layoutPage.lines.push(layoutLine);
    }
    layoutPage.lineHeight = median(heights) || 10;
    // Lines are in top-to-bottom order; a tall one (a logo) may end lower than the last.
    layoutPage.textTop = layoutPage.lines[0]?.bbox.y ?? 0;
    layoutPage.textBottom = layoutPage.lines.reduce((end, l) => Math.max(end, l.bbox.y + l.bbox.height), 0);
    layout.pages.push(layoutPage);
  }
  return layout;
}

export function pageOf(layout: Layout, pageNumber: number): LayoutPage {
  const page = layout.pages.find((p) => p.number === pageNumber);
  if (!page) throw new RangeError(`no page ${pageNumber}`);
  return page;
}

/**
 * Where the top `share` of a page ends, measured on the page or, when the document lies inside a larger capture (a
 * receipt photographed on a table, a slip scanned on an A4 bed), on the part holding its text: whichever ends lower.
 */
export function topShareEnd(page: LayoutPage, share: number): number {
  return Math.max(page.height * share, page.textTop + (page.textBottom - page.textTop) * share);
}
