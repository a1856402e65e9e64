export interface ExtractInvoiceOptions {
  /** When false, line items are not extracted and `lineItems` is []. */
  requireLineItems: boolean;
  /** The job's type: typeId 0 invoice, 3 debit note. A credit note is recognized from the document itself. */
  documentType: 'invoice' | 'debit_note';
}
