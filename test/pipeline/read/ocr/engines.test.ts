// The OCR interface with each engine (DOCEX_OCR_ENGINE) on real captures copied into test/fixtures/ocr-real: a
// receipt image, a phone photo of a receipt on a table, and a German receipt scan stored on its side. The same
// calls, the same document model; the amounts and dates that extraction needs are read by both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../../src/pipeline/model.js';
import { createOcrPool, OCR_ENGINES, ocrImage, type OcrPool } from '../../../../src/pipeline/read/ocr/index.js';
import { alfamartPhotoJpeg, dmScanRotatedJpeg, pageText, textractorReceiptJpeg } from './support/images.js';

const words = (pages: Page[]) =>
  pages.flatMap((page) => page.lines.flatMap((line) => line.words.map((word) => word.text)));

describe.each(OCR_ENGINES)('the %s engine', { timeout: 120_000 }, (engine) => {
  let pool: OcrPool;
  const read = new Map<string, Promise<Page[]>>();

  beforeAll(async () => {
    pool = await createOcrPool({ engine, size: 2 });
    // Queued together: the pool runs two pages at a time.
    for (const [name, image] of [
      ['receipt', textractorReceiptJpeg()],
      ['photo', alfamartPhotoJpeg()],
      ['scan', dmScanRotatedJpeg()],
    ] as const) {
      const pages = ocrImage(pool, image);
      pages.catch(() => undefined);
      read.set(name, pages);
    }
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('records itself on every page it read', async () => {
    const pages = await read.get('receipt')!;
    expect(pool.engine).toBe(engine);
    expect(pages[0]).toMatchObject({ source: 'ocr', unit: 'px', ocrEngine: engine });
  });

  it('reads the amounts and date of a receipt image', async () => {
    const found = words(await read.get('receipt')!);
    expect(found).toContain('$1810.46');
    expect(found).toContain('12/07/2019');
  });

  it('reads a phone photo of a receipt on a table', async () => {
    const text = pageText(await read.get('photo')!);
    expect(text).toContain('44,900');
    expect(text).toContain('17-01-2024');
  });

  it('turns a receipt scanned on its side upright and reads its total and date', async () => {
    const pages = await read.get('scan')!;
    expect(pages[0]!.rotation).toBe(90);
    expect(pages[0]!.height).toBeGreaterThan(pages[0]!.width);
    const found = words(pages);
    expect(found).toContain('5,85');
    expect(found).toContain('11.12.2014');
  });
});
