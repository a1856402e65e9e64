import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPdf, renderPage, renderPages } from '../../../../src/pipeline/read/pdf/index.js';
import { dataset, fixture, pipelineFailure } from './helpers.js';

describe('scanned PDFs', () => {
  it('lists a page without a text layer in pagesNeedingOcr', async () => {
    const { pages, info } = await readPdf(fixture('scanned-invoice.pdf'));
    expect(info).toMatchObject({ pageCount: 1, textPages: 0, pagesNeedingOcr: [1], textChars: 0 });
    expect(pages[0]).toMatchObject({ number: 1, width: 595, height: 842, source: 'text', lines: [] });
  });

  it('renders the scanned page to a PNG at the requested resolution', async () => {
    const { png, width, height } = await renderPage(fixture('scanned-invoice.pdf'), 1, 150);
    // A4 (595 x 842 pt) at 150 dpi.
    expect({ width, height }).toEqual({ width: 1240, height: 1755 });
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 1240, height: 1755 });
    // The scan shows dark text on white paper: a real picture, not an empty canvas.
    const { channels } = await sharp(png).stats();
    expect(channels[0]!.min).toBeLessThan(60);
    expect(channels[0]!.max).toBeGreaterThan(240);
  });
});

describe('renderPages', () => {
  it('renders several pages of a text PDF in one sandbox, in the order asked', async () => {
    const bytes = dataset(
      'zugferd-corpus/documents/ZUGFeRDv2/correct/symtrax/Beispiele/EN16931/zugferd_2p1_EN16931_1_Teilrechnung.pdf',
    );
    const rendered = await renderPages(bytes, [3, 1], 72);
    expect(rendered.map((page) => [page.pageNumber, page.width, page.height])).toEqual([
      [3, 596, 841],
      [1, 596, 841],
    ]);
    for (const page of rendered) expect(page.png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('refuses a page whose pixels would exceed the budget before allocating a canvas', async () => {
    // 200 x 200 inches at 300 dpi would be 3.6 billion pixels.
    const error = await pipelineFailure(renderPage(fixture('huge-page.pdf'), 1, 300));
    expect(error).toMatchObject({
      stage: 'parsing',
      code: 'resource_limit',
      detail: { limit: 'pixels', width: 60_000, height: 60_000 },
    });
  });

  it('reports an encrypted PDF as pdf_encrypted and rejects bad arguments', async () => {
    expect((await pipelineFailure(renderPage(fixture('encrypted.pdf'), 1, 150))).code).toBe('pdf_encrypted');
    await expect(renderPage(fixture('scanned-invoice.pdf'), 1, 5000)).rejects.toThrow(RangeError);
    const missingPage = await pipelineFailure(renderPage(fixture('scanned-invoice.pdf'), 2, 150));
    expect(missingPage).toMatchObject({ code: 'internal_error' });
  });
});
