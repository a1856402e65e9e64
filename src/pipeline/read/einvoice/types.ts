// The canonical result of reading an e-invoice XML. Field names follow the service's extraction schema; comments
// give the EN 16931 business term (BT) each one carries. Plain data only (crosses worker-thread boundaries).

import type { EInvoiceSyntax } from '../../model.js';

/** Where a value came from: the XPath (canonical prefixes, 1-based [n] for repeated siblings) of the XML node. */
export interface EInvoiceFieldProvenance {
  source: 'xml';
  path: string;
  confidence: 1;
}

export type EInvoiceProvenanceMap = Record<string, EInvoiceFieldProvenance>;

/** Summary fields holding amounts; their exact decimal text is kept in `decimals`. */
export const EINVOICE_AMOUNT_FIELDS = ['line_total', 'subtotal', 'tax', 'total', 'amount_due'] as const;
export type EInvoiceAmountField = (typeof EINVOICE_AMOUNT_FIELDS)[number];

export const EINVOICE_LINE_NUMBER_FIELDS = [
  'quantity',
  'unit_price',
  'net_price',
  'price_basis_quantity',
  'gross_unit_price',
  'amount',
  'tax_rate',
] as const;
export type EInvoiceLineNumberField = (typeof EINVOICE_LINE_NUMBER_FIELDS)[number];

export interface EInvoiceLineItem {
  /** BT-126 line identifier. */
  line_id: string | null;
  /** BT-153 item name. */
  description: string | null;
  /** BT-129 invoiced quantity. */
  quantity: number | null;
  /** BT-130 unit of measure code (UN/ECE rec. 20), e.g. C62, HUR. */
  unit: string | null;
  /** Net price of ONE unit: BT-146 divided by BT-149 when a base quantity is given; null if that is not exact. */
  unit_price: number | null;
  /** BT-146 item net price as written (for `price_basis_quantity` units). */
  net_price: number | null;
  /** BT-149 item price base quantity; null when absent (meaning 1). */
  price_basis_quantity: number | null;
  /** BT-148 item gross price as written (per `price_basis_quantity` units). */
  gross_unit_price: number | null;
  /** BT-131 invoice line net amount. */
  amount: number | null;
  /** BT-152 VAT rate in percent, e.g. 19. */
  tax_rate: number | null;
  /** BT-155 seller's item id, else BT-157 standard (global) id such as a GTIN. */
  product_code: string | null;
  /** EXTENDED profile sub-lines: the parent's line id. */
  parent_line_id: string | null;
  /** EXTENDED profile: line status reason code (e.g. DETAIL, GROUP, INFORMATION). */
  line_status_reason_code: string | null;
  /** Exact decimal text of each numeric field present, e.g. { amount: '198.00' }. */
  decimals: Partial<Record<EInvoiceLineNumberField, string>>;
  fields: EInvoiceProvenanceMap;
}

export interface EInvoiceData {
  syntax: EInvoiceSyntax;
  /** BT-24 specification identifier (profile / guideline). */
  profile: string | null;
  /** BT-3, e.g. 380 invoice, 381 credit note, 384 corrected invoice. */
  document_type_code: string | null;
  /** BT-1 */
  invoice_number: string | null;
  /** BT-2 as yyyy-mm-dd. */
  invoice_date: string | null;
  /** BT-9 as yyyy-mm-dd. */
  due_date: string | null;
  /** BT-27 seller name (UBL: falls back to BT-28 trading name when no legal name is given). */
  vendor_name: string | null;
  /** BT-31 seller VAT id, else BT-32 seller tax registration id. */
  vendor_tax_id: string | null;
  /** Seller postal address lines joined with ", ". */
  vendor_address: string | null;
  /** BT-44 */
  buyer_name: string | null;
  /** BT-48 buyer VAT id. */
  buyer_tax_id: string | null;
  buyer_address: string | null;
  /** BT-10 */
  buyer_reference: string | null;
  /** BT-13 purchase order reference. */
  po_number: string | null;
  /** BT-5 ISO 4217 code. */
  currency: string | null;
  /** BT-106 sum of line net amounts. */
  line_total: number | null;
  /** BT-109 total without VAT (after document-level allowances and charges). */
  subtotal: number | null;
  /** BT-110 total VAT in the invoice currency. */
  tax: number | null;
  /** BT-112 total with VAT. */
  total: number | null;
  /** BT-115 amount due for payment. */
  amount_due: number | null;
  line_items: EInvoiceLineItem[];
  /** Exact decimal text of each amount present, e.g. { total: '529.87' }. */
  decimals: Partial<Record<EInvoiceAmountField, string>>;
  /** Provenance of every non-null summary field. */
  fields: EInvoiceProvenanceMap;
}
