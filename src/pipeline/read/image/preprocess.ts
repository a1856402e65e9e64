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

/**
 * The page's skew in degrees (clockwise positive: text rows descend to the right). Dark pixels of a downscaled copy
 * are projected onto rows at each candidate angle; rows of text give a peaked profile (high sum of squared row
 * counts) only at the right angle. Coarse search in half degrees, then tenths around the best.
 */
export async function estimateSkew(image: Grey): Promise<number> {
  const scale = Math.min(1, ESTIMATE_WIDTH / image.width);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const small = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const threshold = darkThreshold(small);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (small[y * width + x]! < threshold) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  // A page that is nearly all dark (a photo, a black border) has no text rows to line up.
  if (xs.length < 50 || xs.length > 0.5 * width * height) return 0;
  const sharpness = (degrees: number): number => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    const offset = Math.ceil(width * Math.abs(slope)) + 1;
    const rows = new Float64Array(height + 2 * offset);
    for (let i = 0; i < xs.length; i += 1) {
      const row = Math.round(ys[i]! - xs[i]! * slope) + offset;
      rows[row] = rows[row]! + 1;
    }
    let sum = 0;
    for (const count of rows) sum += count * count;
    return sum;
  };
  const best = (from: number, to: number, step: number): number => {
    let bestAngle = 0;
    let bestScore = -1;
    for (let angle = from; angle <= to + 1e-9; angle += step) {
      const value = sharpness(angle);
      // Ties go to the smaller angle: a page with no clear rows stays as it is.
      if (value > bestScore * (1 + 1e-9) || (value >= bestScore && Math.abs(angle) < Math.abs(bestAngle))) {
        bestScore = value;
        bestAngle = angle;
      }
    }
    return bestAngle;
  };
  const coarse = best(-MAX_SKEW, MAX_SKEW, 0.5);
  return Math.round(best(coarse - 0.5, coarse + 0.5, 0.1) * 10) / 10;
}

/** Between the page's dark (ink) and light (paper) levels: the mean of the 5th and 50th percentile. */
function darkThreshold(data: Uint8Array): number {
  const histogram = new Uint32Array(256);
  for (const value of data) histogram[value] = histogram[value]! + 1;
  const percentile = (share: number): number => {
    let seen = 0;
    for (let level = 0; level < 256; level += 1) {
      seen += histogram[level]!;
      if (seen >= share * data.length) return level;
    }
    return 255;
  };
  const ink = percentile(0.05);
  const paper = percentile(0.5);
  return paper - ink < 30 ? -1 : (ink + paper) / 2;
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
