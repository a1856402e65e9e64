import type { FieldRanker } from './ranking.js';

export interface ExtractInvoiceOptions {
  /** When false, line items are not extracted and `lineItems` is []. */
  requireLineItems: boolean;
  /** The job's type: typeId 0 invoice, 3 debit note. A credit note is recognized from the document itself. */
  documentType: 'invoice' | 'debit_note';
  /** A learned ranker choosing among the rules' candidates (see ranking.ts); without one the rules decide. */
  ranker?: FieldRanker;
}
