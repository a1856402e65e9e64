// The public entry points of PDF reading. Both parse the untrusted PDF in a sandbox worker thread with a heap cap,
// a memory watch and a time limit; failures arrive as PipelineError (stage 'parsing').
import type { BBox } from '../../model.js';
import {
  freshWorkerRunner,
  moduleBesideCaller,
  sandboxTask,
  type SandboxLimits,
  type SandboxRunner,
} from '../sandbox/run-in-sandbox.js';
import { SandboxPool, type SandboxPoolOptions } from '../sandbox/sandbox-pool.js';
import { PDFJS_MODULE } from './pdfjs-modules.js';
import type { runTask as readTask } from './read-task.js';
import type { runTask as renderTask } from './render-task.js';
import {
  DEFAULT_PDF_READ_LIMITS,
  DEFAULT_PDF_RENDER_LIMITS,
  MAX_RENDER_DPI,
  MIN_RENDER_DPI,
  type PdfReadLimits,
  type PdfReadResult,
  type PdfRenderLimits,
  type RenderedPage,
} from './types.js';

interface SandboxChoice {
  /** Where the parsing runs: a SandboxPool from createPdfSandboxPool, or by default a fresh worker per call. */
  runner?: SandboxRunner;
  signal?: AbortSignal;
}

export type ReadPdfOptions = Partial<PdfReadLimits> & Partial<SandboxLimits> & SandboxChoice;
export type RenderPdfOptions = Partial<PdfRenderLimits> &
  Partial<SandboxLimits> &
  SandboxChoice & { maxDocumentPages?: number };

// pdfjs's worker module is not preloaded: it is evaluated patched, when a task first opens a PDF (pdfjs.ts).
const preload = [PDFJS_MODULE];
const readPdfTask = sandboxTask<typeof readTask>(moduleBesideCaller(import.meta.url, './read-task'), { preload });
const renderPagesTask = sandboxTask<typeof renderTask>(moduleBesideCaller(import.meta.url, './render-task'), {
  preload,
});

/**
 * A pool of warm workers with pdfjs loaded, for a long-running process: saves ~250 ms of CPU per document over a
 * fresh worker. Pass it as `runner` to readPdf and renderPages; close() it at shutdown.
 */
export function createPdfSandboxPool(options: Omit<SandboxPoolOptions, 'preload' | 'preloadBaseUrl'>): SandboxPool {
  return new SandboxPool({ ...options, preload, preloadBaseUrl: readPdfTask.moduleUrl });
}

/**
 * Reads the text layer (pages of lines of words with boxes in points), the embedded files and facts of a PDF.
 * Pages without a usable text layer are listed in info.pagesNeedingOcr (their lines may be empty).
 * Errors: empty_document, pdf_encrypted, pdf_corrupt, resource_limit (pages, text runs, decoded stream size, memory),
 * timeout.
 */
export async function readPdf(bytes: Uint8Array, options: ReadPdfOptions = {}): Promise<PdfReadResult> {
  const limits: PdfReadLimits = {
    maxPages: options.maxPages ?? DEFAULT_PDF_READ_LIMITS.maxPages,
    minTextChars: options.minTextChars ?? DEFAULT_PDF_READ_LIMITS.minTextChars,
    maxTextItemsPerPage: options.maxTextItemsPerPage ?? DEFAULT_PDF_READ_LIMITS.maxTextItemsPerPage,
    maxAttachmentBytes: options.maxAttachmentBytes ?? DEFAULT_PDF_READ_LIMITS.maxAttachmentBytes,
    maxAttachments: options.maxAttachments ?? DEFAULT_PDF_READ_LIMITS.maxAttachments,
  };
  // The worker gets its own exact copy (moved, not cloned again): the caller's buffer stays intact for other readers,
  // and a Buffer that is a slice of a larger pool does not drag the whole pool along.
  const copy = new Uint8Array(bytes);
  const runner = options.runner ?? freshWorkerRunner;
  const result = await runner.run(
    readPdfTask,
    { bytes: copy, limits },
    {
      ...sandboxOptions(options),
      description: 'Reading the PDF',
      transferList: [copy.buffer],
    },
  );
  return {
    pages: result.pages,
    attachments: result.attachments.map(({ filename, content }) => ({ filename, content: asBuffer(content) })),
    info: result.info,
  };
}

/** Renders one page (1-based) to PNG at the given resolution, e.g. for OCR of a scanned page. */
export async function renderPage(
  bytes: Uint8Array,
  pageNumber: number,
  dpi: number,
  options: RenderPdfOptions = {},
): Promise<{ png: Buffer; width: number; height: number }> {
  const [page] = await renderPages(bytes, [pageNumber], dpi, options);
  if (!page) throw new Error(`page ${pageNumber} was not rendered`);
  return { png: page.png, width: page.width, height: page.height };
}

/** Renders several pages in one sandbox (one parse of the document), in the order given. */
export async function renderPages(
  bytes: Uint8Array,
  pageNumbers: number[],
  dpi: number,
  options: RenderPdfOptions = {},
): Promise<RenderedPage[]> {
  return render(bytes, pageNumbers, dpi, options, false);
}

/**
 * The images painted on the given pages that may hold text (a logo, a pasted-in footer), with a render of each page
 * that has some: pages without such images are left out. `images` are in points, top-left origin.
 */
export async function findPageImages(
  bytes: Uint8Array,
  pageNumbers: number[],
  dpi: number,
  options: RenderPdfOptions = {},
): Promise<Array<RenderedPage & { images: BBox[] }>> {
  const rendered = await render(bytes, pageNumbers, dpi, options, true);
  return rendered.map((page) => ({ ...page, images: page.images ?? [] }));
}

async function render(
  bytes: Uint8Array,
  pageNumbers: number[],
  dpi: number,
  options: RenderPdfOptions,
  imagesOnly: boolean,
): Promise<RenderedPage[]> {
  if (!(dpi >= MIN_RENDER_DPI && dpi <= MAX_RENDER_DPI)) {
    throw new RangeError(`dpi must be between ${MIN_RENDER_DPI} and ${MAX_RENDER_DPI}, got ${dpi}`);
  }
  const limits = {
    maxPixels: options.maxPixels ?? DEFAULT_PDF_RENDER_LIMITS.maxPixels,
    maxPages: options.maxPages ?? DEFAULT_PDF_RENDER_LIMITS.maxPages,
    maxDocumentPages: options.maxDocumentPages ?? DEFAULT_PDF_READ_LIMITS.maxPages,
  };
  if (pageNumbers.length > limits.maxPages) {
    throw new RangeError(`at most ${limits.maxPages} pages can be rendered in one call, got ${pageNumbers.length}`);
  }
  const copy = new Uint8Array(bytes);
  const runner = options.runner ?? freshWorkerRunner;
  const rendered = await runner.run(
    renderPagesTask,
    { bytes: copy, pageNumbers, dpi, limits, imagesOnly },
    {
      ...sandboxOptions(options),
      description: 'Rendering the PDF',
      transferList: [copy.buffer],
    },
  );
  return rendered.map((page) => ({ ...page, png: asBuffer(page.png) }));
}

function sandboxOptions(
  options: Partial<SandboxLimits> & { signal?: AbortSignal },
): Partial<SandboxLimits> & { signal?: AbortSignal } {
  const picked: Partial<SandboxLimits> & { signal?: AbortSignal } = {};
  if (options.timeoutMs !== undefined) picked.timeoutMs = options.timeoutMs;
  if (options.maxMemoryMb !== undefined) picked.maxMemoryMb = options.maxMemoryMb;
  if (options.maxRssGrowthMb !== undefined) picked.maxRssGrowthMb = options.maxRssGrowthMb;
  if (options.maxStreamMb !== undefined) picked.maxStreamMb = options.maxStreamMb;
  if (options.signal !== undefined) picked.signal = options.signal;
  return picked;
}

/** Structured clone delivers Uint8Array; callers expect Buffers. No copy: the array is already exact. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
