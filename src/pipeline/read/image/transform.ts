// Small operations on already-normalized greyscale PNGs (trusted: produced by normalizeImage or a PDF render), used
// by the OCR orientation search.
import sharp from 'sharp';
import type { NormalizedImage } from './normalize.js';

export type QuarterTurn = 0 | 90 | 180 | 270;

/** The image turned clockwise by a multiple of 90 degrees. */
export async function rotateImage(png: Uint8Array, degrees: QuarterTurn): Promise<NormalizedImage> {
  const { data, info } = await sharp(png)
    .rotate(degrees)
    .toColourspace('b-w')
    .png({ compressionLevel: 2 })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/** A copy whose long side is at most `longSide` pixels (the image itself when it is already that small). */
export async function shrinkImage(png: Uint8Array, longSide: number): Promise<NormalizedImage> {
  const { data, info } = await sharp(png)
    .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('b-w')
    .png({ compressionLevel: 2 })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/**
 * A quick look at a page: downscaled so its long side is `longSide`, then cut to its central `fraction` (margins
 * hold little text, and reading fewer pixels is faster).
 */
export async function centralPreview(png: Uint8Array, longSide: number, fraction: number): Promise<NormalizedImage> {
  const shrunk = await shrinkImage(png, longSide);
  const width = Math.max(1, Math.round(shrunk.width * fraction));
  const height = Math.max(1, Math.round(shrunk.height * fraction));
  const left = Math.floor((shrunk.width - width) / 2);
  const top = Math.floor((shrunk.height - height) / 2);
  const data = await sharp(shrunk.png)
    .extract({ left, top, width, height })
    .toColourspace('b-w')
    .png({ compressionLevel: 2 })
    .toBuffer();
  return { png: data, width, height };
}

/** Width and height of a PNG (or any image sharp reads), from its header. */
export async function imageSize(png: Uint8Array): Promise<{ width: number; height: number }> {
  const { width, height } = await sharp(png).metadata();
  return { width: width ?? 0, height: height ?? 0 };
}

/**
 * A greyscale copy of the rectangle (in pixels, clipped to the image) with a white border: tesseract reads text
 * that touches the image edge poorly.
 */
export async function cropImage(
  png: Uint8Array,
  box: { left: number; top: number; width: number; height: number },
  border = 12,
): Promise<NormalizedImage> {
  const size = await imageSize(png);
  const left = Math.max(0, Math.min(size.width - 1, Math.floor(box.left)));
  const top = Math.max(0, Math.min(size.height - 1, Math.floor(box.top)));
  const width = Math.max(1, Math.min(size.width - left, Math.ceil(box.width)));
  const height = Math.max(1, Math.min(size.height - top, Math.ceil(box.height)));
  const { data, info } = await sharp(png)
    .extract({ left, top, width, height })
    .flatten({ background: '#ffffff' })
    .extend({ top: border, bottom: border, left: border, right: border, background: '#ffffff' })
    .toColourspace('b-w')
    .png({ compressionLevel: 2 })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}
