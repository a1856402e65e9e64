// Jobs that yield several documents: multi-image `multiple_invoices` jobs (one per URL) and email jobs (one per
// attachment). Each entry keeps its own summary_data/lineItems; the primary (first successfully extracted) one is
// also mirrored at the top level, so `processed_data.summary_data` exists for every invoice job.
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';

const ErrorInfo = Type.Object({ message: Type.String(), stage: Type.String(), code: Type.String() });

export const DocumentEntrySchema = Type.Object(
  {
    index: Type.Integer({ description: '0-based position of the URL in the request' }),
    source_url: Type.String(),
    status: Type.Union([Type.Literal('processed'), Type.Literal('skipped'), Type.Literal('error')]),
    attachment_kind: Type.Optional(
      Type.String({ description: 'Email jobs: triage verdict (invoice, credit_note, delivery_note, terms, ...)' }),
    ),
    skipped_reason: Type.Optional(Type.String()),
    error: Nullable(ErrorInfo),
    result: Nullable(Type.Unknown({ description: "The document's result in its type's shape (e.g. InvoiceResult)" })),
  },
  { title: 'DocumentEntry' },
);
export type DocumentEntry = Static<typeof DocumentEntrySchema>;

export const MultiDocumentResultSchema = Type.Object(
  {
    document_type: Type.Literal('multiple_documents'),
    summary_data: Nullable(Type.Unknown({ description: "The primary document's summary_data" })),
    lineItems: Type.Array(Type.Unknown(), { description: "The primary document's lineItems" }),
    documents: Type.Array(DocumentEntrySchema),
  },
  { $id: 'MultiDocumentResult', title: 'Multi-image multiple_invoices result' },
);

export const EmailResultSchema = Type.Object(
  {
    document_type: Type.Literal('email'),
    email: Type.Object({
      intent: Type.Union([Type.Literal('invoice'), Type.Literal('not_invoice')]),
      score: Type.Number(),
      language: Nullable(Type.String()),
      reasons: Type.Array(Type.String()),
    }),
    is_invoice: Type.Boolean({ description: 'False when neither the email nor any attachment is an invoice' }),
    summary_data: Nullable(Type.Unknown({ description: "The primary invoice's summary_data, null if none" })),
    lineItems: Type.Array(Type.Unknown()),
    documents: Type.Array(DocumentEntrySchema),
  },
  { $id: 'EmailResult', title: 'Email job result (typeId 8)' },
);
