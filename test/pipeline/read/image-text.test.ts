// Text printed as a picture on a born-digital PDF page (a logo with the company's name, a footer pasted in as an
// image) is found by walking the page's drawing operators and read by OCR into the page's lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Line, ReadDocument } from '../../../src/pipeline/model.js';
import { readImageText } from '../../../src/pipeline/read/image-text.js';
import { readDocument, readImageTextOf } from '../../../src/pipeline/read/index.js';
import { lacksVendorName } from '../../../src/pipeline/second-look.js';
import { createOcrPool, type OcrPool } from '../../../src/pipeline/read/ocr/index.js';
import { createPdfSandboxPool, findPageImages } from '../../../src/pipeline/read/pdf/index.js';
import { dataset } from './pdf/helpers.js';

const pdfRunner = createPdfSandboxPool({ maxWorkers: 1 });
let ocr: OcrPool;

beforeAll(async () => {
  ocr = await createOcrPool({ size: 1 });
});

afterAll(async () => {
  await pdfRunner.close();
  await ocr?.close();
});

const read = (file: string, imageText = true): Promise<ReadDocument> =>
  readDocument({ bytes: dataset(`invoice2data/documents/${file}`), format: 'pdf' }, { ocr, pdfRunner, imageText });

/** OCR of a page (and the first model load) takes seconds, more on a loaded 2-core machine: a safety net, not a speed test. */
const OCR_TIMEOUT = { timeout: 120_000 };

const ocrLines = (doc: ReadDocument): Line[] =>
  doc.pages.flatMap((p) => p.lines).filter((l) => l.confidence !== undefined);

describe('images on text pages', () => {
  it('are located in page points: the logo at the top and the company footer of saeco.pdf', async () => {
    const rendered = await findPageImages(dataset('invoice2data/documents/saeco.pdf'), [1], 72, { runner: pdfRunner });
    const boxes = rendered.flatMap((r) => r.images.map((bbox) => ({ page: r.pageNumber, ...bbox })));
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toMatchObject({ page: 1 });
    expect(boxes[0]!.y).toBeGreaterThan(700); // the footer image, the larger one, first
    expect(boxes[0]!.width).toBeGreaterThan(400);
    expect(boxes[1]!.y).toBeLessThan(60);
  });

  it(
    'are read by OCR into the page, with confidences, inside the image and beside the text layer',
    OCR_TIMEOUT,
    async () => {
      const [withImages, without] = await Promise.all([read('saeco.pdf'), read('saeco.pdf', false)]);
      const added = ocrLines(withImages);
      expect(ocrLines(without)).toEqual([]);
      expect(withImages.pages[0]!.lines.length).toBe(without.pages[0]!.lines.length + added.length);
      const footer = added.find((l) => l.text.includes('Luscious'));
      expect(footer?.text).toMatch(/e-Luscious Nederland/);
      expect(footer!.bbox.y).toBeGreaterThan(715);
      expect(footer!.bbox.x).toBeGreaterThan(35);
      for (const word of footer!.words) expect(word.confidence).toBeGreaterThanOrEqual(0.6);
      expect(added.some((l) => /KvK|Kvk/i.test(l.text) && l.text.includes('04080176'))).toBe(true);
      expect(withImages.info.imagesRead).toBe(2);
      // Lines stay in reading order with the new ones merged in.
      const ys = withImages.pages[0]!.lines.map((l) => l.bbox.y);
      expect(ys).toEqual([...ys].sort((a, b) => a - b));
    },
  );

  it('make the logo of an invoice readable: "amazon" where the AWS logo is painted', OCR_TIMEOUT, async () => {
    const doc = await read('AmazonWebServices.pdf');
    const logo = ocrLines(doc)
      .flatMap((l) => l.words)
      .find((w) => /amazon/i.test(w.text));
    expect(logo).toBeDefined();
    expect(logo!.bbox.x).toBeGreaterThanOrEqual(36);
    expect(logo!.bbox.y).toBeGreaterThanOrEqual(37);
    expect(logo!.bbox.y + logo!.bbox.height).toBeLessThanOrEqual(37 + 55 + 2);
  });

  it('cost nothing on a page without images', async () => {
    expect(
      await findPageImages(dataset('invoice2data/documents/AzureInterior.pdf'), [1], 300, { runner: pdfRunner }),
    ).toEqual([]);
    const doc = await read('AzureInterior.pdf');
    expect(doc.info.imagesRead).toBe(0);
    expect(ocrLines(doc)).toEqual([]);
  });
});

describe('the second look (DOCEX_OCR_PDF_IMAGES=auto)', () => {
  it('reads the images of a document read without them, once', OCR_TIMEOUT, async () => {
    const bytes = dataset('invoice2data/documents/saeco.pdf');
    const sources = [{ bytes, format: 'pdf' as const }];
    const deps = { ocr, pdfRunner };
    const plain = await readDocument(sources[0]!, deps);
    expect(ocrLines(plain)).toEqual([]);
    expect(plain.info.imagesRead).toBeUndefined(); // not looked for while reading
    const closer = await readImageTextOf(plain, sources, deps);
    expect(ocrLines(closer!).some((l) => l.text.includes('Luscious'))).toBe(true);
    expect(closer!.info.imagesRead).toBe(2);
    expect(await readImageTextOf(closer!, sources, deps)).toBeNull();
  });

  it('has nothing more to read in images, XML or a PDF without images', async () => {
    const azure = await read('AzureInterior.pdf', false);
    expect(
      await readImageTextOf(azure, [{ bytes: dataset('invoice2data/documents/AzureInterior.pdf'), format: 'pdf' }], {
        ocr,
        pdfRunner,
      }),
    ).toBeNull();
    expect(
      await readImageTextOf({ ...azure, format: 'png' }, [{ bytes: Buffer.alloc(0), format: 'png' }], {
        ocr,
        pdfRunner,
      }),
    ).toBeNull();
  });

  it('is wanted only when a result has an empty vendor_name', () => {
    expect(lacksVendorName({ summary_data: { vendor_name: null } })).toBe(true);
    expect(lacksVendorName({ summary_data: { vendor_name: 'ACME GmbH' } })).toBe(false);
    expect(lacksVendorName({ summary_data: { account: null } })).toBe(false);
    expect(lacksVendorName({ po_numbers: [] })).toBe(false);
    expect(lacksVendorName(null)).toBe(false);
  });
});

describe('reading images is best effort', () => {
  it('leaves the pages as they were when the images cannot be read', async () => {
    const doc = await read('saeco.pdf', false);
    const result = await readImageText(Buffer.from('%PDF-1.7 truncated'), doc.pages, { ocr, pdfRunner });
    expect(result).toEqual({ pages: doc.pages, imagesRead: 0 });
  });

  it('still stops when the job is cancelled', async () => {
    const doc = await read('saeco.pdf', false);
    const controller = new AbortController();
    controller.abort();
    const reading = readImageText(dataset('invoice2data/documents/saeco.pdf'), doc.pages, {
      ocr,
      pdfRunner,
      signal: controller.signal,
    });
    await expect(reading).rejects.toThrow();
  });
});
