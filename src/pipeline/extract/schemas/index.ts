// The published extraction result shapes, by name, for the OpenAPI document and the README.
import type { TSchema } from '@sinclair/typebox';
import { EmailResultSchema, MultiDocumentResultSchema } from './documents.js';
import { InvoiceResultSchema } from './invoice.js';
import { GoodsReceivedNoteResultSchema, PoNumbersResultSchema, PurchaseOrderResultSchema } from './orders.js';
import { CreditCardStatementResultSchema, MultiAccountStatementResultSchema } from './statements.js';

/** typeId -> the schema of extractedData for single-document jobs of that type. */
export const RESULT_SCHEMA_BY_TYPE: Readonly<Record<number, TSchema>> = {
  0: InvoiceResultSchema,
  1: PurchaseOrderResultSchema,
  2: GoodsReceivedNoteResultSchema,
  3: InvoiceResultSchema,
  4: CreditCardStatementResultSchema,
  5: MultiAccountStatementResultSchema,
  9: PoNumbersResultSchema,
};

/** Every result schema keyed by its $id, with the $id removed (the key names it). */
export function extractionResultSchemas(): Record<string, TSchema> {
  const all = [
    InvoiceResultSchema,
    PurchaseOrderResultSchema,
    GoodsReceivedNoteResultSchema,
    CreditCardStatementResultSchema,
    MultiAccountStatementResultSchema,
    PoNumbersResultSchema,
    MultiDocumentResultSchema,
    EmailResultSchema,
  ];
  return Object.fromEntries(
    all.map((s) => [s.$id as string, JSON.parse(JSON.stringify({ ...s, $id: undefined })) as TSchema]),
  );
}
