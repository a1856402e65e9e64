// One document through the service's reading and extraction path: the PDF text layer (OCR for pages without one),
// the embedded e-invoice unless switched off, then the builtin engine. With `images`, every page is rendered,
// degraded like a photo or scan and read by OCR only, as an uploaded image would be.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { SandboxRunner } from '../../src/pipeline/read/sandbox/run-in-sandbox.js';
import type { Page, ReadDocument } from '../../src/pipeline/model.js';
import { findEmbeddedEInvoice } from '../../src/pipeline/read/einvoice/index.js';
import { ocrImage, ocrPage, type OcrPool } from '../../src/pipeline/read/ocr/index.js';
import { readPdf, renderPages } from '../../src/pipeline/read/pdf/index.js';
import { extractInvoice } from '../../src/pipeline/extract/builtin/index.js';
import type { InvoiceResult } from '../../src/pipeline/extract/schemas/invoice.js';
import { degradePage, pickDegradation } from './degrade.js';

export interface RunOptions {
  einvoice: boolean;
  images: boolean;
  pdfRunner: SandboxRunner;
  /** Needed for scanned PDF pages and for `images`; without it those pages stay empty. */
  ocr: OcrPool | null;
}

export interface RunOutcome {
  result: InvoiceResult;
  pages: number;
  ms: number;
}

/** Rendering resolution of the image path: what a phone or a 200 dpi scan delivers. */
const IMAGE_DPI = 200;
const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.tif', '.tiff', '.webp']);

function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

async function readAsImages(bytes: Uint8Array, pageCount: number, file: string, options: RunOptions): Promise<Page[]> {
  if (!options.ocr) throw new Error('--images needs OCR, which is not available');
  const numbers = Array.from({ length: pageCount }, (_, i) => i + 1);
  const rendered = await renderPages(bytes, numbers, IMAGE_DPI, { runner: options.pdfRunner });
  const pool = options.ocr;
  return Promise.all(
    rendered.map(async (page) => {
      const seed = seedOf(`${file}#${page.pageNumber}`);
      const jpeg = await degradePage(page.png, pickDegradation(seed), seed);
      const [read] = await ocrImage(pool, jpeg, page.pageNumber);
      if (!read) throw new Error(`page ${page.pageNumber} gave no OCR result`);
      return read;
    }),
  );
}

export async function runDocument(file: string, options: RunOptions): Promise<RunOutcome> {
  const bytes = await readFile(file);
  const started = performance.now();
  let doc: ReadDocument;
  if (IMAGE_EXTENSIONS.has(extname(file).toLowerCase())) {
    if (!options.ocr) throw new Error('image documents need OCR, which is not available');
    doc = { format: 'png', pages: await ocrImage(options.ocr, bytes), einvoice: null, info: {} };
  } else {
    const pdf = await readPdf(bytes, { runner: options.pdfRunner });
    // A photo or scan carries no attachment: the image path never sees the e-invoice.
    const einvoice = options.einvoice && !options.images ? findEmbeddedEInvoice(pdf.attachments) : null;
    let pages = pdf.pages;
    if (options.images) {
      pages = await readAsImages(bytes, pdf.info.pageCount, file, options);
    } else if (pdf.info.pagesNeedingOcr.length > 0 && options.ocr) {
      // Scanned pages inside a PDF are rendered and read as the service does.
      const pool = options.ocr;
      const rendered = await renderPages(bytes, pdf.info.pagesNeedingOcr, 300, { runner: options.pdfRunner });
      const read = await Promise.all(rendered.map((r) => ocrPage(pool, r.png, r.pageNumber)));
      pages = pages.map((p) => read.find((r) => r.number === p.number) ?? p);
    }
    doc = { format: 'pdf', pages, einvoice, info: pdf.info };
  }
  const result = extractInvoice(doc, { requireLineItems: true, documentType: 'invoice' });
  return { result, pages: doc.pages.length, ms: performance.now() - started };
}
