// Sandbox task: the text layer, embedded files and facts of one PDF. Runs in a worker thread started by readPdf.
import type { PDFDocumentProxy, PDFPageProxy, TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { PipelineError } from '../../errors.js';
import type { Page } from '../../model.js';
import { currentDecodeBudget } from '../sandbox/decode-budget.js';
import { readAttachments, type RawAttachment } from './attachments.js';
import { checkPageBudget, loadPage, openPdf } from './pdfjs.js';
import { buildLines, type FontMetrics } from './text-layer.js';
import type { PdfInfo, PdfReadLimits } from './types.js';

export interface ReadPdfTaskInput {
  bytes: Uint8Array;
  limits: PdfReadLimits;
}

export interface ReadPdfTaskOutput {
  pages: Page[];
  attachments: RawAttachment[];
  info: PdfInfo;
}

const MEANINGFUL_CHAR = /[\p{L}\p{N}]/gu;
/** Below this share of letters and digits among visible characters a text layer is taken for garbage. */
const MIN_MEANINGFUL_SHARE = 0.5;
const MAX_METADATA_CHARS = 200;

export async function runTask({ bytes, limits }: ReadPdfTaskInput): Promise<ReadPdfTaskOutput> {
  const document = await openPdf(bytes);
  try {
    checkPageBudget(document, limits.maxPages);
    const pages: Page[] = [];
    const pagesNeedingOcr: number[] = [];
    let textChars = 0;
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber += 1) {
      const page = await readPage(document, pageNumber, limits);
      // pdfjs skips content it failed to decode and reads on: stop at the page where the budget ran out.
      const breach = currentDecodeBudget()?.breach;
      if (breach) throw breach;
      const { meaningful, visible } = countCharacters(page);
      textChars += meaningful;
      if (meaningful < limits.minTextChars || meaningful < MIN_MEANINGFUL_SHARE * visible)
        pagesNeedingOcr.push(pageNumber);
      pages.push(page);
    }
    const { attachments, skipped } = await readAttachments(document, limits);
    return {
      pages,
      attachments,
      info: {
        pageCount: document.numPages,
        textPages: pages.length - pagesNeedingOcr.length,
        pagesNeedingOcr,
        textChars,
        ...(await documentFacts(document)),
        skippedAttachments: skipped,
      },
    };
  } finally {
    await document.destroy().catch(() => undefined);
  }
}

async function readPage(document: PDFDocumentProxy, pageNumber: number, limits: PdfReadLimits): Promise<Page> {
  const pdfPage = await loadPage(document, pageNumber);
  try {
    const viewport = pdfPage.getViewport({ scale: 1 });
    const { items, fonts } = await collectTextRuns(pdfPage, pageNumber, limits.maxTextItemsPerPage);
    return {
      number: pageNumber,
      width: Math.round(viewport.width * 100) / 100,
      height: Math.round(viewport.height * 100) / 100,
      unit: 'pt',
      source: 'text',
      lines: buildLines(items, fonts, viewport.transform),
    };
  } finally {
    pdfPage.cleanup();
  }
}

/** Reads the page's text runs chunk by chunk so that a page producing millions of runs is stopped early. */
async function collectTextRuns(
  page: PDFPageProxy,
  pageNumber: number,
  maxItems: number,
): Promise<{ items: TextItem[]; fonts: Record<string, FontMetrics> }> {
  const items: TextItem[] = [];
  const fonts: Record<string, FontMetrics> = {};
  const reader = page.streamTextContent().getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const chunk = value as { items: (TextItem | { type: string })[]; styles: Record<string, FontMetrics> };
      for (const item of chunk.items) if ('str' in item) items.push(item);
      Object.assign(fonts, chunk.styles);
      if (items.length > maxItems) {
        await reader.cancel(new Error('text run budget exceeded')).catch(() => undefined);
        throw new PipelineError(
          'parsing',
          'resource_limit',
          `Page ${pageNumber} of the PDF has more than ${maxItems} text runs`,
          {
            limit: 'text_items',
            pageNumber,
            maxItems,
          },
        );
      }
    }
  } catch (error) {
    if (error instanceof PipelineError) throw error;
    throw new PipelineError(
      'parsing',
      'pdf_corrupt',
      `The text of page ${pageNumber} could not be read`,
      { pageNumber, pdfjsMessage: error instanceof Error ? error.message : String(error) },
      false,
      { cause: error },
    );
  }
  return { items, fonts };
}

function countCharacters(page: Page): { meaningful: number; visible: number } {
  let meaningful = 0;
  let visible = 0;
  for (const line of page.lines) {
    for (const word of line.words) {
      visible += word.text.length;
      meaningful += word.text.match(MEANINGFUL_CHAR)?.length ?? 0;
    }
  }
  return { meaningful, visible };
}

async function documentFacts(
  document: PDFDocumentProxy,
): Promise<Pick<PdfInfo, 'pdfVersion' | 'producer' | 'creator' | 'encrypted'>> {
  const metadata = await document.getMetadata().catch(() => undefined);
  const info = (metadata?.info ?? {}) as Record<string, unknown>;
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX_METADATA_CHARS) : undefined;
  const facts: Pick<PdfInfo, 'pdfVersion' | 'producer' | 'creator' | 'encrypted'> = {
    encrypted: Boolean(info.EncryptFilterName),
  };
  const pdfVersion = text(info.PDFFormatVersion);
  const producer = text(info.Producer);
  const creator = text(info.Creator);
  if (pdfVersion) facts.pdfVersion = pdfVersion;
  if (producer) facts.producer = producer;
  if (creator) facts.creator = creator;
  return facts;
}
