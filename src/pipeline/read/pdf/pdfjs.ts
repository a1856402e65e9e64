// Opening an untrusted PDF with pdfjs-dist (legacy build: the modern one needs Node 22). Runs inside a sandbox
// worker thread; pdfjs's own "worker" then runs in that same thread (its fake worker), so all parsing stays inside
// the sandbox's limits.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DocumentInitParameters, PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import { PipelineError } from '../../errors.js';
import { PDFJS_MODULE } from './pdfjs-modules.js';
import { loadPatchedPdfjsWorker } from './pdfjs-worker-module.js';

const requireHere = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(requireHere.resolve('pdfjs-dist/package.json'));

/**
 * Largest image, in pixels, that pdfjs decodes when rendering; bigger ones are skipped rather than allocated. A4 at
 * 600 dpi is 34.8 MP. Each decoded pixel costs about 10 bytes on its way to the canvas (decoded, RGBA, the copy
 * across pdfjs's worker boundary): a 64 MP image took the process 550 MB past its baseline.
 */
const MAX_IMAGE_PIXELS = 36_000_000;

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsModule: Pdfjs | undefined;

/**
 * Loads pdfjs on first use (it is large, and only sandbox workers need it). Loaded with require() (ES modules can
 * be required since Node 20.19) rather than import(): in a worker running from TypeScript sources, tsx's import
 * hooks would transform pdfjs's 3 MB anew in every worker (~2 s a start); require() does not pass through them.
 */
export function loadPdfjs(): Pdfjs {
  if (pdfjsModule) return pdfjsModule;
  pdfjsModule = requireHere(PDFJS_MODULE) as Pdfjs;
  // pdfjs's parsing half, provided up front so that its "fake worker" runs in this thread without an import(), and
  // patched so that its decoders respect the sandbox's decode budget.
  const scope = globalThis as { pdfjsWorker?: unknown };
  scope.pdfjsWorker ??= loadPatchedPdfjsWorker();
  return pdfjsModule;
}

function documentParameters(data: Uint8Array): DocumentInitParameters {
  const folder = (name: string): string => `${path.join(pdfjsRoot, name)}${path.sep}`;
  return {
    data,
    // Local files only: fonts, CMaps and decoders come from the installed package, never from the network.
    standardFontDataUrl: folder('standard_fonts'),
    cMapUrl: folder('cmaps'),
    cMapPacked: true,
    wasmUrl: folder('wasm'),
    iccUrl: folder('iccs'),
    useWorkerFetch: false,
    disableRange: true,
    disableStream: true,
    disableAutoFetch: true,
    // No code from the document: no eval for PostScript functions, no fonts loaded into a font engine, no XFA.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    // Recover what can be read from slightly broken files instead of rejecting them.
    stopAtErrors: false,
    verbosity: 0,
  };
}

/** Opens a PDF or throws a PipelineError: empty_document, pdf_encrypted or pdf_corrupt. */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  if (bytes.byteLength === 0) {
    throw new PipelineError('parsing', 'empty_document', 'The PDF file is empty', { byteLength: 0 });
  }
  // Read now: pdfjs takes the buffer over (transfers it to its worker side), after which bytes.byteLength is 0.
  const { byteLength } = bytes;
  const pdfjs = loadPdfjs();
  const loadingTask = pdfjs.getDocument(documentParameters(bytes));
  try {
    return await loadingTask.promise;
  } catch (error) {
    await loadingTask.destroy().catch(() => undefined);
    throw classifyOpenError(error, byteLength);
  }
}

function classifyOpenError(error: unknown, byteLength: number): PipelineError {
  const name = error instanceof Error ? error.name : 'Error';
  const pdfjsMessage = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    // pdfjs code 1: no password given, 2: a wrong one. Either way the service has no password to offer.
    return new PipelineError(
      'parsing',
      'pdf_encrypted',
      'The PDF is password protected',
      { pdfjsMessage, byteLength },
      false,
      {
        cause: error,
      },
    );
  }
  return new PipelineError(
    'parsing',
    'pdf_corrupt',
    'The PDF could not be read',
    { pdfjsError: name, pdfjsMessage, byteLength },
    false,
    {
      cause: error,
    },
  );
}

/** Loads one page or throws pdf_corrupt naming the page: a page tree entry that does not resolve. */
export async function loadPage(document: PDFDocumentProxy, pageNumber: number): Promise<PDFPageProxy> {
  try {
    return await document.getPage(pageNumber);
  } catch (error) {
    throw new PipelineError(
      'parsing',
      'pdf_corrupt',
      `Page ${pageNumber} of the PDF could not be read`,
      {
        pageNumber,
        pageCount: document.numPages,
        pdfjsMessage: error instanceof Error ? error.message : String(error),
      },
      false,
      { cause: error },
    );
  }
}

/** Refuses documents with more pages than the budget before any page is parsed. */
export function checkPageBudget(document: PDFDocumentProxy, maxPages: number): void {
  if (document.numPages > maxPages) {
    throw new PipelineError(
      'parsing',
      'resource_limit',
      `The PDF has ${document.numPages} pages, more than the ${maxPages} allowed`,
      {
        limit: 'pages',
        pageCount: document.numPages,
        maxPages,
      },
    );
  }
  if (document.numPages === 0) {
    throw new PipelineError('parsing', 'pdf_corrupt', 'The PDF has no pages', { pageCount: 0 });
  }
}
