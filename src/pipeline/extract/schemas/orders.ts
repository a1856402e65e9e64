// typeId 1 (purchase order), 2 (goods received note) and 9 (PO numbers only).
import { Type, type Static } from '@sinclair/typebox';
import {
  BBoxSchema,
  ExtractionInfoSchema,
  FieldsMap,
  IsoDate,
  Money,
  Nullable,
  Text,
  ValidationSchema,
} from './common.js';

export const PurchaseOrderResultSchema = Type.Object(
  {
    document_type: Type.Literal('purchase_order'),
    summary_data: Type.Object({
      po_number: Text,
      po_date: IsoDate,
      delivery_date: IsoDate,
      vendor_name: Text,
      vendor_tax_id: Text,
      vendor_address: Text,
      buyer_name: Text,
      buyer_tax_id: Text,
      buyer_address: Text,
      ship_to_address: Text,
      payment_terms: Text,
      currency: Text,
      subtotal: Money,
      tax: Money,
      total: Money,
    }),
    lineItems: Type.Array(
      Type.Object({
        description: Text,
        product_code: Text,
        quantity: Nullable(Type.Number()),
        unit: Text,
        unit_price: Money,
        amount: Money,
        tax_rate: Nullable(Type.Number()),
      }),
    ),
    fields: FieldsMap,
    validation: ValidationSchema,
    extraction: ExtractionInfoSchema,
  },
  { $id: 'PurchaseOrderResult', title: 'Purchase order result (typeId 1)' },
);
export type PurchaseOrderResult = Static<typeof PurchaseOrderResultSchema>;

export const GoodsReceivedNoteResultSchema = Type.Object(
  {
    document_type: Type.Literal('goods_received_note'),
    summary_data: Type.Object({
      grn_number: Text,
      receipt_date: IsoDate,
      po_number: Text,
      delivery_note_number: Text,
      vendor_name: Text,
      vendor_address: Text,
      buyer_name: Text,
      receiving_location: Text,
      received_by: Text,
    }),
    lineItems: Type.Array(
      Type.Object({
        description: Text,
        product_code: Text,
        unit: Text,
        quantity_ordered: Nullable(Type.Number()),
        quantity_received: Nullable(Type.Number()),
        quantity_rejected: Nullable(Type.Number()),
      }),
    ),
    fields: FieldsMap,
    validation: ValidationSchema,
    extraction: ExtractionInfoSchema,
  },
  {
    $id: 'GoodsReceivedNoteResult',
    title: 'Goods received note result (typeId 2)',
    description: 'Validation checks received + rejected against ordered quantities per line.',
  },
);
export type GoodsReceivedNoteResult = Static<typeof GoodsReceivedNoteResultSchema>;

export const PoNumbersResultSchema = Type.Object(
  {
    document_type: Type.Literal('po_numbers'),
    summary_data: Type.Object({ po_number: Nullable(Type.String({ description: 'The first PO number found' })) }),
    po_numbers: Type.Array(
      Type.Object({
        value: Type.String(),
        label: Nullable(Type.String({ description: 'The label printed beside it, e.g. "PO No."' })),
        page: Type.Integer(),
        bbox: Type.Optional(BBoxSchema),
        confidence: Type.Number(),
      }),
      { description: 'Every distinct PO number found, in reading order' },
    ),
    fields: FieldsMap,
    validation: ValidationSchema,
    extraction: ExtractionInfoSchema,
  },
  { $id: 'PoNumbersResult', title: 'PO numbers only (typeId 9)' },
);
export type PoNumbersResult = Static<typeof PoNumbersResultSchema>;
