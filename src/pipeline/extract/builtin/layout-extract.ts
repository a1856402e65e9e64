// The layout path: page words -> labels, blocks and tables -> one InvoiceResult with provenance for every value.
import type { ReadDocument } from '../../model.js';
import { roundMoney, toJsonNumber, type DecimalString } from '../parse/index.js';
import type { FieldProvenance } from '../schemas/common.js';
import type { InvoiceLineItem, InvoiceResult, InvoiceSummary } from '../schemas/invoice.js';
import { candidate, provenanceOf, type Candidate } from './candidates.js';
import { evidenceOf } from './layout/runs.js';
import { readHeaderFields } from './header-fields.js';
import { readHints } from './hints.js';
import { LabelIndex } from './layout/label-hits.js';
import { buildLayout } from './layout/layout.js';
import type { ExtractInvoiceOptions } from './options.js';
import { readParties } from './parties/index.js';
import { findHeaders, lineAmountSum, readLineItems, type LineItemCandidates } from './table/index.js';
import { readTotals } from './totals.js';
import { validateInvoice } from './validation.js';

/** Money as a JSON number exact to the cent; more decimals than that are rounded half-up, never float-summed. */
function money(value: DecimalString): number | null {
  return toJsonNumber(value) ?? toJsonNumber(roundMoney(value));
}

/** Quantities, unit prices and rates keep up to six decimals exactly (0.0520 per kWh). */
function precise(value: DecimalString): number | null {
  return toJsonNumber(value, 6);
}

class ResultBuilder {
  readonly fields: Record<string, FieldProvenance> = {};

  take<T, R>(key: string, c: Candidate<T> | null, convert: (v: T) => R | null): R | null {
    if (!c) return null;
    const value = convert(c.value);
    if (value === null) return null;
    this.fields[key] = provenanceOf(c);
    return value;
  }
}

const same = <T>(v: T): T => v;

function lineItemOf(item: LineItemCandidates, index: number, builder: ResultBuilder): InvoiceLineItem {
  const key = (k: string) => `lineItems[${index}].${k}`;
  const line: InvoiceLineItem = {
    description: builder.take(key('description'), item.description, same),
    quantity: builder.take(key('quantity'), item.quantity, precise),
    unit_price: builder.take(key('unit_price'), item.unit_price, precise),
    amount: builder.take(key('amount'), item.amount, money),
    unit: builder.take(key('unit'), item.unit, same),
    tax_rate: builder.take(key('tax_rate'), item.tax_rate, precise),
  };
  const code = builder.take(key('product_code'), item.product_code, same);
  if (code !== null) line.product_code = code;
  return line;
}

export function extractFromLayout(doc: ReadDocument, options: ExtractInvoiceOptions): InvoiceResult {
  const layout = buildLayout(doc);
  const hints = readHints(layout);
  const labels = new LabelIndex(layout);
  const header = readHeaderFields(layout, labels, hints, options.ranker);
  const parties = readParties(layout, labels, hints);
  // Table rows also confirm the subtotal (their sum), so they are read even when they are not returned.
  const headers = findHeaders(layout);
  const items = readLineItems(layout, hints, headers);
  const areas = headers.map((h) => ({ page: h.page, box: h.box }));
  const totals = readTotals(layout, labels, hints, lineAmountSum(items), areas);

  const builder = new ResultBuilder();
  const s = (k: keyof InvoiceSummary) => `summary_data.${k}`;
  const currencyEvidence = hints.currencySegment
    ? evidenceOf({ run: hints.currencySegment, from: 0, to: hints.currencySegment.text.length })
    : null;
  // Printed or shown by a country: 0.9; inferred from the language and the decimal comma alone: 0.6.
  const currency =
    hints.currency && currencyEvidence
      ? candidate(hints.currency, hints.currencyInferred ? 0.6 : 0.9, currencyEvidence, 'currency')
      : null;
  const summary: InvoiceSummary = {
    invoice_number: builder.take(s('invoice_number'), header.invoice_number, same),
    invoice_date: builder.take(s('invoice_date'), header.invoice_date, same),
    due_date: builder.take(s('due_date'), header.due_date, same),
    vendor_name: builder.take(s('vendor_name'), parties.vendor_name, same),
    vendor_tax_id: builder.take(s('vendor_tax_id'), parties.vendor_tax_id, same),
    vendor_address: builder.take(s('vendor_address'), parties.vendor_address, same),
    buyer_name: builder.take(s('buyer_name'), parties.buyer_name, same),
    buyer_tax_id: builder.take(s('buyer_tax_id'), parties.buyer_tax_id, same),
    buyer_address: builder.take(s('buyer_address'), parties.buyer_address, same),
    po_number: builder.take(s('po_number'), header.po_number, same),
    currency: builder.take(s('currency'), currency, same),
    subtotal: builder.take(s('subtotal'), totals.subtotal, money),
    tax: builder.take(s('tax'), totals.tax, money),
    total: builder.take(s('total'), totals.total, money),
    amount_due: builder.take(s('amount_due'), totals.amount_due, money),
  };
  for (const key of ['tax', 'amount_due'] as const) {
    const field = builder.fields[s(key)];
    if (totals.derived[key] && field) field.source = 'derived';
  }
  const lineItems = options.requireLineItems ? items.map((item, i) => lineItemOf(item, i, builder)) : [];
  const validation = validateInvoice({
    subtotal: totals.subtotal?.value ?? null,
    tax: totals.tax?.value ?? null,
    total: totals.total?.value ?? null,
    lines: options.requireLineItems
      ? items.map((i) => ({
          quantity: i.quantity?.value ?? null,
          unit_price: i.unit_price?.value ?? null,
          amount: i.amount?.value ?? null,
        }))
      : [],
  });
  return {
    document_type: header.creditNote ? 'credit_note' : options.documentType,
    summary_data: summary,
    lineItems,
    fields: builder.fields,
    validation,
    extraction: {
      engine: 'builtin',
      method: 'layout',
      pages: doc.pages.length,
      ocr_pages: doc.pages.filter((p) => p.source === 'ocr').length,
      language: hints.language,
      parser_version: null,
      parser_version_id: null,
    },
  };
}
