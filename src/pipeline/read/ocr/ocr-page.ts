// OCR of one page image into the document model, turning the page upright when it was scanned or photographed on
// its side or upside down. Upright pages (nearly all) cost one recognition. For a page that reads poorly, small
// previews are read at 90 and 270 degrees (then 180 if needed); when one reads clearly better, the page is read
// again at full size in that orientation. Small skew (a few degrees) is straightened before reading (preprocessPage's
// deskew, on by default: docs/ocr.md).
import type { Page } from '../../model.js';
import { PipelineError } from '../../errors.js';
import { normalizeImage, type NormalizeOptions } from '../image/normalize.js';
import { PREPROCESS_DEFAULTS, preprocessPage, type PreprocessOptions } from '../image/preprocess.js';
import { centralPreview, imageSize, rotateImage, type QuarterTurn } from '../image/transform.js';
import { looksUpright, previewReadsBetter, readingQuality, readsBetter, type ReadingQuality } from './orientation.js';
import type { OcrPool } from './engine.js';

export interface OcrPageOptions {
  /** Search for a better orientation when the page reads poorly; default true. */
  detectOrientation?: boolean;
  /** The image's resolution when known (a crop of a rendered page); otherwise guessed from an A4 page's size. */
  dpi?: number;
  /** Clean-up before reading (deskew, contrast); default PREPROCESS_DEFAULTS. */
  preprocess?: PreprocessOptions;
}

/**
 * Orientation previews: the page downscaled to a 1200-pixel long side (800 was measured too small to tell the
 * orientations apart), central 70% only; each costs 1-3 s of CPU instead of 2-4 s for the whole page.
 */
const PREVIEW_LONG_SIDE = 1200;
const PREVIEW_FRACTION = 0.7;
/** Pages given to ocrPage come from normalizeImage or a PDF render; this bounds what tesseract decodes anyway. */
const MAX_PAGE_PIXELS = 40_000_000;
/** A4's long side in inches, for the dpi hint (tesseract warns and guesses when an image carries none). */
const PAGE_LONG_SIDE_INCHES = 11.69;

interface Reading {
  lines: Page['lines'];
  quality: ReadingQuality;
  width: number;
  height: number;
}

/**
 * Reads one greyscale page image (a PNG from normalizeImage or a rendered PDF page). Word boxes are in pixels of
 * the upright image; `rotation` says how far (clockwise) the given image was turned to read it.
 * Rejects with PipelineError: timeout, ocr_failed, resource_limit.
 */
export async function ocrPage(
  pool: OcrPool,
  png: Uint8Array,
  pageNumber: number,
  options: OcrPageOptions = {},
): Promise<Page> {
  const where = { page: pageNumber };
  let size = await imageSize(png).catch((error: unknown) => {
    throw new PipelineError('parsing', 'image_corrupt', 'The page image cannot be decoded.', where, false, {
      cause: error,
    });
  });
  if (size.width * size.height > MAX_PAGE_PIXELS) {
    throw new PipelineError('parsing', 'resource_limit', 'The page image is too large for OCR.', { ...where, ...size });
  }
  const preprocess = options.preprocess ?? PREPROCESS_DEFAULTS;
  if (preprocess.deskew === true || preprocess.contrast === true) {
    const cleaned = await preprocessPage(png, preprocess);
    png = cleaned.png;
    size = { width: cleaned.width, height: cleaned.height };
  }
  // An engine that can tell a page on its side cheaply saves the full reading at the wrong angle and the previews.
  // Asked for landscape images only: a page or receipt on its side is one, and most upright pages are portrait.
  const askTurn = options.detectOrientation !== false && pool.suggestTurn !== undefined && size.width > size.height;
  const hint = askTurn ? await pool.suggestTurn!(png) : 0;
  if (hint !== 0) {
    const turned = await rotateImage(png, hint);
    const reading = await read(pool, turned.png, turned, false, options.dpi);
    if (looksUpright(reading.quality)) return toPage(reading, pageNumber, hint, pool.engine);
  }
  const upright = await read(pool, png, size, false, options.dpi);
  if (options.detectOrientation === false || looksUpright(upright.quality))
    return toPage(upright, pageNumber, 0, pool.engine);

  const best = await bestTurn(pool, png, upright.quality);
  if (best === null) return toPage(upright, pageNumber, 0, pool.engine);
  const turned = await rotateImage(png, best);
  const reading = await read(pool, turned.png, turned);
  if (!readsBetter(reading.quality, upright.quality)) return toPage(upright, pageNumber, 0, pool.engine);
  return toPage(reading, pageNumber, best, pool.engine);
}

/**
 * The quarter turn whose preview reads clearly better than the page as given, or null. A page on its side (a phone
 * photo of a portrait page held landscape) is the common case, so 90 and 270 are tried first, side by side; 180
 * only when neither reads upright.
 */
async function bestTurn(pool: OcrPool, png: Uint8Array, asGiven: ReadingQuality): Promise<QuarterTurn | null> {
  const preview = await centralPreview(png, PREVIEW_LONG_SIDE, PREVIEW_FRACTION);
  const readTurned = async (turn: QuarterTurn) => {
    const turned = await rotateImage(preview.png, turn);
    return { turn, quality: (await read(pool, turned.png, turned, true)).quality };
  };
  const sideways = await Promise.all([readTurned(90), readTurned(270)]);
  let best = sideways[0]!.quality.confidentShare >= sideways[1]!.quality.confidentShare ? sideways[0]! : sideways[1]!;
  if (!looksUpright(best.quality)) {
    const upsideDown = await readTurned(180);
    if (upsideDown.quality.confidentShare > best.quality.confidentShare) best = upsideDown;
  }
  return previewReadsBetter(best.quality, asGiven) ? best.turn : null;
}

/**
 * Normalizes an uploaded image (JPEG, PNG, TIFF with all its pages, WebP) and reads every page; pages are numbered
 * from `firstPageNumber`. Rejects with PipelineError (see normalizeImage and ocrPage).
 */
export async function ocrImage(
  pool: OcrPool,
  bytes: Uint8Array,
  firstPageNumber = 1,
  options: OcrPageOptions & { normalize?: NormalizeOptions } = {},
): Promise<Page[]> {
  const images = await normalizeImage(bytes, options.normalize);
  // All pages are queued at once: the pool bounds how many run, in order.
  return Promise.all(images.map((image, index) => ocrPage(pool, image.png, firstPageNumber + index, options)));
}

async function read(
  pool: OcrPool,
  png: Uint8Array,
  size: { width: number; height: number },
  preview = false,
  knownDpi?: number,
): Promise<Reading> {
  const dpi =
    knownDpi ?? Math.round(Math.min(600, Math.max(70, Math.max(size.width, size.height) / PAGE_LONG_SIDE_INCHES)));
  const lines = await pool.readLines(png, { dpi, preview });
  return { lines, quality: readingQuality(lines), width: size.width, height: size.height };
}

function toPage(reading: Reading, pageNumber: number, rotation: QuarterTurn, ocrEngine: string): Page {
  return {
    number: pageNumber,
    width: reading.width,
    height: reading.height,
    unit: 'px',
    source: 'ocr',
    lines: reading.lines,
    rotation,
    ocrEngine,
  };
}
