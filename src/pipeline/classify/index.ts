// Email mode, status classifying_email_content: is this email an invoice, and which attachments to extract.
export {
  assessEmail,
  classifyEmail,
  FIELD_WEIGHTS,
  INVOICE_INTENT_THRESHOLD,
  type EmailAssessment,
  type EmailClassification,
  type EmailInput,
  type EmailIntent,
} from './email.js';
export {
  EXTRACTED_KINDS,
  shouldExtract,
  triageAttachment,
  TRIAGE_THRESHOLD,
  type AttachmentInput,
  type AttachmentKind,
  type AttachmentTriage,
} from './triage.js';
export { decideIsInvoice, type AttachmentOutcome, type InvoiceDecision } from './decision.js';
export { parseSubject, splitEmailBody, stripQuotedText, type EmailBodyParts, type ParsedSubject } from './quotes.js';
export { detectLanguage } from './language.js';
