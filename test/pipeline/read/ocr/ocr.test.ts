// The tesseract engine on real invoices as they arrive: a clean render, a photo on its side, a poor scan upside down, an
// EXIF-rotated JPEG, a TIFF and a WebP. Checked against the datasets' ground-truth labels (invoice number, total).
// One pool for the file; the six documents are queued together in beforeAll so both workers stay busy (about 25 s
// of CPU in all).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../../src/pipeline/model.js';
import { createOcrPool, ocrImage, ocrPage, type OcrPool } from '../../../../src/pipeline/read/ocr/index.js';
import {
  awsPng,
  degradedScanJpeg,
  exifRotatedJpeg,
  flipkartPng,
  oyoPng,
  pageText,
  rotatedPhotoJpeg,
  sammyPng,
  toTiff,
  toWebp,
} from './support/images.js';

let pool: OcrPool;
const results = new Map<string, Promise<Page[]>>();

function queue(name: string, bytes: Promise<Buffer> | Buffer): void {
  const pages = Promise.resolve(bytes).then((image) => ocrImage(pool, image));
  pages.catch(() => undefined); // awaited (and reported) by its own test
  results.set(name, pages);
}

const pagesOf = (name: string): Promise<Page[]> => results.get(name)!;

beforeAll(async () => {
  pool = await createOcrPool({ engine: 'tesseract', size: 2 });
  queue('clean', awsPng());
  queue('rotated photo', rotatedPhotoJpeg());
  // Upside down as well (fed into the scanner the wrong way round); PNG so no second JPEG generation is added.
  queue('degraded scan', sharp(degradedScanJpeg()).rotate(180).png().toBuffer());
  queue('exif', exifRotatedJpeg(sammyPng()));
  queue('tiff', toTiff(oyoPng()));
  queue('webp', toWebp(flipkartPng()));
});

afterAll(async () => {
  await pool?.close();
});

describe('ocrImage on real invoices', { timeout: 90_000 }, () => {
  it('reads a clean render into a Page with words, boxes and 0..1 confidences in reading order', async () => {
    const pages = await pagesOf('clean');
    expect(pages).toHaveLength(1);
    const page = pages[0]!;
    expect(page).toMatchObject({ number: 1, unit: 'px', source: 'ocr', width: 2975, height: 3850, rotation: 0 });
    const text = pageText(pages);
    expect(text).toContain('42183017');
    expect(text).toContain('$4.11');
    // Orange item names survive the greyscale conversion.
    expect(text).toContain('AWS Data Transfer');
    // Label and value printed on one row come out as neighbours.
    expect(page.lines.some((line) => /Invoice Number:? 42183017/.test(line.text))).toBe(true);

    const words = page.lines.flatMap((line) => line.words);
    expect(words.length).toBeGreaterThan(150);
    for (const word of words) {
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
      expect(word.bbox.x).toBeGreaterThanOrEqual(0);
      expect(word.bbox.y).toBeGreaterThanOrEqual(0);
      expect(word.bbox.x + word.bbox.width).toBeLessThanOrEqual(page.width);
      expect(word.bbox.y + word.bbox.height).toBeLessThanOrEqual(page.height);
    }
    for (const line of page.lines) expect(line.text).toBe(line.words.map((word) => word.text).join(' '));
    // Top to bottom: no line starts below the bottom of a line that follows it.
    for (let index = 1; index < page.lines.length; index += 1) {
      const previous = page.lines[index - 1]!.bbox;
      const current = page.lines[index]!.bbox;
      expect(previous.y).toBeLessThan(current.y + current.height);
    }
  });

  it('turns a photo taken on its side upright and reads it', async () => {
    const [page] = await pagesOf('rotated photo');
    expect(page!.rotation).toBe(270);
    expect(page!.width).toBeLessThan(page!.height);
    const text = pageText([page!]);
    expect(text).toMatch(/\b471102\b/);
    expect(text).toContain('529,87');
    expect(text).toContain('München'); // German model loaded
  });

  it('reads a blurred, noisy, heavily compressed low-resolution scan fed upside down', async () => {
    const pages = await pagesOf('degraded scan');
    expect(pages[0]!.rotation).toBe(180);
    const text = pageText(pages);
    expect(text).toContain('RE-20201121/508');
    expect(text).toContain('571.04');
  });

  it('applies the EXIF orientation of a JPEG before reading', async () => {
    const pages = await pagesOf('exif');
    expect(pages[0]).toMatchObject({ width: 1700, height: 2200, rotation: 0 });
    const text = pageText(pages);
    expect(text).toContain('invoice_number_1');
    expect(text).toContain('$127.50');
  });

  it('reads a TIFF', async () => {
    const text = pageText(await pagesOf('tiff'));
    expect(text).toContain('IBZY2087');
    expect(text).toContain('1939');
  });

  it('reads a small WebP (upscaled before reading)', async () => {
    const pages = await pagesOf('webp');
    expect(pages[0]).toMatchObject({ width: 2000, height: 1412 });
    const text = pageText(pages);
    expect(text).toContain('WFLD20151000982590');
    expect(text).toContain('319.00');
  });

  it('returns an empty page, not an error, for an image without text', async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
      .greyscale()
      .png()
      .toBuffer();
    const page = await ocrPage(pool, blank, 3);
    expect(page).toMatchObject({ number: 3, lines: [], rotation: 0, width: 400, height: 300 });
  });

  it('rejects bytes that are not an image as image_corrupt', async () => {
    await expect(ocrPage(pool, Buffer.from('not an image at all'), 1)).rejects.toMatchObject({ code: 'image_corrupt' });
  });
});
