// The builtin extraction engine for invoices and debit notes (typeId 0 and 3): offline, no model. An e-invoice
// XML, when the document carries one, is mapped exactly and wins over the page text; otherwise values are read
// from the page layout.
import { PipelineError } from '../../errors.js';
import type { ReadDocument } from '../../model.js';
import type { InvoiceResult } from '../schemas/invoice.js';
import { extractFromEInvoice } from './einvoice.js';
import { extractFromLayout } from './layout-extract.js';
import type { ExtractInvoiceOptions } from './options.js';

export type { ExtractInvoiceOptions } from './options.js';

/**
 * Extracts an invoice or debit note. Never guesses: a field without evidence on the page (or in the XML) is null.
 * An e-invoice that turns out unreadable gives way to the pages when there are any; a standalone XML that cannot
 * be mapped throws its PipelineError (stage 'parsing').
 */
export function extractInvoice(doc: ReadDocument, options: ExtractInvoiceOptions): InvoiceResult {
  if (!doc.einvoice) return extractFromLayout(doc, options);
  try {
    return extractFromEInvoice(doc, options);
  } catch (error) {
    const hasText = doc.pages.some((p) => p.lines.length > 0);
    if (error instanceof PipelineError && hasText) return extractFromLayout(doc, options);
    throw error;
  }
}
