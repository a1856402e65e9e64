// An e-invoice (Factur-X / ZUGFeRD / XRechnung CII, UBL) mapped exactly: every value comes from its XML element,
// amounts as the exact decimals written there, provenance is the element's path with confidence 1.
import type { ReadDocument } from '../../model.js';
import { mapEInvoice, type EInvoiceData, type EInvoiceLineItem } from '../../read/einvoice/index.js';
import type { FieldProvenance } from '../schemas/common.js';
import type { InvoiceLineItem, InvoiceResult, InvoiceSummary } from '../schemas/invoice.js';
import type { ExtractInvoiceOptions } from './options.js';
import { validateInvoice } from './validation.js';

const SUMMARY_KEYS = [
  'invoice_number',
  'invoice_date',
  'due_date',
  'vendor_name',
  'vendor_tax_id',
  'vendor_address',
  'buyer_name',
  'buyer_tax_id',
  'buyer_address',
  'po_number',
  'currency',
  'subtotal',
  'tax',
  'total',
  'amount_due',
] as const satisfies ReadonlyArray<keyof InvoiceSummary & keyof EInvoiceData>;

/** UN/CEFACT 1001 document type codes of credit notes (381 credit note, 396 factored credit note, 261 self-billed). */
const CREDIT_NOTE_CODES = new Set(['381', '396', '261', '262', '308', '532']);
/** Debit notes (383) and their factored variant. */
const DEBIT_NOTE_CODES = new Set(['383', '527']);

function xmlProvenance(path: string): FieldProvenance {
  return { confidence: 1, source: 'xml', path };
}

function documentType(
  code: string | null,
  requested: ExtractInvoiceOptions['documentType'],
): InvoiceResult['document_type'] {
  if (code !== null && CREDIT_NOTE_CODES.has(code)) return 'credit_note';
  if (code !== null && DEBIT_NOTE_CODES.has(code)) return 'debit_note';
  return requested;
}

function lineItem(line: EInvoiceLineItem): InvoiceLineItem {
  const item: InvoiceLineItem = {
    description: line.description,
    quantity: line.quantity,
    unit_price: line.unit_price,
    amount: line.amount,
    unit: line.unit,
    tax_rate: line.tax_rate,
  };
  if (line.product_code !== null) item.product_code = line.product_code;
  return item;
}

/**
 * Lines some generators export for layout only ("--- Food Products ---", a remark): no quantity, no price, no
 * amount. They carry nothing to book, so they are left out.
 */
function displayOnly(line: EInvoiceLineItem): boolean {
  return (
    (line.quantity === null || line.quantity === 0) &&
    (line.amount === null || line.amount === 0) &&
    (line.unit_price === null || line.unit_price === 0)
  );
}

const LINE_KEYS = ['description', 'quantity', 'unit_price', 'amount', 'unit', 'tax_rate', 'product_code'] as const;

/** Decimal text of an amount for exact checks, from the XML text when present. */
function decimal(
  data: { decimals: Record<string, string | undefined> },
  key: string,
  value: number | null,
): string | null {
  return data.decimals[key] ?? (value === null ? null : String(value));
}

export function extractFromEInvoice(doc: ReadDocument, options: ExtractInvoiceOptions): InvoiceResult {
  const source = doc.einvoice;
  if (!source) throw new TypeError('extractFromEInvoice needs a document with an e-invoice');
  const data = mapEInvoice(source);
  const summary = Object.fromEntries(SUMMARY_KEYS.map((key) => [key, data[key]])) as InvoiceSummary;
  const fields: Record<string, FieldProvenance> = {};
  for (const key of SUMMARY_KEYS) {
    const provenance = data.fields[key];
    if (summary[key] !== null && provenance) fields[`summary_data.${key}`] = xmlProvenance(provenance.path);
  }
  const lines = options.requireLineItems ? data.line_items.filter((line) => !displayOnly(line)) : [];
  const lineItems = lines.map(lineItem);
  lines.forEach((line, i) => {
    for (const key of LINE_KEYS) {
      const provenance = line.fields[key === 'description' ? 'description' : key];
      const value = (lineItems[i] as InvoiceLineItem)[key];
      if (value !== null && value !== undefined && provenance)
        fields[`lineItems[${i}].${key}`] = xmlProvenance(provenance.path);
    }
  });
  const validation = validateInvoice({
    subtotal: decimal(data, 'subtotal', data.subtotal),
    tax: decimal(data, 'tax', data.tax),
    total: decimal(data, 'total', data.total),
    lines: lines.map((line) => ({
      quantity: decimal(line, 'quantity', line.quantity),
      unit_price: decimal(line, 'unit_price', line.unit_price),
      amount: decimal(line, 'amount', line.amount),
    })),
  });
  const ocrPages = doc.pages.filter((p) => p.source === 'ocr').length;
  return {
    document_type: documentType(data.document_type_code, options.documentType),
    summary_data: summary,
    lineItems,
    fields,
    validation,
    extraction: {
      engine: 'builtin',
      method: 'einvoice',
      einvoice: { syntax: data.syntax, profile: data.profile },
      pages: doc.pages.length,
      ocr_pages: ocrPages,
      language: null,
      parser_version: null,
      parser_version_id: null,
    },
  };
}
