// The one document model every reader produces and every extractor consumes. Plain data only (no methods, no class
// instances) so that it crosses worker-thread boundaries by structured clone.

/** A rectangle in page coordinates: origin at the top-left corner, x to the right, y downwards. */
export interface BBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Word {
  text: string;
  bbox: BBox;
  /** 0..1; present for OCR output, absent (= certain) for a PDF text layer. */
  confidence?: number;
  /** OCR only: offsets in `text` of digits read with low confidence (an amount to cross-check, not to trust). */
  uncertainDigits?: number[];
}

export interface Line {
  text: string;
  bbox: BBox;
  words: Word[];
  confidence?: number;
}

export interface Page {
  /** 1-based, in reading order of the document (for multi-image documents: the order of the given URLs). */
  number: number;
  width: number;
  height: number;
  /** 'pt' (1/72 inch, PDF user space) for PDF text layers; 'px' for images and rendered pages. */
  unit: 'pt' | 'px';
  /** Where the words came from. */
  source: 'text' | 'ocr';
  /** Lines in reading order (top to bottom, then left to right). */
  lines: Line[];
  /** OCR only: degrees the page was rotated to read it upright (0, 90, 180, 270). */
  rotation?: number;
  /** OCR only: the engine that read it (DOCEX_OCR_ENGINE: 'tesseract', 'paddle'). */
  ocrEngine?: string;
}

export type EInvoiceSyntax = 'CII' | 'UBL';

/** An e-invoice XML found in the document: embedded in a PDF (Factur-X / ZUGFeRD) or the document itself. */
export interface EInvoiceSource {
  syntax: EInvoiceSyntax;
  origin: 'embedded' | 'standalone';
  /** Attachment file name when embedded, e.g. factur-x.xml. */
  filename?: string;
  /** Guideline/profile identifier (BT-24), e.g. urn:cen.eu:en16931:2017. */
  profile?: string;
  xml: string;
}

export type SourceFormat = 'pdf' | 'jpeg' | 'png' | 'tiff' | 'webp' | 'xml';

export interface ReadDocument {
  format: SourceFormat;
  pages: Page[];
  einvoice: EInvoiceSource | null;
  /** Facts about the reading, e.g. { pdfPages, ocrPages, textPages, producer }. */
  info: Record<string, unknown>;
}
