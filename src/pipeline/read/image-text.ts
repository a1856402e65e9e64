// Text that a born-digital PDF prints as a picture: the vendor's name in its logo, an address block pasted in as an
// image. The images painted on the first text pages (found by walking their drawing operators) are cut from a render
// of their page and read by OCR; the words join the page's text layer with their OCR confidence, so later rules can
// tell them apart. The pipeline does this only when it needs to (pipeline/second-look.ts): it is not part of reading.
import type { Logger } from 'pino';
import type { BBox, Line, Page, Word } from '../model.js';
import { cropImage } from './image/transform.js';
import { ocrPage, type OcrPool } from './ocr/index.js';
import { findPageImages, type RenderedPage } from './pdf/index.js';
import type { SandboxRunner } from './sandbox/run-in-sandbox.js';

export interface ImageTextDeps {
  ocr: OcrPool;
  pdfRunner?: SandboxRunner;
  signal?: AbortSignal;
  log?: Logger;
  onOcrPage?: () => void;
}

/** Logos carry small type: 300 dpi is what tesseract reads best. */
const IMAGE_TEXT_DPI = 300;
/** Logos with the company name sit on the first page; a second covers a cover sheet. */
const IMAGE_PAGES = 2;
/** Reading an image costs OCR time: at most this many per document, largest first. */
const MAX_IMAGE_REGIONS = 4;
/** Margin around the image, in points: anti-aliased edges of the letters reach past the image's box. */
const MARGIN_PT = 2;
/** Words read with less confidence are mostly patterns and pictures taken for letters. */
const MIN_WORD_CONFIDENCE = 0.6;
/** White pixels around each crop: tesseract reads letters that touch the image edge poorly. */
const CROP_BORDER_PX = 12;

function overlaps(a: BBox, b: BBox): boolean {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 && w * h > 0.3 * Math.min(a.width * a.height, b.width * b.height);
}

/** A word that reads as text: two letters or digits in a row, read with confidence. */
function readable(word: Word): boolean {
  return (word.confidence ?? 0) >= MIN_WORD_CONFIDENCE && /[\p{L}\p{N}]{2}/u.test(word.text);
}

/** OCR lines of a crop, moved into the page's point coordinates; words the text layer already has are dropped. */
function toPageLines(
  lines: readonly Line[],
  origin: { x: number; y: number },
  scale: number,
  textWords: readonly BBox[],
): Line[] {
  const mapBox = (b: BBox): BBox => ({
    x: origin.x + b.x / scale,
    y: origin.y + b.y / scale,
    width: b.width / scale,
    height: b.height / scale,
  });
  const result: Line[] = [];
  for (const line of lines) {
    const words = line.words
      .map((w) => ({ ...w, bbox: mapBox(w.bbox) }))
      .filter((w) => readable(w) && !textWords.some((t) => overlaps(t, w.bbox)));
    if (words.length === 0) continue;
    const x = Math.min(...words.map((w) => w.bbox.x));
    const y = Math.min(...words.map((w) => w.bbox.y));
    const bbox = {
      x,
      y,
      width: Math.max(...words.map((w) => w.bbox.x + w.bbox.width)) - x,
      height: Math.max(...words.map((w) => w.bbox.y + w.bbox.height)) - y,
    };
    const confidence = words.reduce((sum, w) => sum + (w.confidence ?? 0), 0) / words.length;
    result.push({ text: words.map((w) => w.text).join(' '), bbox, words, confidence });
  }
  return result;
}

/**
 * Best effort: the page's own text was read already, so a render or an image that fails (a timeout, an image OCR
 * cannot decode) leaves the document as it was instead of failing it. Cancellation still stops the job.
 */
async function bestEffort<T>(deps: ImageTextDeps, what: string, fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    if (deps.signal?.aborted) throw err;
    deps.log?.warn({ err }, `reading the text of images on text pages: ${what} failed; going on without it`);
    return null;
  }
}

/**
 * Reads the text inside the images of the first IMAGE_PAGES text pages (the largest MAX_IMAGE_REGIONS, side by side
 * in the OCR pool) and returns the pages with those words added, and how many images were read.
 */
export async function readImageText(
  bytes: Uint8Array,
  pages: readonly Page[],
  deps: ImageTextDeps,
): Promise<{ pages: Page[]; imagesRead: number }> {
  const pageNumbers = pages.filter((p) => p.source === 'text' && p.number <= IMAGE_PAGES).map((p) => p.number);
  if (pageNumbers.length === 0) return { pages: [...pages], imagesRead: 0 };
  const rendered = await bestEffort(deps, 'finding the images', () =>
    findPageImages(bytes, pageNumbers, IMAGE_TEXT_DPI, { runner: deps.pdfRunner, signal: deps.signal }),
  );
  const chosen = (rendered ?? [])
    .flatMap((render) => render.images.map((bbox) => ({ render, bbox })))
    .sort((a, b) => b.bbox.width * b.bbox.height - a.bbox.width * a.bbox.height)
    .slice(0, MAX_IMAGE_REGIONS);
  if (chosen.length === 0) return { pages: [...pages], imagesRead: 0 };
  const scale = IMAGE_TEXT_DPI / 72;
  const readRegion = async (region: { render: RenderedPage; bbox: BBox }): Promise<Line[]> => {
    const page = pages[region.render.pageNumber - 1];
    if (!page) return [];
    const box = {
      x: Math.max(0, region.bbox.x - MARGIN_PT),
      y: Math.max(0, region.bbox.y - MARGIN_PT),
      width: region.bbox.width + 2 * MARGIN_PT,
      height: region.bbox.height + 2 * MARGIN_PT,
    };
    const pixels = { left: box.x * scale, top: box.y * scale, width: box.width * scale, height: box.height * scale };
    const read = await bestEffort(deps, `image on page ${page.number}`, async () => {
      const crop = await cropImage(region.render.png, pixels, CROP_BORDER_PX);
      return ocrPage(deps.ocr, crop.png, page.number, {
        detectOrientation: false,
        dpi: IMAGE_TEXT_DPI,
        preprocess: {},
      });
    });
    if (!read) return [];
    deps.onOcrPage?.();
    // The crop starts at the box's (pixel-floored) corner, less the white border.
    const origin = {
      x: Math.floor(pixels.left) / scale - CROP_BORDER_PX / scale,
      y: Math.floor(pixels.top) / scale - CROP_BORDER_PX / scale,
    };
    const textWords = page.lines.flatMap((l) => l.words.map((w) => w.bbox));
    return toPageLines(read.lines, origin, scale, textWords);
  };
  const read = await Promise.all(chosen.map(readRegion));
  const added = new Map<number, Line[]>();
  chosen.forEach(({ render }, i) =>
    added.set(render.pageNumber, [...(added.get(render.pageNumber) ?? []), ...(read[i] ?? [])]),
  );
  const withText = pages.map((page) => {
    const lines = added.get(page.number);
    return lines && lines.length > 0
      ? { ...page, lines: [...page.lines, ...lines].sort((a, b) => a.bbox.y - b.bbox.y || a.bbox.x - b.bbox.x) }
      : page;
  });
  return { pages: withText, imagesRead: chosen.length };
}
