// typeId 0 (invoice) and 3 (debit note).
import { Type, type Static } from '@sinclair/typebox';
import { INVOICE_RESULT_EXAMPLE } from '../../../http/examples/invoice-result.js';
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
    // A real result (see src/http/examples/invoice-result.ts), not a hand-written one.
    examples: [INVOICE_RESULT_EXAMPLE],
  },
);
export type InvoiceResult = Static<typeof InvoiceResultSchema>;
