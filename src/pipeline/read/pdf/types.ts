// Shapes and budgets of PDF reading, shared by the public functions and the sandboxed tasks.
import type { BBox, Page } from '../../model.js';

export interface PdfReadLimits {
  /** Documents with more pages are refused (resource_limit) before any page is parsed. */
  maxPages: number;
  /** A page with fewer letters and digits in its text layer is listed in pagesNeedingOcr. */
  minTextChars: number;
  /** Text runs one page may produce before it is refused (resource_limit): bounds time and output size. */
  maxTextItemsPerPage: number;
  /** Embedded files larger than this are left out (and listed in info.skippedAttachments). */
  maxAttachmentBytes: number;
  /** At most this many embedded files are returned (XML files first, then the others in document order). */
  maxAttachments: number;
}

export const DEFAULT_PDF_READ_LIMITS: Readonly<PdfReadLimits> = {
  maxPages: 200,
  minTextChars: 16,
  maxTextItemsPerPage: 50_000,
  maxAttachmentBytes: 10 * 2 ** 20,
  maxAttachments: 20,
};

/** A file embedded in the PDF (EmbeddedFiles name tree), e.g. factur-x.xml. */
export interface PdfAttachment {
  /** Base name as the PDF gives it, without any folder part. */
  filename: string;
  content: Buffer;
}

export interface SkippedAttachment {
  filename: string;
  byteLength?: number;
  reason: 'too_large' | 'too_many' | 'unreadable';
}

// A type alias (not an interface) so that it fits ReadDocument.info (Record<string, unknown>).
export type PdfInfo = {
  pageCount: number;
  /** Pages whose text layer is usable. */
  textPages: number;
  /** 1-based numbers of pages without a usable text layer (scans): render them and OCR them. */
  pagesNeedingOcr: number[];
  /** Letters and digits found in the text layer of the whole document. */
  textChars: number;
  pdfVersion?: string;
  producer?: string;
  creator?: string;
  /** Encrypted with an empty user password: readable, with usage restrictions set by the producer. */
  encrypted: boolean;
  skippedAttachments: SkippedAttachment[];
};

export interface PdfReadResult {
  pages: Page[];
  attachments: PdfAttachment[];
  info: PdfInfo;
}

export interface RenderedPage {
  pageNumber: number;
  png: Buffer;
  width: number;
  height: number;
  /** findPageImages only: the images on the page that may hold text, in points (top-left origin). */
  images?: BBox[];
}

export interface PdfRenderLimits {
  /** Pixels (width x height) one rendered page may have; a bigger page is refused with resource_limit. */
  maxPixels: number;
  /** Pages one renderPages call may render. */
  maxPages: number;
}

export const DEFAULT_PDF_RENDER_LIMITS: Readonly<PdfRenderLimits> = {
  // An A4 page at 300 dpi is 8.7 MP, A3 17.4 MP; 40 MP is 160 MB of canvas.
  maxPixels: 40_000_000,
  maxPages: 50,
};

export const MIN_RENDER_DPI = 36;
export const MAX_RENDER_DPI = 600;
