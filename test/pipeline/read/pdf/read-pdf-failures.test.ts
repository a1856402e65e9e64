// Hostile and broken PDFs: each ends in a classified PipelineError, and the test process (the "main process")
// keeps running to check the next one.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../../src/pipeline/read/pdf/index.js';
import { dataset, fixture, pipelineFailure, zugferd } from './helpers.js';

const threePages = (): Buffer =>
  dataset(zugferd('ZUGFeRDv2/correct/symtrax/Beispiele/EN16931/zugferd_2p1_EN16931_1_Teilrechnung.pdf'));

describe('readPdf: broken files', () => {
  it('refuses a password-protected PDF as pdf_encrypted', async () => {
    const file = fixture('encrypted.pdf');
    const error = await pipelineFailure(readPdf(file));
    expect(error).toMatchObject({ stage: 'parsing', code: 'pdf_encrypted', transient: false });
    expect(error.detail).toMatchObject({ pdfjsMessage: 'No password given', byteLength: file.length });
  });

  it('reports a truncated PDF as pdf_corrupt with the pdfjs message', async () => {
    const whole = threePages();
    const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
    const error = await pipelineFailure(readPdf(truncated));
    expect(error).toMatchObject({ stage: 'parsing', code: 'pdf_corrupt' });
    expect(error.detail).toMatchObject({
      pdfjsError: 'InvalidPDFException',
      pdfjsMessage: 'Invalid PDF structure.',
      byteLength: truncated.length,
    });
  });

  it('reports bytes that are no PDF at all as pdf_corrupt, and zero bytes as empty_document', async () => {
    const garbage = await pipelineFailure(readPdf(Buffer.from('GIF89a this is certainly not a PDF file')));
    expect(garbage.code).toBe('pdf_corrupt');
    const headerOnly = await pipelineFailure(readPdf(Buffer.from('%PDF-1.7\n%%EOF\n')));
    expect(headerOnly.code).toBe('pdf_corrupt');
    const empty = await pipelineFailure(readPdf(Buffer.alloc(0)));
    expect(empty).toMatchObject({ code: 'empty_document', stage: 'parsing' });
  });

  it('reports a well-formed PDF without pages as pdf_corrupt', async () => {
    const objects = [
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n',
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n',
    ];
    const header = '%PDF-1.7\n';
    const offsets = [header.length, header.length + objects[0]!.length];
    const body = header + objects.join('');
    const xref = [
      'xref',
      '0 3',
      '0000000000 65535 f ',
      ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    ];
    const pdf = `${body}${xref.join('\n')}\ntrailer << /Size 3 /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
    const error = await pipelineFailure(readPdf(Buffer.from(pdf, 'latin1')));
    expect(error).toMatchObject({ code: 'pdf_corrupt', detail: { pageCount: 0 } });
  });
});

describe('readPdf: budgets', () => {
  it('refuses more pages than the default budget of 200 before reading any page', async () => {
    const error = await pipelineFailure(readPdf(fixture('many-pages.pdf')));
    expect(error).toMatchObject({ code: 'resource_limit', detail: { limit: 'pages', pageCount: 201, maxPages: 200 } });
    const allowed = await readPdf(fixture('many-pages.pdf'), { maxPages: 201 });
    expect(allowed.info).toMatchObject({ pageCount: 201, textPages: 0 });
    expect(allowed.info.pagesNeedingOcr).toHaveLength(201);
  });

  it('applies a configured page budget', async () => {
    const error = await pipelineFailure(readPdf(threePages(), { maxPages: 2 }));
    expect(error).toMatchObject({ code: 'resource_limit', detail: { pageCount: 3, maxPages: 2 } });
  });

  it('stops a text bomb (2 million text runs in a 1 kB file) at the per-page run budget', async () => {
    const error = await pipelineFailure(readPdf(fixture('text-bomb.pdf')));
    expect(error).toMatchObject({
      code: 'resource_limit',
      detail: { limit: 'text_items', pageNumber: 1, maxItems: 50_000 },
    });
  });

  it('ends the worker when the text bomb exhausts its heap', async () => {
    const error = await pipelineFailure(
      readPdf(fixture('text-bomb.pdf'), { maxTextItemsPerPage: 10_000_000, maxMemoryMb: 48 }),
    );
    expect(error).toMatchObject({ code: 'resource_limit', detail: { limit: 'heap', limitMb: 48 } });
  });

  it('ends the worker at the time limit', async () => {
    const error = await pipelineFailure(
      readPdf(fixture('text-bomb.pdf'), { maxTextItemsPerPage: 10_000_000, timeoutMs: 1_000 }),
    );
    expect(error).toMatchObject({ code: 'timeout', transient: true, detail: { limitMs: 1_000 } });
  });

  it('refuses a decompression bomb at the decode budget, before the buffer over it is allocated', async () => {
    // 1.5 kB that pdfjs inflates into 512 MB of spaces (1 GB of buffers); the heap limit alone would not notice.
    const error = await pipelineFailure(readPdf(fixture('memory-bomb.pdf'), { maxStreamMb: 32 }));
    expect(error).toMatchObject({
      code: 'resource_limit',
      detail: { limit: 'decoded_stream', maxStreamBytes: 32 * 2 ** 20 },
    });
  });

  it('ends the worker when a decompression bomb within its decode budget grows memory outside the V8 heap', async () => {
    const error = await pipelineFailure(
      readPdf(fixture('memory-bomb.pdf'), { maxStreamMb: 2048, maxRssGrowthMb: 200 }),
    );
    expect(error).toMatchObject({ code: 'resource_limit', detail: { limit: 'rss_growth', limitMb: 200 } });
  });
});
