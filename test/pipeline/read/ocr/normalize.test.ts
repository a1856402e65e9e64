// Image normalization for OCR: formats, orientation, scaling, greyscale, and the failures (corrupt, bomb, foreign
// formats). No OCR here: these run in about a second.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PipelineError } from '../../../../src/pipeline/errors.js';
import { toOcrGrey } from '../../../../src/pipeline/read/image/grey.js';
import { normalizeImage, sniffRasterFormat } from '../../../../src/pipeline/read/image/index.js';
import {
  awsPng,
  exifRotatedJpeg,
  flipkartPng,
  multiPageTiff,
  pngDeclaring,
  sammyPng,
  toTiff,
  toWebp,
} from './support/images.js';

async function expectPipelineError(promise: Promise<unknown>, code: string): Promise<PipelineError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PipelineError);
  expect((error as PipelineError).stage).toBe('parsing');
  expect((error as PipelineError).code).toBe(code);
  return error as PipelineError;
}

describe('normalizeImage', () => {
  it('keeps a 350-dpi PNG at its size and returns a one-channel PNG', async () => {
    const [page, ...rest] = await normalizeImage(awsPng());
    expect(rest).toHaveLength(0);
    expect(page).toMatchObject({ width: 2975, height: 3850 });
    const metadata = await sharp(page!.png).metadata();
    expect(metadata).toMatchObject({ format: 'png', channels: 1, width: 2975, height: 3850 });
  });

  it('upscales a small image to a 2000-pixel long side and flattens transparency onto white', async () => {
    const source = flipkartPng(); // 789 x 557 with an alpha channel
    expect((await sharp(source).metadata()).channels).toBe(4);
    const [page] = await normalizeImage(source);
    expect(page).toMatchObject({ width: 2000, height: 1412 });
    // Transparent margins would be black (0) if the alpha channel were dropped instead of flattened.
    const { data } = await sharp(page!.png)
      .extract({ left: 0, top: 0, width: 4, height: 4 })
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(200);
  });

  it('downscales an image whose long side exceeds the cap', async () => {
    const wide = await sharp({ create: { width: 6000, height: 1500, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const [page] = await normalizeImage(wide);
    expect(page).toMatchObject({ width: 5000, height: 1250 });
  });

  it('applies the EXIF orientation of a JPEG', async () => {
    const jpeg = await exifRotatedJpeg(sammyPng());
    const stored = await sharp(jpeg).metadata();
    expect(stored).toMatchObject({ orientation: 6, width: 2200, height: 1700 });
    const [page] = await normalizeImage(jpeg);
    expect(page).toMatchObject({ width: 1700, height: 2200 });
    // The dark table header band of the invoice is in the upper half once upright, not at a side.
    const { data } = await sharp(page!.png)
      .resize(1, 22, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const darkestRow = data.indexOf(Math.min(...data));
    expect(darkestRow).toBeGreaterThan(5);
    expect(darkestRow).toBeLessThan(11);
  });

  it('reads every page of a multi-page TIFF', async () => {
    const tiff = await multiPageTiff([awsPng(), flipkartPng(), sammyPng()], 850, 1100);
    const pages = await normalizeImage(tiff);
    expect(pages).toHaveLength(3);
    for (const page of pages) expect(page).toMatchObject({ width: 1545, height: 2000 });
    await expectPipelineError(normalizeImage(tiff, { maxPages: 2 }), 'resource_limit');
  });

  it('reads TIFF and WebP', async () => {
    const [tiffPage] = await normalizeImage(await toTiff(sammyPng()));
    expect(tiffPage).toMatchObject({ width: 1700, height: 2200 });
    const [webpPage] = await normalizeImage(await toWebp(flipkartPng()));
    expect(webpPage).toMatchObject({ width: 2000, height: 1412 });
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const bomb = pngDeclaring(30_000, 30_000); // 900 megapixels declared in a file of a few kilobytes
    expect(bomb.length).toBeLessThan(50_000);
    const rssBefore = process.memoryUsage().rss;
    const error = await expectPipelineError(normalizeImage(bomb), 'resource_limit');
    expect(error.detail).toMatchObject({ width: 30_000, height: 30_000 });
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200_000_000);
  });

  it('applies a lower pixel limit when given one', async () => {
    await expectPipelineError(normalizeImage(awsPng(), { maxInputPixels: 10_000_000 }), 'resource_limit');
  });

  it('reports truncated and garbled images as image_corrupt', async () => {
    const truncated = awsPng().subarray(0, 5000);
    const error = await expectPipelineError(normalizeImage(truncated), 'image_corrupt');
    expect(error.detail).toMatchObject({ format: 'png' });
    const garbled = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x5a)]);
    await expectPipelineError(normalizeImage(garbled), 'image_corrupt');
    // A header promising more data than the file holds.
    await expectPipelineError(normalizeImage(pngDeclaring(3000, 3000)), 'image_corrupt');
  });

  it('refuses formats other than JPEG, PNG, TIFF and WebP before any decoder sees them', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="file:///etc/passwd"/></svg>',
    );
    await expectPipelineError(normalizeImage(svg), 'unsupported_format');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expectPipelineError(normalizeImage(gif), 'unsupported_format');
    await expectPipelineError(normalizeImage(new Uint8Array(0)), 'empty_document');
  });
});

describe('sniffRasterFormat', () => {
  it('recognizes the four signatures', async () => {
    const white = sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } });
    expect(sniffRasterFormat(await white.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffRasterFormat(await white.clone().png().toBuffer())).toBe('png');
    expect(sniffRasterFormat(await white.clone().tiff().toBuffer())).toBe('tiff');
    expect(sniffRasterFormat(await white.clone().webp().toBuffer())).toBe('webp');
    expect(sniffRasterFormat(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});

describe('toOcrGrey', () => {
  it('keeps coloured text dark and light backgrounds light', () => {
    const pixels = Uint8Array.from([
      255, 153, 0, /* orange text */ 255, 255, 255, /* paper */ 204, 224, 240 /* pale blue row */,
    ]);
    const [orange, paper, paleBlue] = toOcrGrey(pixels, 3);
    expect(orange).toBeLessThan(100); // plain luminance gives 166, which thresholds as background
    expect(paper).toBe(255);
    expect(paleBlue).toBeGreaterThan(190);
  });
});
