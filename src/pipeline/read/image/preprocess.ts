// Clean-up of a page image before OCR, for real captures: a scan or photo is rarely straight and thermal receipts
// fade to grey on grey. Both steps work on the normalized greyscale PNG (trusted input from normalizeImage or a PDF
// render) and are measured by bench:ocr; docs/ocr.md says which are on by default and why.
// - deskew: the small angle (up to MAX_SKEW degrees) at which the dark pixels line up best into text rows
//   (projection profile), then a rotation by its opposite. Quarter turns are the orientation search's job.
// - contrast: the paper's own brightness, estimated by a strong blur of a downscaled copy, is divided out (shadows,
//   yellowed or greyed paper become white), then the darkest and lightest percentile are stretched to black/white.
import sharp from 'sharp';
import { traced, type StageTrace } from './stage-trace.js';

export interface PreprocessOptions {
  deskew?: boolean;
  contrast?: boolean;
}

/** Default steps: the ones bench:ocr showed to help (docs/ocr.md). */
export const PREPROCESS_DEFAULTS: Required<PreprocessOptions> = { deskew: true, contrast: false };

/** Angles searched, in degrees either way. */
const MAX_SKEW = 8;
/** Below this the page is left as it is: rotating resamples every pixel (and costs time) for nothing. */
const MIN_CORRECTION = 0.3;
/** The skew is estimated on a copy this wide: rows of text stay distinct, the search stays cheap (~20 ms). */
const ESTIMATE_WIDTH = 1000;
/** Shares of the darkest pixels taken for the ink level (darkThreshold): the first dark enough wins. */
const INK_SHARES = [0.05, 0.01, 0.002];
/** Ink at least this much darker than the paper; less is a blank page or one without printed text. */
const MIN_INK_CONTRAST = 30;

export interface PreprocessedPage {
  png: Buffer;
  width: number;
  height: number;
  /** Degrees the page was rotated (clockwise positive) to straighten it; 0 when left as it was. */
  deskewedBy: number;
}

export async function preprocessPage(
  png: Uint8Array,
  options: PreprocessOptions = PREPROCESS_DEFAULTS,
  trace?: StageTrace,
): Promise<PreprocessedPage> {
  let image = await traced(trace, 'preprocess: decode', () =>
    sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true }),
  );
  let grey = {
    data: firstChannel(image.data, image.info.channels),
    width: image.info.width,
    height: image.info.height,
  };
  let deskewedBy = 0;
  if (options.deskew === true) {
    const skew = await traced(trace, 'deskew: angle search', () => estimateSkew(grey));
    if (Math.abs(skew) >= MIN_CORRECTION) {
      deskewedBy = -skew;
      const from = grey;
      image = await traced(trace, 'deskew: rotation', () =>
        sharp(from.data, { raw: { width: from.width, height: from.height, channels: 1 } })
          .rotate(deskewedBy, { background: '#ffffff' })
          .toColourspace('b-w')
          .raw()
          .toBuffer({ resolveWithObject: true }),
      );
      grey = {
        data: firstChannel(image.data, image.info.channels),
        width: image.info.width,
        height: image.info.height,
      };
    }
  }
  if (options.contrast === true) grey = { ...grey, data: await normalizeBackground(grey) };
  const final = grey;
  const out = await traced(trace, 'preprocess: encode', () =>
    sharp(final.data, { raw: { width: final.width, height: final.height, channels: 1 } })
      .toColourspace('b-w')
      .png({ compressionLevel: 2 })
      .toBuffer(),
  );
  return { png: out, width: grey.width, height: grey.height, deskewedBy };
}

interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

function firstChannel(data: Uint8Array, channels: number): Uint8Array {
  if (channels === 1) return data;
  const grey = new Uint8Array(data.length / channels);
  for (let i = 0; i < grey.length; i += 1) grey[i] = data[i * channels]!;
  return grey;
}

/** How the skew is searched: a coarse pass over all angles on a small copy, a fine pass around its best. */
export interface SkewSearch {
  /** Width of the copy the coarse pass (every `coarseStep` degrees over +-MAX_SKEW) looks at. */
  coarseWidth: number;
  coarseStep: number;
  /** Width of the copy the fine pass (tenths of a degree within a coarse step of the best) looks at. */
  fineWidth: number;
}

/**
 * Coarse half degrees on a 500-pixel-wide copy, tenths on a 1000-pixel one: a quarter of the dark pixels for 33 of
 * the 44 angles. Same angle as the search on 1000 pixels throughout (33 half degrees + 11 tenths, before
 * 2026-11-27) on the 22 real captures of bench:ocr, within 0.1 degree of a search at full resolution on the test's
 * turned pages (test/pipeline/read/ocr/preprocess.test.ts), at ~45% of its time (docs/ocr.md).
 */
export const SKEW_SEARCH: SkewSearch = { coarseWidth: ESTIMATE_WIDTH / 2, coarseStep: 0.5, fineWidth: ESTIMATE_WIDTH };

interface DarkPixels {
  xs: Int32Array;
  ys: Int32Array;
  width: number;
  height: number;
}

/** A copy of `image` at most `width` wide (the image itself when it is not wider). */
async function scaledTo(image: Grey, width: number): Promise<Grey> {
  if (image.width <= width) return image;
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return { data, width, height };
}

/** The dark pixels of `image` as coordinates, or null when it has no text rows to line up. */
function darkPixels(image: Grey): DarkPixels | null {
  const { data, width, height } = image;
  const threshold = darkThreshold(data);
  let count = 0;
  for (let i = 0; i < data.length; i += 1) if (data[i]! < threshold) count += 1;
  // A page that is nearly all dark (a photo, a black border) has no text rows to line up.
  if (count < 50 || count > 0.5 * width * height) return null;
  const xs = new Int32Array(count);
  const ys = new Int32Array(count);
  for (let y = 0, n = 0; y < height; y += 1) {
    for (let x = 0, i = y * width; x < width; x += 1, i += 1) {
      if (data[i]! < threshold) {
        xs[n] = x;
        ys[n] = y;
        n += 1;
      }
    }
  }
  return { xs, ys, width, height };
}

/** Sum of squared row counts of the dark pixels projected along `degrees`: peaked when text rows line up. */
function sharpness(points: DarkPixels, degrees: number): number {
  const slope = Math.tan((degrees * Math.PI) / 180);
  const offset = Math.ceil(points.width * Math.abs(slope)) + 1;
  const rows = new Float64Array(points.height + 2 * offset);
  const { xs, ys } = points;
  for (let i = 0; i < xs.length; i += 1) {
    const row = Math.round(ys[i]! - xs[i]! * slope) + offset;
    rows[row] = rows[row]! + 1;
  }
  let sum = 0;
  for (const count of rows) sum += count * count;
  return sum;
}

/** Lets the event loop run between two angles: the search is ~20-60 ms of JavaScript in ~1 ms pieces. */
const breath = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The page's skew in degrees (clockwise positive: text rows descend to the right). Dark pixels of a downscaled copy
 * are projected onto rows at each candidate angle; rows of text give a peaked profile (high sum of squared row
 * counts) only at the right angle. Coarse search over all angles on a small copy, then tenths around the best on a
 * larger one (SKEW_SEARCH); the event loop runs between angles.
 */
export async function estimateSkew(image: Grey, search: SkewSearch = SKEW_SEARCH): Promise<number> {
  // The coarse copy is made from the fine one (smaller input); each scaling runs in sharp's threads.
  const fine = await scaledTo(image, search.fineWidth);
  const finePoints = darkPixels(fine);
  await breath();
  const coarsePoints =
    search.coarseWidth >= fine.width ? finePoints : darkPixels(await scaledTo(fine, search.coarseWidth));
  if (finePoints === null || coarsePoints === null) return 0;
  const best = async (points: DarkPixels, from: number, to: number, step: number) => {
    let bestAngle = 0;
    let bestScore = -1;
    const count = Math.round((to - from) / step);
    for (let i = 0; i <= count; i += 1) {
      const angle = from + i * step;
      const value = sharpness(points, angle);
      // Ties go to the smaller angle: a page with no clear rows stays as it is.
      if (value > bestScore * (1 + 1e-9) || (value >= bestScore && Math.abs(angle) < Math.abs(bestAngle))) {
        bestScore = value;
        bestAngle = angle;
      }
      await breath();
    }
    return bestAngle;
  };
  const coarse = await best(coarsePoints, -MAX_SKEW, MAX_SKEW, search.coarseStep);
  return Math.round((await best(finePoints, coarse - search.coarseStep, coarse + search.coarseStep, 0.1)) * 10) / 10;
}

/**
 * Between the page's dark (ink) and light (paper) levels: the mean of the ink's and the median (paper). The ink is
 * the 5th percentile where text covers that much of the page (receipts, dense scans); an invoice page is mostly
 * paper, and its 5th percentile is paper too, so the darkest 1 % and then 0.2 % are tried before giving up (until
 * 2026-11-28 such pages were never deskewed: synthetic invoice photos and scans turned 1-3 degrees kept their tilt).
 */
function darkThreshold(data: Uint8Array): number {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i += 1) histogram[data[i]!] = histogram[data[i]!]! + 1;
  const percentile = (share: number): number => {
    let seen = 0;
    for (let level = 0; level < 256; level += 1) {
      seen += histogram[level]!;
      if (seen >= share * data.length) return level;
    }
    return 255;
  };
  const paper = percentile(0.5);
  for (const share of INK_SHARES) {
    const ink = percentile(share);
    if (paper - ink >= MIN_INK_CONTRAST) return (ink + paper) / 2;
  }
  return -1;
}

/** Divides the paper's brightness out and stretches 1st..99th percentile to 0..255. */
async function normalizeBackground(image: Grey): Promise<Uint8Array> {
  // The blur must be much wider than a letter stroke: on a 1/8-size copy, sigma 8 is ~64 page pixels.
  const smallWidth = Math.max(8, Math.round(image.width / 8));
  const smallHeight = Math.max(8, Math.round(image.height / 8));
  const small = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(smallWidth, smallHeight, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  // The paper is the light part: a max filter before the blur keeps ink from darkening the estimate.
  const background = await sharp(maxFilter(small, smallWidth, smallHeight, 2), {
    raw: { width: smallWidth, height: smallHeight, channels: 1 },
  })
    .blur(8)
    .resize(image.width, image.height, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const flattened = new Uint8Array(image.data.length);
  for (let i = 0; i < flattened.length; i += 1) {
    flattened[i] = Math.min(255, Math.round((image.data[i]! * 255) / Math.max(1, background[i]!)));
  }
  const histogram = new Uint32Array(256);
  for (const value of flattened) histogram[value] = histogram[value]! + 1;
  let low = 0;
  let high = 255;
  for (let level = 0, seen = 0; level < 256; level += 1) {
    seen += histogram[level]!;
    if (seen <= 0.01 * flattened.length) low = level;
    if (seen >= 0.99 * flattened.length) {
      high = level;
      break;
    }
  }
  if (high - low < 16) return flattened;
  const span = high - low;
  for (let i = 0; i < flattened.length; i += 1) {
    flattened[i] = Math.max(0, Math.min(255, Math.round(((flattened[i]! - low) * 255) / span)));
  }
  return flattened;
}

/** Each pixel becomes the lightest within `radius` (a square window). */
function maxFilter(data: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let max = 0;
      for (let dy = Math.max(0, y - radius); dy <= Math.min(height - 1, y + radius); dy += 1) {
        for (let dx = Math.max(0, x - radius); dx <= Math.min(width - 1, x + radius); dx += 1)
          max = Math.max(max, data[dy * width + dx]!);
      }
      out[y * width + x] = max;
    }
  }
  return out;
}
