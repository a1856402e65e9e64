// POST /v1/documents (SPEC 4.1). The mode is chosen by the body's shape: `attachments` array -> email, else
// `documentUrls` array -> multi-image, else single (documentUrl required). The if/then/else below encodes exactly that,
// so an empty winning array fails that mode's minItems and a missing documentUrl fails the single mode.
import { Type } from '@sinclair/typebox';
import type { SubmitBody } from '../../jobs/submission.js';
import { INT4_MAX, INT4_MIN } from '../../jobs/storable.js';
import { PROCESSING_MODES } from '../../jobs/types.js';

export const LIMITS = {
  urlLength: 2048,
  documentUrls: 50,
  attachments: 20,
  consumerRefIdLength: 256,
  subjectLength: 2_000,
  bodyLength: 200_000,
} as const;

const url = {
  type: 'string',
  format: 'uri',
  maxLength: LIMITS.urlLength,
  description: 'Absolute http or https URL of a publicly fetchable document (other schemes are a 400)',
  examples: ['https://files.example.com/invoices/INV-1001.pdf'],
};

const properties = {
  webhookUrl: {
    type: 'string',
    default: '',
    maxLength: LIMITS.urlLength,
    description:
      "Path relative to the API key's webhook base URL (base `https://h.example/hooks` + `a/b?x=1` -> " +
      '`https://h.example/hooks/a/b?x=1`). Absolute, protocol-relative, backslash and dot-segment paths are rejected.',
    examples: ['invoices/received?tenant=42'],
  },
  requireLineItems: { type: 'boolean', description: 'Whether the result includes line items' },
  documentId: {
    type: 'integer',
    minimum: -Number.MAX_SAFE_INTEGER,
    maximum: Number.MAX_SAFE_INTEGER,
    description: "Caller's numeric document id; returned as document_id in webhooks",
    examples: [1001],
  },
  consumerRefId: {
    type: 'string',
    minLength: 1,
    maxLength: LIMITS.consumerRefIdLength,
    description: "Caller's correlation reference (not unique); used by GET /v1/documents/{consumerRefId}",
    examples: ['erp-7f3a/INV-1001'],
  },
  typeId: {
    type: 'integer',
    default: 0,
    // The column is a PostgreSQL integer: a larger value is a validation error here, not a driver error later.
    minimum: INT4_MIN,
    maximum: INT4_MAX,
    description:
      'Document type (0 invoice, 1 purchase order, 2 GRN, 3 debit note, 4 credit-card statement, ' +
      '5 multi-account statement, 9 PO number only). Ignored in email mode, which stores type 8.',
  },
  documentUrl: url,
  documentUrls: {
    type: 'array',
    items: url,
    minItems: 1,
    maxItems: LIMITS.documentUrls,
    description: 'Multi-image mode: ordered page images (or documents with processingMode multiple_invoices)',
  },
  processingMode: {
    type: 'string',
    enum: [...PROCESSING_MODES],
    description: 'Multi-image mode only; default single_invoice (all images are pages of one invoice)',
  },
  attachments: {
    type: 'array',
    items: url,
    minItems: 1,
    maxItems: LIMITS.attachments,
    description: 'Email mode: attachment URLs; their presence selects email mode',
  },
  subject: { type: 'string', maxLength: LIMITS.subjectLength, description: 'Email mode: the email subject' },
  body: { type: 'string', maxLength: LIMITS.bodyLength, description: 'Email mode: the email body' },
} as const;

export const SubmitBodySchema = Type.Unsafe<SubmitBody>({
  $id: 'SubmitDocumentRequest',
  title: 'SubmitDocumentRequest',
  type: 'object',
  required: ['requireLineItems', 'documentId', 'consumerRefId'],
  properties,
  if: { required: ['attachments'], properties: { attachments: { type: 'array' } } },
  // `properties: { x: true }` names what each branch requires (the top level defines them) for OpenAPI tooling.
  then: { required: ['attachments', 'subject', 'body'], properties: { attachments: true, subject: true, body: true } },
  else: {
    if: { required: ['documentUrls'], properties: { documentUrls: { type: 'array' } } },
    then: { required: ['documentUrls'], properties: { documentUrls: true } },
    else: { required: ['documentUrl'], properties: { documentUrl: true } },
  },
  examples: [
    {
      documentUrl: 'https://files.example.com/invoices/INV-1001.pdf',
      typeId: 0,
      requireLineItems: true,
      documentId: 1001,
      consumerRefId: 'erp-7f3a/INV-1001',
      webhookUrl: 'invoices',
    },
    {
      documentUrls: ['https://files.example.com/scans/p1.jpg', 'https://files.example.com/scans/p2.jpg'],
      processingMode: 'single_invoice',
      requireLineItems: false,
      documentId: 1002,
      consumerRefId: 'erp-7f3a/INV-1002',
    },
    {
      attachments: ['https://mail.example.com/att/1/invoice.pdf'],
      subject: 'Invoice 2026-118 for October',
      body: 'Please find attached our invoice.',
      requireLineItems: true,
      documentId: 1003,
      consumerRefId: 'mailbox-42/msg-9001',
    },
  ],
});

export const SubmitResponseSchema = Type.Object(
  {
    jobId: Type.String({ format: 'uuid' }),
    consumerRefId: Type.String(),
  },
  { $id: 'SubmitDocumentResponse', title: 'SubmitDocumentResponse' },
);
