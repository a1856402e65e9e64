// typeId 0 (invoice) and 3 (debit note).
import { Type, type Static } from '@sinclair/typebox';
import { ExtractionInfoSchema, FieldsMap, IsoDate, Money, Nullable, Text, ValidationSchema } from './common.js';

export const InvoiceSummarySchema = Type.Object({
  invoice_number: Text,
  invoice_date: IsoDate,
  due_date: IsoDate,
  vendor_name: Text,
  vendor_tax_id: Text,
  vendor_address: Text,
  buyer_name: Text,
  buyer_tax_id: Text,
  buyer_address: Text,
  po_number: Text,
  currency: Nullable(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217' })),
  subtotal: Money,
  tax: Money,
  total: Money,
  amount_due: Money,
});
export type InvoiceSummary = Static<typeof InvoiceSummarySchema>;

export const InvoiceLineItemSchema = Type.Object({
  description: Text,
  quantity: Nullable(Type.Number()),
  unit_price: Money,
  amount: Money,
  unit: Type.Optional(Text),
  tax_rate: Type.Optional(Nullable(Type.Number({ description: 'Percent, e.g. 19 for 19%' }))),
  product_code: Type.Optional(Text),
});
export type InvoiceLineItem = Static<typeof InvoiceLineItemSchema>;

export const InvoiceResultSchema = Type.Object(
  {
    document_type: Type.Union([Type.Literal('invoice'), Type.Literal('credit_note'), Type.Literal('debit_note')]),
    summary_data: InvoiceSummarySchema,
    lineItems: Type.Array(InvoiceLineItemSchema, { description: '[] when requireLineItems is false' }),
    fields: FieldsMap,
    validation: ValidationSchema,
    extraction: ExtractionInfoSchema,
  },
  {
    $id: 'InvoiceResult',
    title: 'Invoice / debit note result (typeId 0, 3)',
    examples: [
      {
        document_type: 'invoice',
        summary_data: {
          invoice_number: 'INV-2026-118', invoice_date: '2026-10-31', due_date: '2026-11-30',
          vendor_name: 'Muster GmbH', vendor_tax_id: 'DE123456789', vendor_address: 'Hauptstr. 1, 10115 Berlin',
          buyer_name: 'Acme Ltd', buyer_tax_id: null, buyer_address: '1 High St, London',
          po_number: 'PO-4711', currency: 'EUR', subtotal: 100, tax: 19, total: 119, amount_due: 119,
        },
        lineItems: [{ description: 'Consulting', quantity: 2, unit_price: 50, amount: 100, unit: 'h', tax_rate: 19 }],
        fields: {
          'summary_data.total': { confidence: 0.97, source: 'text', page: 1, bbox: { x: 480, y: 610, width: 52, height: 11 }, raw: '119,00 €' },
        },
        validation: { passed: true, checks: [{ name: 'subtotal_plus_tax_equals_total', passed: true, expected: 119, actual: 119 }] },
        extraction: { engine: 'builtin', method: 'layout', pages: 1, ocr_pages: 0, language: 'de', parser_version: null, parser_version_id: null },
      },
    ],
  },
);
export type InvoiceResult = Static<typeof InvoiceResultSchema>;
