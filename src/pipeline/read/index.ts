// Reading: downloaded bytes of a known format -> one ReadDocument. PDFs are read from their text layer, with pages
// that have none rendered and OCRed; images are OCRed; e-invoice XML (standalone, or embedded in a PDF) is kept for
// the extractors, which map it exactly.
import type { Logger } from 'pino';
import { PipelineError } from '../errors.js';
import type { EInvoiceSource, Page, ReadDocument, SourceFormat } from '../model.js';
import { decodeXmlBytes, detectEInvoice, findEmbeddedEInvoice } from './einvoice/index.js';
import { readImageText } from './image-text.js';
import { ocrImage, ocrPage, type OcrPool } from './ocr/index.js';
import { readPdf, renderPages } from './pdf/index.js';
import { releaseFreedMemory } from './sandbox/release-memory.js';
import type { SandboxRunner } from './sandbox/run-in-sandbox.js';

export interface ReaderDeps {
  ocr: OcrPool;
  /** Warm pdfjs workers (createPdfSandboxPool); a fresh worker per document when absent. */
  pdfRunner?: SandboxRunner;
  log?: Logger;
  signal?: AbortSignal;
  /** Resolution scanned PDF pages are rendered at for OCR. */
  ocrDpi?: number;
  /** Read embedded/standalone e-invoice XML (default true; the accuracy benchmark turns it off). */
  einvoice?: boolean;
  /** Called once per page (or image on a text page) read by OCR, for metrics. */
  onOcrPage?: () => void;
  /**
   * OCR the images on PDF text pages (a logo with the vendor's name) while reading; default false. The pipeline
   * instead reads them on demand with readImageTextOf when the extraction lacks what they may hold.
   */
  imageText?: boolean;
}

export interface Source {
  bytes: Buffer;
  format: SourceFormat;
}

const DEFAULT_OCR_DPI = 300;

async function readPdfSource(bytes: Buffer, deps: ReaderDeps): Promise<ReadDocument> {
  const pdf = await readPdf(bytes, { runner: deps.pdfRunner, signal: deps.signal });
  const einvoice = deps.einvoice === false ? null : findEmbeddedEInvoice(pdf.attachments);
  const pages: Page[] = [...pdf.pages];
  const scanned = pdf.info.pagesNeedingOcr;
  // With an e-invoice the XML is the data; the scanned pages would only cost OCR time.
  if (scanned.length > 0 && !einvoice) {
    deps.log?.debug({ pages: scanned }, 'rendering scanned pages for OCR');
    const rendered = await renderPages(bytes, scanned, deps.ocrDpi ?? DEFAULT_OCR_DPI, {
      runner: deps.pdfRunner,
      signal: deps.signal,
    });
    const ocred = await Promise.all(
      rendered.map(async (r) => {
        const page = await ocrPage(deps.ocr, r.png, r.pageNumber);
        deps.onOcrPage?.();
        return page;
      }),
    );
    for (const page of ocred) pages[page.number - 1] = page;
  }
  const doc: ReadDocument = {
    format: 'pdf',
    pages,
    einvoice,
    info: { ...pdf.info, ocrPages: scanned.length > 0 && !einvoice ? scanned.length : 0 },
  };
  if (deps.imageText !== true) return doc;
  return (
    (await readImageTextOf(doc, [{ bytes, format: 'pdf' }], deps)) ?? { ...doc, info: { ...doc.info, imagesRead: 0 } }
  );
}

async function readImages(images: Source[], deps: ReaderDeps): Promise<ReadDocument> {
  const pages: Page[] = [];
  for (const image of images) {
    const read = await ocrImage(deps.ocr, image.bytes, pages.length + 1);
    for (const _ of read) deps.onOcrPage?.();
    pages.push(...read);
  }
  return { format: images[0]!.format, pages, einvoice: null, info: { ocrPages: pages.length, images: images.length } };
}

/**
 * A second look at a PDF read without its images: OCR of the images on its first text pages, added to the pages.
 * Null when there is nothing more to read (not a one-PDF document, an e-invoice, read already, or no images).
 */
export async function readImageTextOf(
  doc: ReadDocument,
  sources: readonly Source[],
  deps: ReaderDeps,
): Promise<ReadDocument | null> {
  const source = sources.length === 1 ? sources[0] : undefined;
  if (!source || source.format !== 'pdf' || doc.einvoice || doc.info.imagesRead !== undefined) return null;
  deps.log?.debug('reading the text of images on text pages');
  const { pages, imagesRead } = await readImageText(source.bytes, doc.pages, deps);
  return imagesRead > 0 ? { ...doc, pages, info: { ...doc.info, imagesRead } } : null;
}

function readXml(bytes: Buffer): ReadDocument {
  const source: EInvoiceSource | null = detectEInvoice(decodeXmlBytes(bytes));
  if (!source) {
    throw new PipelineError('parsing', 'xml_invalid', 'The XML file is not a CII or UBL invoice.', {});
  }
  return {
    format: 'xml',
    pages: [],
    einvoice: source,
    info: { syntax: source.syntax, profile: source.profile ?? null },
  };
}

function hasText(doc: ReadDocument): boolean {
  return doc.einvoice !== null || doc.pages.some((p) => p.lines.some((l) => /[\p{L}\p{N}]/u.test(l.text)));
}

/** Reads one document. Throws PipelineError (stage 'parsing') for anything unreadable, including no text at all. */
export async function readDocument(source: Source, deps: ReaderDeps): Promise<ReadDocument> {
  return readDocumentFromParts([source], deps);
}

/**
 * Reads several sources as the pages of ONE document, in order (multi-image `single_invoice` jobs). Images become
 * OCRed pages; a PDF or XML among them is read on its own (a one-source document).
 */
export async function readDocumentFromParts(sources: Source[], deps: ReaderDeps): Promise<ReadDocument> {
  try {
    return await readParts(sources, deps);
  } finally {
    // The decoders (libvips, the OCR engine, pdfjs) freed what a document made them allocate, but the C allocator
    // keeps freed memory resident: without this a worker stays at the high-water mark of its largest document.
    releaseFreedMemory();
  }
}

async function readParts(sources: Source[], deps: ReaderDeps): Promise<ReadDocument> {
  let doc: ReadDocument;
  if (sources.length === 1 && sources[0]!.format === 'pdf') doc = await readPdfSource(sources[0]!.bytes, deps);
  else if (sources.length === 1 && sources[0]!.format === 'xml') doc = readXml(sources[0]!.bytes);
  else if (sources.every((s) => s.format !== 'pdf' && s.format !== 'xml')) doc = await readImages(sources, deps);
  else {
    // Mixed PDFs and images as one document: concatenate their pages in the given order.
    const parts: ReadDocument[] = [];
    for (const s of sources) parts.push(await readDocumentFromParts([s], deps));
    let n = 0;
    doc = {
      format: parts[0]!.format,
      pages: parts.flatMap((p) => p.pages.map((page) => ({ ...page, number: ++n }))),
      einvoice: parts.find((p) => p.einvoice)?.einvoice ?? null,
      info: { parts: parts.map((p) => p.info) },
    };
  }
  if (!hasText(doc)) {
    throw new PipelineError('parsing', 'no_text_found', 'No text could be read from the document, not even by OCR.', {
      pages: doc.pages.length,
    });
  }
  return doc;
}
