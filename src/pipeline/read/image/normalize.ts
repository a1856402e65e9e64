// Turns an uploaded scan or photo into the images OCR reads best: upright (EXIF orientation applied), grey, text at
// roughly 300 dpi, one PNG per page. Every decode is bounded: the pixel count is checked from the header before any
// pixel is decoded (a 30000 x 30000 PNG is a few hundred bytes and would need gigabytes), libvips enforces the same
// limit while decoding, each page has a time limit, and a multi-page TIFF has a page cap.
import sharp from 'sharp';
import { PipelineError } from '../../errors.js';
import { sniffRasterFormat, type RasterFormat } from './format.js';
import { toOcrGrey } from './grey.js';

export interface NormalizedImage {
  /** Greyscale PNG, upright, sized for OCR. */
  png: Buffer;
  width: number;
  height: number;
}

export interface NormalizeOptions {
  /** Largest decoded page, in pixels (width x height), before any scaling. Default 100 MP. */
  maxInputPixels?: number;
  /** Pages whose long side is shorter are upscaled to this (text of small images is too small for OCR). */
  minLongSide?: number;
  /** Pages whose long side is longer are downscaled to this. */
  maxLongSide?: number;
  /** Upscaling stops at this factor: blowing up a thumbnail invents no detail and only costs OCR time. */
  maxUpscale?: number;
  /** Output pixel budget per page; bounds OCR time and memory for huge scans. */
  maxOutputPixels?: number;
  /** Pages read from a multi-page TIFF; more is refused as resource_limit. */
  maxPages?: number;
  /** Time limit per page for decoding and scaling. */
  timeoutSeconds?: number;
}

export const NORMALIZE_DEFAULTS: Required<NormalizeOptions> = {
  maxInputPixels: 100_000_000,
  minLongSide: 2000,
  maxLongSide: 5000,
  maxUpscale: 4,
  maxOutputPixels: 16_000_000,
  maxPages: 50,
  timeoutSeconds: 30,
};

/**
 * Decodes a JPEG, PNG, TIFF (every page) or WebP and returns one normalized PNG per page.
 * Throws PipelineError('parsing', ...): empty_document, unsupported_format, image_corrupt, resource_limit, timeout.
 */
export async function normalizeImage(bytes: Uint8Array, options: NormalizeOptions = {}): Promise<NormalizedImage[]> {
  const limits = { ...NORMALIZE_DEFAULTS, ...options };
  if (bytes.length === 0) throw new PipelineError('parsing', 'empty_document', 'The image is empty (0 bytes).');
  const format = sniffRasterFormat(bytes);
  if (format === null) {
    throw new PipelineError('parsing', 'unsupported_format', 'The file is not a JPEG, PNG, TIFF or WebP image.');
  }
  const pageCount = await countPages(bytes, format);
  if (pageCount > limits.maxPages) {
    const detail = { pages: pageCount, maxPages: limits.maxPages };
    const message = `The image has ${pageCount} pages; at most ${limits.maxPages} are read.`;
    throw new PipelineError('parsing', 'resource_limit', message, detail);
  }
  const pages: NormalizedImage[] = [];
  // One page at a time: each holds up to maxInputPixels of decoded pixels while it is scaled.
  for (let page = 0; page < pageCount; page += 1) pages.push(await normalizePage(bytes, format, page, limits));
  return pages;
}

async function countPages(bytes: Uint8Array, format: RasterFormat): Promise<number> {
  if (format !== 'tiff') return 1;
  const metadata = await readMetadata(bytes, format, 0);
  return Math.max(1, metadata.pages ?? 1);
}

async function readMetadata(bytes: Uint8Array, format: RasterFormat, page: number): Promise<sharp.Metadata> {
  try {
    // metadata() reads the header only; no pixels are decoded yet.
    return await sharp(bytes, { page, limitInputPixels: false }).metadata();
  } catch (error) {
    throw decodeError(error, format);
  }
}

async function normalizePage(
  bytes: Uint8Array,
  format: RasterFormat,
  page: number,
  limits: Required<NormalizeOptions>,
): Promise<NormalizedImage> {
  const metadata = await readMetadata(bytes, format, page);
  const declaredWidth = metadata.width ?? 0;
  const declaredHeight = metadata.pageHeight ?? metadata.height ?? 0;
  if (declaredWidth <= 0 || declaredHeight <= 0) {
    throw new PipelineError('parsing', 'image_corrupt', 'The image declares no size.', { format, page: page + 1 });
  }
  if (declaredWidth * declaredHeight > limits.maxInputPixels) {
    throw new PipelineError(
      'parsing',
      'resource_limit',
      `The image is ${declaredWidth} x ${declaredHeight} pixels; at most ${limits.maxInputPixels / 1e6} MP are decoded.`,
      { format, page: page + 1, width: declaredWidth, height: declaredHeight, maxInputPixels: limits.maxInputPixels },
    );
  }
  // EXIF orientations 5-8 swap width and height.
  const swapped = (metadata.orientation ?? 1) >= 5;
  const uprightWidth = swapped ? declaredHeight : declaredWidth;
  const uprightHeight = swapped ? declaredWidth : declaredHeight;
  const scale = ocrScale(uprightWidth, uprightHeight, limits);
  const width = Math.max(1, Math.round(uprightWidth * scale));
  const height = Math.max(1, Math.round(uprightHeight * scale));
  try {
    const { data, info } = await sharp(bytes, {
      page,
      pages: 1,
      limitInputPixels: limits.maxInputPixels,
      failOn: 'error',
      autoOrient: true,
    })
      .timeout({ seconds: limits.timeoutSeconds })
      .resize(width, height, { fit: 'fill' })
      // Transparent areas would turn black in greyscale; documents are printed on white.
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const grey = toOcrGrey(data, info.channels);
    const png = await sharp(grey, { raw: { width: info.width, height: info.height, channels: 1 } })
      // No withMetadata(): it would force an sRGB (3-channel) PNG. The OCR derives its dpi hint from the size.
      .toColourspace('b-w')
      // Low compression: the PNG goes straight to the OCR engine, encoding time matters more than size.
      .png({ compressionLevel: 2 })
      .toBuffer();
    return { png, width: info.width, height: info.height };
  } catch (error) {
    throw decodeError(error, format, page);
  }
}

/** The scale that brings the long side into [minLongSide, maxLongSide] within the upscale and pixel budgets. */
function ocrScale(width: number, height: number, limits: Required<NormalizeOptions>): number {
  const longSide = Math.max(width, height);
  let scale = 1;
  if (longSide < limits.minLongSide) scale = Math.min(limits.minLongSide / longSide, limits.maxUpscale);
  if (longSide > limits.maxLongSide) scale = limits.maxLongSide / longSide;
  const pixels = width * height * scale * scale;
  if (pixels > limits.maxOutputPixels) scale *= Math.sqrt(limits.maxOutputPixels / pixels);
  return scale;
}

function decodeError(error: unknown, format: RasterFormat, page?: number): PipelineError {
  const message = error instanceof Error ? error.message : String(error);
  const where = page === undefined ? { format } : { format, page: page + 1 };
  if (/pixel limit/i.test(message)) {
    return new PipelineError('parsing', 'resource_limit', 'The image exceeds the decoded pixel limit.', where, false, {
      cause: error,
    });
  }
  if (/timeout/i.test(message)) {
    return new PipelineError('parsing', 'timeout', 'Decoding the image took too long.', where, false, { cause: error });
  }
  // The decoder's own sentence (e.g. "VipsJpeg: Premature end of JPEG file") helps whoever looks at the job.
  return new PipelineError(
    'parsing',
    'image_corrupt',
    `The ${format.toUpperCase()} image cannot be decoded.`,
    { ...where, reason: message.slice(0, 200) },
    false,
    { cause: error },
  );
}
