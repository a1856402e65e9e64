// Sandbox task: renders PDF pages to PNG (for OCR) with pdfjs on an @napi-rs/canvas canvas. Runs in a worker thread
// started by renderPages, or by findPageImages (then only pages that paint images, with their boxes). Canvas memory
// is native (outside the worker's V8 heap), hence the pixel budget checked before a canvas is allocated.
//
// The canvas must come from pdfjs's own canvas factory: pdfjs-dist ships its own copy of @napi-rs/canvas (0.1.x,
// nested in its node_modules) for its scratch canvases and Path2D, and mixing objects of that copy with the
// project's top-level @napi-rs/canvas 1.x crashes the whole process (SIGSEGV), worker thread or not.
import type { RenderParameters } from 'pdfjs-dist/types/src/display/api.js';
import { PipelineError } from '../../errors.js';
import type { BBox } from '../../model.js';
import { currentDecodeBudget } from '../sandbox/decode-budget.js';
import { imageRegions } from './image-regions.js';
import { checkPageBudget, loadPage, loadPdfjs, openPdf } from './pdfjs.js';
import type { PdfRenderLimits } from './types.js';

/** pdfjs's canvas factory (untyped in pdfjs's declarations): on Node it creates @napi-rs/canvas canvases. */
interface CanvasFactory {
  create(width: number, height: number): { canvas: RenderParameters['canvas'] };
}

interface NapiCanvas {
  encode(format: 'png'): Promise<Buffer>;
}

export interface RenderPagesTaskInput {
  bytes: Uint8Array;
  pageNumbers: number[];
  dpi: number;
  limits: PdfRenderLimits & { maxDocumentPages: number };
  /** Only pages that paint images holding text may, each with their boxes (see image-regions.ts). */
  imagesOnly?: boolean;
}

export interface RenderedPageData {
  pageNumber: number;
  png: Uint8Array;
  width: number;
  height: number;
  /** With imagesOnly: the images on the page, in points (top-left origin). */
  images?: BBox[];
}

export async function runTask({
  bytes,
  pageNumbers,
  dpi,
  limits,
  imagesOnly = false,
}: RenderPagesTaskInput): Promise<RenderedPageData[]> {
  const document = await openPdf(bytes);
  try {
    checkPageBudget(document, limits.maxDocumentPages);
    const rendered: RenderedPageData[] = [];
    for (const pageNumber of pageNumbers) {
      if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > document.numPages) {
        throw new RangeError(`page ${pageNumber} does not exist in a PDF of ${document.numPages} pages`);
      }
      // Rendering decodes each page's images: the total decode allowance is per page, not per document.
      currentDecodeBudget()?.startOver();
      const page = await loadPage(document, pageNumber);
      try {
        const images = imagesOnly ? await imageRegions(page, loadPdfjs().OPS) : undefined;
        if (images?.length === 0) continue;
        const viewport = page.getViewport({ scale: dpi / 72 });
        // Whole pixels covering the page; the epsilon keeps 14400 pt at 300 dpi at 60000 px despite rounding noise.
        const width = Math.ceil(viewport.width - 1e-6);
        const height = Math.ceil(viewport.height - 1e-6);
        if (width * height > limits.maxPixels) {
          throw new PipelineError(
            'parsing',
            'resource_limit',
            `Page ${pageNumber} is too large to render at ${dpi} dpi`,
            {
              limit: 'pixels',
              pageNumber,
              dpi,
              width,
              height,
              maxPixels: limits.maxPixels,
            },
          );
        }
        const { canvas } = (document.canvasFactory as CanvasFactory).create(width, height);
        await page.render({ canvas, viewport }).promise;
        const png = await (canvas as unknown as NapiCanvas).encode('png');
        rendered.push({ pageNumber, png: new Uint8Array(png), width, height, ...(images ? { images } : {}) });
      } finally {
        page.cleanup();
      }
    }
    return rendered;
  } finally {
    await document.destroy().catch(() => undefined);
  }
}
