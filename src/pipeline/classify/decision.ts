// is_invoice of an email job: the email's intent combined with what its attachments turned out to be.
//
// Policy (docs/email-classification.md): an email is routed as an invoice when its text delivers or demands payment
// of a bill (intent 'invoice', even when the bill is only behind a link and nothing could be extracted), or when one
// of its attachments was extracted as an invoice or credit note although the text did not say so ("see attached"),
// unless the text settles the invoice it names (a payment confirmation, a receipt of payment, a refund, a
// remittance): what such a mail carries is a copy of a bill already booked.
import type { EmailAssessment } from './email.js';
import { EXTRACTED_KINDS } from './triage.js';

// Results carry the triage verdict as a plain string (DocumentEntry.attachment_kind).
const EXTRACTED: ReadonlySet<string> = EXTRACTED_KINDS;

export interface AttachmentOutcome {
  /** The triage verdict (an AttachmentKind); null when the attachment could not be read. */
  kind: string | null;
  /** Whether the attachment was extracted successfully. */
  extracted: boolean;
}

export interface InvoiceDecision {
  isInvoice: boolean;
  /** One line for the result's email.reasons, e.g. 'is_invoice true: attachment 0 extracted as invoice'. */
  reason: string;
}

/** Decides is_invoice for an email job (see the policy above). Pure. */
export function decideIsInvoice(
  assessment: EmailAssessment,
  attachments: readonly AttachmentOutcome[],
): InvoiceDecision {
  const billIndex = attachments.findIndex((a) => a.extracted && a.kind !== null && EXTRACTED.has(a.kind));
  const bill = billIndex >= 0 ? `attachment ${billIndex} extracted as ${attachments[billIndex]?.kind}` : null;
  if (assessment.classification.intent === 'invoice') {
    return { isInvoice: true, reason: `is_invoice true: the email's text is invoice mail${bill ? `; ${bill}` : ''}` };
  }
  if (bill && assessment.settlesInvoice) {
    return {
      isInvoice: false,
      reason: `is_invoice false: the text settles the invoice it names; ${bill} is a copy of a settled bill`,
    };
  }
  if (bill) return { isInvoice: true, reason: `is_invoice true: ${bill}` };
  return { isInvoice: false, reason: 'is_invoice false: neither the text nor any attachment is an invoice' };
}
