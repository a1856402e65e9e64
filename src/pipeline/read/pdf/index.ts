// PDF reading: text layer, embedded files, page rendering. Everything runs sandboxed in worker threads.
export {
  createPdfSandboxPool,
  findPageImages,
  readPdf,
  renderPage,
  renderPages,
  type ReadPdfOptions,
  type RenderPdfOptions,
} from './read-pdf.js';
export {
  DEFAULT_PDF_READ_LIMITS,
  DEFAULT_PDF_RENDER_LIMITS,
  type PdfAttachment,
  type PdfInfo,
  type PdfReadLimits,
  type PdfReadResult,
  type PdfRenderLimits,
  type RenderedPage,
  type SkippedAttachment,
} from './types.js';
