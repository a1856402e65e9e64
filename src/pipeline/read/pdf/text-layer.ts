// Turns pdfjs text items into the document model's words and lines. pdfjs items are runs of text as the producer
// wrote them: whole phrases with spaces inside, single glyphs, or a word split over several runs. Words are cut on
// whitespace (x positions shared out in proportion to characters), glued back when runs touch, grouped into lines
// by vertical overlap and baseline, and sorted top-to-bottom, left-to-right. Words keep their own boxes, so column
// layouts (tables) can be recovered later from the gaps between them.
import type { BBox, Line, Word } from '../../model.js';

/** The fields of a pdfjs TextItem this module reads. */
export interface TextRun {
  str: string;
  /** Text-space-to-user-space matrix [a, b, c, d, e, f] of the run's start. */
  transform: number[];
  /** Advance of the whole run along its baseline, in user-space units. */
  width: number;
  fontName: string;
}

export interface FontMetrics {
  ascent?: number;
  descent?: number;
}

/** A piece of text with one box: a whitespace-free part of a run, later glued into a word. */
interface Fragment {
  text: string;
  box: BBox;
  baseline: number;
  fontSize: number;
  /** The run continues without whitespace before / after this piece, so it may join a neighbour. */
  touchesPrevious: boolean;
  touchesNext: boolean;
  /** A run of only whitespace: no word of its own, but it separates its neighbours however narrow it is. */
  isSpace: boolean;
}

/** Glyphs closer than this (in font sizes) belong to one word; a space is about 0.25-0.3 of the font size. */
const WORD_GAP = 0.18;
/** Two text lines are one line when their baselines differ by less than this fraction of the smaller font. */
const BASELINE_TOLERANCE = 0.5;
/** ...or when their boxes overlap by this much of the smaller height and their sizes are alike. */
const OVERLAP_TOLERANCE = 0.7;
const SIMILAR_SIZE_RATIO = 1.5;
const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = -0.2;
// Control characters and soft hyphens carry nothing a reader can see.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200d\u2060\ufeff]/gu;

/**
 * Builds the lines of one page from its text runs. `viewportTransform` is the page viewport's transform at scale 1
 * (it flips y and applies the page's /Rotate and crop box offset), so boxes come out in top-left-origin points.
 */
export function buildLines(
  runs: readonly TextRun[],
  fonts: Readonly<Record<string, FontMetrics>>,
  viewportTransform: readonly number[],
): Line[] {
  const horizontal: Fragment[] = [];
  const otherLines: Line[] = [];
  for (const run of runs) {
    const placed = placeRun(run, fonts[run.fontName], viewportTransform);
    if (!placed) continue;
    // A loop, not push(...fragments): one run may hold more words than a call can take arguments.
    if (placed.horizontal) for (const fragment of placed.fragments) horizontal.push(fragment);
    else if (placed.fragments.length > 0) otherLines.push(lineOf(placed.fragments.map(wordOf)));
  }
  const lines = [...groupIntoLines(horizontal).map((group) => lineOf(glueWords(group))), ...otherLines];
  return lines.sort((a, b) => a.bbox.y - b.bbox.y || a.bbox.x - b.bbox.x);
}

function placeRun(
  run: TextRun,
  font: FontMetrics | undefined,
  viewportTransform: readonly number[],
): { horizontal: boolean; fragments: Fragment[] } | undefined {
  const chars = Array.from(run.str.replace(INVISIBLE, ''));
  if (chars.length === 0 || !(run.width >= 0)) return undefined;
  const [a, b, c, d, e, f] = multiply(viewportTransform, run.transform);
  const advanceScale = Math.hypot(a, b);
  const fontSize = Math.hypot(c, d);
  if (!(advanceScale > 0) || !(fontSize > 0) || !Number.isFinite(e + f)) return undefined;

  // Unit vectors along the baseline and towards the top of the glyphs, in viewport space (y down).
  const along = { x: a / advanceScale, y: b / advanceScale };
  const up = { x: c / fontSize, y: d / fontSize };
  const ascent = clamp(font?.ascent || DEFAULT_ASCENT, 0.5, 1.5);
  const descent = clamp(font?.descent || DEFAULT_DESCENT, -0.6, 0);
  const horizontal = Math.abs(along.y) < 0.1 && along.x > 0;

  const cornersOf = (from: number, to: number): BBox =>
    boundingBox(
      [from, to].flatMap((offset) =>
        [ascent, descent].map((height) => ({
          x: e + along.x * offset + up.x * height * fontSize,
          y: f + along.y * offset + up.y * height * fontSize,
        })),
      ),
    );
  if (chars.every((char) => /\s/u.test(char))) {
    const space = {
      text: '',
      box: cornersOf(0, run.width),
      baseline: f,
      fontSize,
      touchesPrevious: false,
      touchesNext: false,
      isSpace: true,
    };
    return { horizontal, fragments: horizontal ? [space] : [] };
  }

  const fragments: Fragment[] = [];
  const perChar = run.width / chars.length;
  let index = 0;
  while (index < chars.length) {
    if (/\s/u.test(chars[index]!)) {
      index += 1;
      continue;
    }
    const start = index;
    while (index < chars.length && !/\s/u.test(chars[index]!)) index += 1;
    const from = start * perChar;
    fragments.push({
      text: chars.slice(start, index).join(''),
      box: cornersOf(from, index * perChar),
      baseline: f + along.y * from,
      fontSize,
      touchesPrevious: start === 0,
      touchesNext: index === chars.length,
      isSpace: false,
    });
  }
  return { horizontal, fragments };
}

/** Clusters horizontal fragments into lines, visiting them from the top of the page down. */
function groupIntoLines(fragments: Fragment[]): Fragment[][] {
  interface OpenLine {
    fragments: Fragment[];
    top: number;
    bottom: number;
    baseline: number;
    fontSize: number;
  }
  const centre = (fragment: Fragment): number => fragment.box.y + fragment.box.height / 2;
  const sorted = [...fragments].sort((p, q) => centre(p) - centre(q) || p.box.x - q.box.x);
  const closed: OpenLine[] = [];
  let open: OpenLine[] = [];
  for (const fragment of sorted) {
    const top = fragment.box.y;
    const bottom = top + fragment.box.height;
    // Lines that end above this fragment can take nothing more: the scan only moves down.
    const stillOpen: OpenLine[] = [];
    for (const line of open) (line.bottom < top ? closed : stillOpen).push(line);
    open = stillOpen;

    let best: OpenLine | undefined;
    let bestScore = 0;
    for (const line of open) {
      const score = belongsToLine(fragment, top, bottom, line);
      if (score > bestScore) {
        best = line;
        bestScore = score;
      }
    }
    if (best) {
      best.fragments.push(fragment);
      best.top = Math.min(best.top, top);
      best.bottom = Math.max(best.bottom, bottom);
    } else if (!fragment.isSpace) {
      open.push({ fragments: [fragment], top, bottom, baseline: fragment.baseline, fontSize: fragment.fontSize });
    }
  }
  return [...closed, ...open].map((line) => line.fragments);
}

/** 0 when the fragment is not on the line, otherwise a score (higher is a better fit). */
function belongsToLine(
  fragment: Fragment,
  top: number,
  bottom: number,
  line: { top: number; bottom: number; baseline: number; fontSize: number },
): number {
  const smallerFont = Math.min(fragment.fontSize, line.fontSize);
  const baselineDistance = Math.abs(fragment.baseline - line.baseline);
  if (baselineDistance <= BASELINE_TOLERANCE * smallerFont) return 2 - baselineDistance / smallerFont;
  const overlap = Math.min(bottom, line.bottom) - Math.max(top, line.top);
  const smallerHeight = Math.min(bottom - top, line.bottom - line.top);
  const similarSize = Math.max(fragment.fontSize, line.fontSize) / smallerFont < SIMILAR_SIZE_RATIO;
  if (similarSize && smallerHeight > 0 && overlap >= OVERLAP_TOLERANCE * smallerHeight) return overlap / smallerHeight;
  return 0;
}

/** Orders a line's fragments left to right and glues touching ones into words; drops doubled "fake bold" runs. */
function glueWords(fragments: Fragment[]): Word[] {
  const sorted = [...fragments].sort((p, q) => p.box.x - q.box.x);
  const words: Word[] = [];
  let previous: Fragment | undefined;
  let spaceSincePrevious = false;
  for (const fragment of sorted) {
    if (fragment.isSpace) {
      spaceSincePrevious = true;
      continue;
    }
    if (previous && isOverprint(previous, fragment)) continue;
    const gap = previous ? fragment.box.x - (previous.box.x + previous.box.width) : Infinity;
    const fontSize = previous ? Math.min(previous.fontSize, fragment.fontSize) : fragment.fontSize;
    const last = words.at(-1);
    const touching = !spaceSincePrevious && previous?.touchesNext && fragment.touchesPrevious;
    if (last && touching && gap <= WORD_GAP * fontSize && gap >= -0.5 * fontSize) {
      last.text += fragment.text;
      last.bbox = union([last.bbox, fragment.box]);
    } else {
      words.push(wordOf(fragment));
    }
    previous = fragment;
    spaceSincePrevious = false;
  }
  return words.flatMap(splitGluedValues);
}

/** An amount with cents, ungrouped or grouped by threes with a mark other than its decimal one. */
const AMOUNT_WITH_CENTS = /^[-−]?(?:\d{1,12}|\d{1,3}(?:([,.' ])\d{3})+)([.,])\d{2}$/u;

/** The decimal mark of a well-formed amount with cents, or null. */
function decimalMarkOf(text: string): string | null {
  const m = AMOUNT_WITH_CENTS.exec(text);
  return m && m[1] !== m[2] ? (m[2] as string) : null;
}

/** Where "130000.00130000.00" divides into two well-formed amounts with the same decimal mark, if anywhere. */
function twoAmountsCut(text: string): number | null {
  if (!/^[-−]?\d[\d.,' ]*[.,]\d{2}$/u.test(text)) return null;
  for (const m of text.matchAll(/[.,]\d{2}(?=[-−]?\d)/gu)) {
    const cut = (m.index as number) + 3;
    const mark = decimalMarkOf(text.slice(0, cut));
    if (mark !== null && decimalMarkOf(text.slice(cut)) === mark) return cut;
  }
  return null;
}

/**
 * A whole date flush against a word ("2016-04-03Arc"): an ISO or day-month-year date, then two letters, so an
 * ISO date-time ("2024-03-10T172205", often an invoice number) stays whole.
 */
const DATE_THEN_WORD = /^(\d{4}([-‐‑./])\d{2}\2\d{2}|\d{2}([-‐‑./])\d{2}\3\d{4})(?=\p{L}{2})/u;

/**
 * Where a word is two values printed without a gap: tight table columns and generators that print no space glyph
 * put a price flush against its line amount, or a service date against the item's description; pdfjs hands them
 * over as one string. Returns the offset to cut at (null for an ordinary word). Amounts need cents on both sides
 * and dates all their parts, so an article number or a long amount is never cut.
 */
function gluedValueCut(text: string): number | null {
  const date = DATE_THEN_WORD.exec(text);
  return twoAmountsCut(text) ?? (date ? Array.from(date[1] as string).length : null);
}

/** Splits a word at its glued-value cut, sharing its box out in proportion to the characters. */
function splitGluedValues(word: Word): Word[] {
  const cut = gluedValueCut(word.text);
  if (cut === null) return [word];
  const chars = Array.from(word.text);
  const perChar = word.bbox.width / chars.length;
  const part = (from: number, to: number): Word => ({
    text: chars.slice(from, to).join(''),
    bbox: { ...word.bbox, x: word.bbox.x + from * perChar, width: (to - from) * perChar },
  });
  return [part(0, cut), part(cut, chars.length)];
}

/** The same text printed twice at almost the same place (a common way to fake bold type). */
function isOverprint(previous: Fragment, fragment: Fragment): boolean {
  const tolerance = 0.2 * Math.min(previous.fontSize, fragment.fontSize);
  return (
    previous.text === fragment.text &&
    Math.abs(previous.box.x - fragment.box.x) < tolerance &&
    Math.abs(previous.baseline - fragment.baseline) < tolerance
  );
}

function wordOf(fragment: Fragment): Word {
  return { text: fragment.text, bbox: { ...fragment.box } };
}

function lineOf(words: Word[]): Line {
  const rounded = words.map((word) => ({ text: word.text, bbox: roundBox(word.bbox) }));
  return {
    text: rounded.map((word) => word.text).join(' '),
    bbox: roundBox(union(words.map((word) => word.bbox))),
    words: rounded,
  };
}

function multiply(m: readonly number[], n: readonly number[]): [number, number, number, number, number, number] {
  const [a1 = 1, b1 = 0, c1 = 0, d1 = 1, e1 = 0, f1 = 0] = m;
  const [a2 = 1, b2 = 0, c2 = 0, d2 = 1, e2 = 0, f2 = 0] = n;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

function boundingBox(points: { x: number; y: number }[]): BBox {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const point of points) {
    left = Math.min(left, point.x);
    top = Math.min(top, point.y);
    right = Math.max(right, point.x);
    bottom = Math.max(bottom, point.y);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

function union(boxes: BBox[]): BBox {
  return boundingBox(
    boxes.flatMap((box) => [
      { x: box.x, y: box.y },
      { x: box.x + box.width, y: box.y + box.height },
    ]),
  );
}

function roundBox(box: BBox): BBox {
  const round = (value: number): number => Math.round(value * 100) / 100;
  return { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
