// Invoice-intent classifier for email mode (status classifying_email_content).
//
// Decision rule: a linear score over cues (email-cues.ts, email-negative-cues.ts, email-settlement-cues.ts), each
// counted at most once per field, weighted by the field it was found in (FIELD_WEIGHTS), then the email-level
// rules: an email that settles an invoice it names (payment confirmation, receipt of payment, refund, remittance)
// counts no bill cue; a reply that hands nothing over counts half; a reply that answers a quoted request for a bill
// with an attachment adds REQUESTED_HANDOVER_WEIGHT; a scam counts no bill cue. The rules alone say 'invoice' when
// the total reaches INVOICE_INTENT_THRESHOLD (assessEmailByRules). The shipped decision (assessEmail) is the learned
// model's (model/intent.ts) log-odds plus a fixed share of the rules' margin (combineWithModel), with the rules'
// floor (a demand for payment, a requested hand-over) and the scam veto; its probability is the score.
// Label policy (docs/email-classification.md): the email delivers, forwards, re-sends or demands payment of a bill
// the recipient owes or keeps for its books, or a credit note it receives (invoices, purchase receipts, credit
// notes, payment reminders and dunning letters). Payment confirmations, receipts of payment for an invoice,
// refunds, requests for an invoice, orders, quotes, newsletters, scams and other mail are 'not_invoice'.
import { logistic, matchCues, type CueHit } from './cues.js';
import { POSITIVE_EMAIL_CUES, SPECIFIC_EVIDENCE_CUES, SUBJECT_ONLY_CUES } from './email-cues.js';
import { MIN_PRICED_LINES, pricedLines } from './purchase.js';
import { NEGATIVE_EMAIL_CUES } from './email-negative-cues.js';
import { HANDS_OVER, QUOTED_REQUEST_CUES } from './email-request-cues.js';
import { NEEDS_NAMED_INVOICE, NEEDS_NO_PURCHASE, SETTLEMENT_CUES } from './email-settlement-cues.js';
import { detectLanguage } from './language.js';
import { parseSubject, splitEmailBody, splitForwardedMessage } from './quotes.js';
import type { RuleSignals } from './model/features.js';
import { intentProbability, shippedIntentModel } from './model/intent.js';
import { foldFlat, undoUmlautTransliteration } from './text.js';

export const INVOICE_INTENT_THRESHOLD = 2.0;

/**
 * How much a cue counts depending on where it was found. The subject is short and chosen by the sender, so its
 * words count more; the subject of a reply was written by the other side and counts less. A forwarded message
 * is someone else's mail handed on (typically a supplier's invoice sent on to accounts payable): it counts,
 * slightly less than the forwarder's own words. Quoted replies do not count at all.
 */
export const FIELD_WEIGHTS = {
  subject: 1.25,
  replySubject: 0.8,
  body: 1.0,
  forwardedSubject: 1.0,
  forwardedBody: 0.9,
} as const;

export type EmailIntent = 'invoice' | 'not_invoice';

export interface EmailInput {
  subject: string;
  body: string;
}

export interface EmailClassification {
  intent: EmailIntent;
  /** 0..1: p(invoice), the model combined with the rules (rules alone: logistic(total - threshold)). */
  score: number;
  /** ISO 639-1 code of the email's language, or null when unsure. */
  language: string | null;
  /** The cues that fired, e.g. 'subject:invoice_noun "rechnung" +2.00'. */
  reasons: string[];
}

const ALL_CUES = [...POSITIVE_EMAIL_CUES, ...NEGATIVE_EMAIL_CUES, ...SETTLEMENT_CUES];
const SUBJECT_CUES = [...ALL_CUES, ...SUBJECT_ONLY_CUES];
/**
 * Positive cues overlap ("Uw factuur 2026-0301" is a noun, a possessive and a number at once): one field can add
 * at most this much, so that a customer quoting the supplier's invoice in a complaint cannot drown its request.
 */
export const MAX_POSITIVE_PER_FIELD = 3.5;
/** Subtracted when bill nouns are all there is: no file, number, amount or due date names a concrete bill. */
export const NO_SPECIFIC_EVIDENCE_PENALTY = 1.0;
/** A mail that shows a purchase line by line and that it was paid is its receipt, the purchase's bill. */
export const PAID_PURCHASE_WEIGHT = 1.5;
const MAX_FORWARD_DEPTH = 3;

export interface Field {
  name: 'subject' | 'body' | `forwarded${number}.subject` | `forwarded${number}.body`;
  text: string;
  factor: number;
}

function describe(field: string, hit: CueHit, contribution: number): string {
  const sign = contribution >= 0 ? '+' : '';
  const quoted = hit.match.length > 60 ? `${hit.match.slice(0, 57)}...` : hit.match;
  return hit.negated
    ? `${field}:${hit.cue.id} negated "${quoted}" 0`
    : `${field}:${hit.cue.id} "${quoted}" ${sign}${contribution.toFixed(2)}`;
}

/** The fields of an email: its subject, its own text, and the subject and text of forwarded messages in it. */
export function fieldsOf(input: EmailInput): Field[] {
  const subject = parseSubject(input.subject);
  const fields: Field[] = [
    {
      name: 'subject',
      text: subject.text,
      factor: subject.isReply ? FIELD_WEIGHTS.replySubject : FIELD_WEIGHTS.subject,
    },
  ];
  let parts = splitEmailBody(input.body);
  fields.push({ name: 'body', text: parts.own, factor: FIELD_WEIGHTS.body });
  // Outlook forwards carry a reply-style header block; the "FW:" subject says it is a forward.
  let forwarded = parts.quoteKind === 'forward' || (subject.isForward && parts.quoteKind !== null);
  for (let depth = 1; forwarded && depth <= MAX_FORWARD_DEPTH && parts.quoted !== ''; depth += 1) {
    const message = splitForwardedMessage(parts.quoted);
    const inner = parseSubject(message.subject ?? '');
    if (inner.text !== '') {
      fields.push({ name: `forwarded${depth}.subject`, text: inner.text, factor: FIELD_WEIGHTS.forwardedSubject });
    }
    parts = splitEmailBody(message.body);
    fields.push({ name: `forwarded${depth}.body`, text: parts.own, factor: FIELD_WEIGHTS.forwardedBody });
    forwarded = parts.quoteKind === 'forward' || (inner.isForward && parts.quoteKind !== null);
  }
  return fields;
}

/** Positive cues that name an invoice (not a credit note or a receipt): what a settlement message settles. */
// A public body's notice names its bill by a reference of its own ("Kassenzeichen"): its payment settles it.
const NAMES_INVOICE: ReadonlySet<string> = new Set([
  'invoice_noun',
  'invoice_noun_plural',
  'invoice_abbreviation',
  'levy_notice',
]);
/** Cues saying the bill is paid or money went back: with an invoice named, the email settles it. */
const SETTLES: ReadonlySet<string> = new Set([
  'payment_received',
  'payment_receipt',
  'refund_issued',
  'payment_made',
  'payment_document',
]);
/** Positive cues that survive settlement: a credit note delivered with a refund is a document for the books. */
const NOT_SETTLED: ReadonlySet<string> = new Set(['credit_note_noun', 'attached_credit_note']);
/**
 * Cues that keep a bill open whatever the payment words say: a document that is not the settled bill (a credit
 * note, a new bill), or a balance still due after a partial payment.
 */
const NEW_DOCUMENT: ReadonlySet<string> = new Set([
  'purchase_payment',
  'attached_credit_note',
  'new_bill',
  'balance_still_due',
  'paid_at_purchase',
]);
/** An invoice named by its number ("Invoice #A1B2-0001", "FV-2026-1093"), not a receipt's or an order's number. */
const namesInvoiceNumber = (hit: CueHit): boolean =>
  hit.cue.id === 'invoice_abbreviation' ||
  (hit.cue.id === 'invoice_reference' && /invoice|rechnung|factur|fattur|factuur|fatura|nota fiscal/.test(hit.match));
/** The payer's words: it paid invoices (a remittance), it is no seller's receipt. */
const PAYERS_WORD: ReadonlySet<string> = new Set(['payment_made', 'payment_document']);
/** The payer's "I have paid it", read in the message a reply quotes. */
const PAYERS_PAYMENT_CUES = ALL_CUES.filter((cue) => cue.id === 'payment_made');
/** What a reminder says in its own words: the reply still asks for money. */
const DEMANDS: ReadonlySet<string> = new Set(['balance_still_due', 'payment_terms', 'dunning', 'legal_demand']);
/** An order's or a parcel's notice: words a shop's receipt of a paid purchase uses too. */
const ORDER_NOTICES: ReadonlySet<string> = new Set(['order_confirmation', 'shipping_notice', 'purchase_order']);
/** Cues by which the author's own text hands over a bill (a file, a link, "here is"). */
const DELIVERS: ReadonlySet<string> = new Set([
  'attachment_word',
  'sends_invoice',
  'attached_invoice',
  'attached_credit_note',
  'invoice_for_you',
  'invoice_link',
]);
/**
 * A reply whose own text hands nothing over ("Thanks, received", "can you add our PO number?") talks about the
 * invoice of the thread, which its subject names: the subject and the own text count this much.
 */
export const REPLY_WITHOUT_DELIVERY_FACTOR = 0.5;
/**
 * A reply that answers the other side's quoted request for a bill with an attachment ("Could you send me an invoice?"
 * / "Sure, it's attached") hands over the requested bill, though its own text may name it only by a pronoun: this
 * much is added to the total.
 */
export const REQUESTED_HANDOVER_WEIGHT = 2.0;
/** How much of the quoted text is searched for the request (the latest message comes first). */
const QUOTED_REQUEST_WINDOW = 1500;
/** Malware and scams dressed as invoices: with one, nothing in the mail is a bill. */
const SCAM: ReadonlySet<string> = new Set([
  'suspicious_file',
  'unauthorised_charge',
  'shared_document_phish',
  'pay_link_ultimatum',
]);
/** "This is not an invoice / keine Rechnung": the mail says of itself that it is no bill. */
const DISCLAIMS: ReadonlySet<string> = new Set(['not_an_invoice']);
/** Request cues that a reply's subject only repeats. */
const REQUESTS: ReadonlySet<string> = new Set(['request_for_invoice', 'request_for_documents', 'question_subject']);

interface FieldHits {
  field: Field;
  hits: CueHit[];
}

export interface EmailAssessment {
  classification: EmailClassification;
  /**
   * The email says an invoice it names is paid or refunded (payment confirmation, receipt of payment for an
   * invoice, remittance, refund): its attachments are copies of a settled bill, not bills to book.
   */
  settlesInvoice: boolean;
}

/** The rule engine's own assessment, with what the learned model reads of it. */
export interface RuleAssessment extends EmailAssessment {
  rules: RuleSignals;
  fields: Field[];
}

const live = (hit: CueHit): boolean => !hit.negated;

/** The rules alone: classifies an email and says whether it settles an invoice. Pure. */
export function assessEmailByRules(input: EmailInput): RuleAssessment {
  const subject = parseSubject(input.subject);
  const fields = fieldsOf(input);
  const fieldHits: FieldHits[] = fields.flatMap((field) => {
    const folded = foldFlat(field.text);
    if (folded === '') return [];
    const transliterated = undoUmlautTransliteration(folded);
    const readings = transliterated === folded ? [folded] : [folded, transliterated];
    return [{ field, hits: matchCues(field.name === 'subject' ? SUBJECT_CUES : ALL_CUES, readings) }];
  });
  const allHits = fieldHits.flatMap((f) => f.hits.filter(live));
  const namesInvoice = allHits.some((h) => NAMES_INVOICE.has(h.cue.id));
  // A refund that comes with its credit note is the credit note's mail, and "thanks for your payment, here is your
  // new bill" is the new bill's: the document is for the books.
  // "Already paid" and "paid by card" mark a bill delivered after its payment; in a mail that hands nothing over ("ya
  // está pagada, te hice el Bizum") they are the payer's word that the earlier bill is paid, and in a receipt of the
  // payment of a named invoice ("el justificante del pago realizado con tarjeta para la factura ...") they say how.
  const showsPurchase = allHits.some((h) => h.cue.id === 'purchase_detail');
  const delivers = allHits.some((h) => DELIVERS.has(h.cue.id));
  // What a mail hands over may be the proof of a payment ("os adjunto el justificante de la transferencia"): then
  // "ya está abonada" is the payer's word, not a bill marked paid.
  const receiptOfPayment =
    !showsPurchase && allHits.some((h) => h.cue.id === 'payment_receipt' || h.cue.id === 'payment_document');
  // "Thank you for your order - receipt attached": the order's bill is delivered, so the order confirmation's words
  // do not make the mail a mere confirmation.
  const billAttached = allHits.some((h) => h.cue.id === 'attached_invoice');
  // A receipt that shows its purchase (priced lines) and that it was paid then is the purchase's bill; not the
  // payer's remittance of invoices ("Total paid"), nor a receipt that names the invoice it settles without handing
  // it over ("Receipt from Acme, Invoice #A1B2, Amount paid $20.00").
  const bodyParts = splitEmailBody(input.body);
  const purchaseReceipt =
    pricedLines(bodyParts.own) >= MIN_PRICED_LINES &&
    allHits.some((h) => h.cue.id === 'paid_purchase' || h.cue.id === 'paid_at_purchase') &&
    !allHits.some((h) => PAYERS_WORD.has(h.cue.id)) &&
    (!allHits.some(namesInvoiceNumber) ||
      allHits.some((h) => h.cue.id === 'attachment_word' || h.cue.id === 'attached_invoice'));
  // "Thank you for paying invoice 0388. Attached is invoice 0421, payable by ...": a bill handed over with a term of
  // its own is new, whatever was paid before.
  const dueBillHandedOver = billAttached && allHits.some((h) => h.cue.id === 'payment_terms');
  const newDocument =
    purchaseReceipt ||
    dueBillHandedOver ||
    allHits.some(
      (h) => NEW_DOCUMENT.has(h.cue.id) && (h.cue.id !== 'paid_at_purchase' || (delivers && !receiptOfPayment)),
    );
  // A public body's "avviso di pagamento" / "aviso de pago" of a local tax is its bill, not a payment advice.
  const levyNotice = allHits.some((h) => h.cue.id === 'levy_notice');
  const levysOwnNotice = (hit: CueHit): boolean => levyNotice && hit.cue.id === 'payment_document';
  // A shop's receipt that calls itself a "ricevuta di pagamento" is still the purchase's (NEEDS_NO_PURCHASE).
  const settlesNamed =
    namesInvoice &&
    !newDocument &&
    allHits.some(
      (h) => SETTLES.has(h.cue.id) && !levysOwnNotice(h) && !(showsPurchase && NEEDS_NO_PURCHASE.has(h.cue.id)),
    );
  // "Thanks for your order! Receipt for order #..., 2 x paper £38.98, total paid": a shop's receipt that shows the
  // purchase is the order's bill, not a confirmation that announces one.
  const shopReceipt = showsPurchase && !settlesNamed && allHits.some((h) => h.cue.id === 'receipt_noun');
  // An "invoice" that comes as an archive or a program is malware: nothing in the mail is a bill.
  const suspicious = allHits.some((h) => SCAM.has(h.cue.id));
  const disclaimed = allHits.some((h) => DISCLAIMS.has(h.cue.id));
  const bodyHits = fieldHits.find((f) => f.field.name === 'body')?.hits.filter(live) ?? [];
  const handsOverRequested =
    !settlesNamed &&
    !suspicious &&
    answersRequestWithAttachment(
      bodyParts,
      bodyHits.map((h) => h.cue.id),
    );
  const quietReply =
    subject.isReply &&
    bodyParts.quoteKind !== null &&
    !handsOverRequested &&
    !bodyHits.some((h) => DELIVERS.has(h.cue.id));
  // "Re: Invoice 0083 - That's come through, thank you", "Ik zie hem binnen": the quoted message is the payer's word
  // that the invoice is paid, and the reply hands nothing over and demands nothing: the payee acknowledges it.
  const acknowledgesPayment =
    quietReply &&
    namesInvoice &&
    !bodyHits.some((h) => DEMANDS.has(h.cue.id)) &&
    matchCues(PAYERS_PAYMENT_CUES, [foldFlat(bodyParts.quoted)]).some(live);
  const settlesInvoice = settlesNamed || acknowledgesPayment;

  const reasons: string[] = [];
  const signals: string[] = [];
  if (settlesInvoice) signals.push('settles');
  if (disclaimed) signals.push('disclaimed');
  if (suspicious) signals.push('scam');
  if (quietReply) signals.push('quiet_reply');
  if (handsOverRequested) signals.push('requested_handover');
  if (settlesNamed) reasons.push('settles an invoice it names: bill cues count 0, a credit note still counts');
  if (acknowledgesPayment && !settlesNamed)
    reasons.push('acknowledges the payment the quoted message reports: bill cues count 0, a credit note still counts');
  if (disclaimed) reasons.push('the mail says it is no invoice: bill cues count 0, a credit note still counts');
  if (suspicious)
    reasons.push(
      'scam: the bill comes as an archive or a program, a charge to cancel or a document to sign in for: bill cues count 0',
    );
  if (quietReply) reasons.push(`reply that hands nothing over: subject and own text x${REPLY_WITHOUT_DELIVERY_FACTOR}`);
  let total = 0;
  let specific = false;
  for (const { field, hits } of fieldHits) {
    const factor =
      field.factor *
      (quietReply && (field.name === 'subject' || field.name === 'body') ? REPLY_WITHOUT_DELIVERY_FACTOR : 1);
    let positive = 0;
    for (const hit of hits) {
      let weight = hit.negated ? 0 : hit.cue.weight;
      let note = '';
      if (weight > 0 && settlesInvoice && !NOT_SETTLED.has(hit.cue.id)) [weight, note] = [0, ' (settled bill)'];
      if (weight > 0 && suspicious) [weight, note] = [0, ' (scam)'];
      if (weight > 0 && disclaimed && !NOT_SETTLED.has(hit.cue.id)) [weight, note] = [0, ' (says it is no invoice)'];
      if (weight < 0 && !namesInvoice && NEEDS_NAMED_INVOICE.has(hit.cue.id))
        [weight, note] = [0, ' (no invoice named)'];
      if (weight < 0 && showsPurchase && NEEDS_NO_PURCHASE.has(hit.cue.id)) [weight, note] = [0, " (a shop's receipt)"];
      if (weight < 0 && newDocument && SETTLES.has(hit.cue.id)) [weight, note] = [0, ' (a new document is delivered)'];
      if (weight < 0 && billAttached && hit.cue.id === 'order_confirmation')
        [weight, note] = [0, " (the order's bill is attached)"];
      if (weight < 0 && levysOwnNotice(hit)) [weight, note] = [0, " (a public body's notice of its levy)"];
      if (weight < 0 && shopReceipt && hit.cue.id === 'order_confirmation')
        [weight, note] = [0, " (a shop's receipt of the order)"];
      if (weight < 0 && purchaseReceipt && ORDER_NOTICES.has(hit.cue.id))
        [weight, note] = [0, ' (a receipt of a paid purchase)'];
      // "RE: Pode enviar a fatura?": the request in a reply's subject was the other side's; the reply answers it.
      if (weight < 0 && field.name === 'subject' && subject.isReply && REQUESTS.has(hit.cue.id))
        [weight, note] = [0, " (the other side's request)"];
      // Negative cues keep their full weight in a quiet reply: only the evidence for a bill is discounted.
      const contribution = weight > 0 ? weight * factor : weight * field.factor;
      if (contribution > 0) positive += contribution;
      else total += contribution;
      if (contribution > 0 && SPECIFIC_EVIDENCE_CUES.has(hit.cue.id)) specific = true;
      if (contribution !== 0) signals.push(`${contribution > 0 ? '+' : '-'}${hit.cue.id}`);
      reasons.push(describe(field.name, hit, contribution) + note);
    }
    if (positive > MAX_POSITIVE_PER_FIELD)
      reasons.push(`${field.name}: positive evidence capped at ${MAX_POSITIVE_PER_FIELD.toFixed(2)}`);
    total += Math.min(positive, MAX_POSITIVE_PER_FIELD);
  }
  if (purchaseReceipt) {
    total += PAID_PURCHASE_WEIGHT;
    specific = true;
    reasons.push(`a receipt of a paid purchase (priced lines, paid) +${PAID_PURCHASE_WEIGHT.toFixed(2)}`);
  }
  if (handsOverRequested) {
    total += REQUESTED_HANDOVER_WEIGHT;
    specific = true;
    reasons.push(`reply hands over the bill the quoted message asks for +${REQUESTED_HANDOVER_WEIGHT.toFixed(2)}`);
  }
  if (!specific && total > 0) {
    total -= NO_SPECIFIC_EVIDENCE_PENALTY;
    reasons.push(`no attachment, link, number, amount or due date -${NO_SPECIFIC_EVIDENCE_PENALTY.toFixed(2)}`);
  }
  const language = detectLanguage(fields.map((f) => f.text).join('\n'));
  const intent: EmailIntent = total >= INVOICE_INTENT_THRESHOLD ? 'invoice' : 'not_invoice';
  const rounded = Math.round(logistic(total - INVOICE_INTENT_THRESHOLD) * 1000) / 1000;
  // Rounding must not put a score on the wrong side of 0.5.
  const score = intent === 'invoice' ? Math.max(rounded, 0.5) : Math.min(rounded, 0.499);
  return {
    classification: {
      intent,
      score,
      language,
      reasons: [`total ${total.toFixed(2)} (threshold ${INVOICE_INTENT_THRESHOLD.toFixed(2)})`, ...reasons],
    },
    settlesInvoice,
    rules: { total, saysInvoice: intent === 'invoice', signals },
    fields,
  };
}

/**
 * The quoted message asks for a bill and the reply's own text hands something over (an attachment word, "here it
 * is"): the answer to "can you send me the invoice?". A forward is no answer, and a quoted invoice is no request.
 */
function answersRequestWithAttachment(parts: ReturnType<typeof splitEmailBody>, ownCueIds: string[]): boolean {
  if (parts.quoteKind === null || parts.quoteKind === 'forward') return false;
  const ownHandsOver =
    ownCueIds.some((id) => id === 'attachment_word' || id === 'attached_invoice') ||
    HANDS_OVER.test(foldFlat(parts.own));
  if (!ownHandsOver) return false;
  const quoted = foldFlat(parts.quoted.slice(0, QUOTED_REQUEST_WINDOW));
  return matchCues(QUOTED_REQUEST_CUES, [quoted]).length > 0;
}

/** The rules' margin (total - threshold) is clipped to this before it joins the model's log-odds. */
export const RULE_MARGIN_CLIP = 4;

/**
 * When the rules say 'invoice' on one of these signals, the email is 'invoice' whatever the model says. They are the
 * shapes a bag of words cannot read and the rules can: a demand for payment (dunning or a legal demand), whose words
 * a payment confirmation shares and only the polarity ("not yet received" against "received") tells apart, and a
 * reply that hands over the bill the quoted message asks for, whose own text often names no bill at all. The
 * settlement and scam rules have already had their say in the rules' verdict.
 */
const RULE_FLOOR_SIGNALS: ReadonlySet<string> = new Set(['+dunning', '+legal_demand', 'requested_handover']);
/**
 * A newsletter's or a mass mail's own marks: a newsletter about "offene Posten" or "facturas pendientes" demands
 * nothing, so its demand words do not set the floor.
 */
const MASS_MAIL_SIGNALS: ReadonlySet<string> = new Set(['-marketing', '-unsubscribe_footer']);

/** How the model's p(invoice) and the rules' total are combined (stored with the weights, see model/intent.ts). */
export interface Combination {
  /** Weight of the rules' margin added to the model's log-odds; 0 lets the model decide alone. */
  ruleWeight: number;
  /** p(invoice) at or above this is 'invoice'. */
  threshold: number;
}

/**
 * The decision from the rules' assessment and the learned model's p(invoice) (model/intent.ts): the model's
 * log-odds plus `ruleWeight` times the rules' margin (clipped), read as a probability: the score. The rules'
 * reasons stay, after the model's line, so a decision can still be read cue by cue.
 */
export function combineWithModel(rules: RuleAssessment, pModel: number, combination: Combination): EmailAssessment {
  const p = Math.min(1 - 1e-9, Math.max(1e-9, pModel));
  const margin = Math.max(-RULE_MARGIN_CLIP, Math.min(RULE_MARGIN_CLIP, rules.rules.total - INVOICE_INTENT_THRESHOLD));
  const combined = logistic(Math.log(p / (1 - p)) + combination.ruleWeight * margin);
  // A scam (an archive or program as the "invoice", a charge to cancel, a document to sign in for, a bill to pay at a
  // link within hours) is never routed, however invoice-like its words: these cues fired on no invoice of the
  // tuning set, while the model has few scams to learn from and reads a phishing "unpaid bill" as a reminder.
  // Floor and veto are the rules' say: with a rule weight of 0 the model decides alone (bench: "model alone").
  const rulesHaveSay = combination.ruleWeight > 0;
  const vetoed = rulesHaveSay && rules.rules.signals.includes('scam');
  const structural =
    rulesHaveSay &&
    rules.rules.saysInvoice &&
    rules.rules.signals.some((s) => RULE_FLOOR_SIGNALS.has(s)) &&
    !rules.rules.signals.some((s) => MASS_MAIL_SIGNALS.has(s));
  const intent: EmailIntent = (combined >= combination.threshold || structural) && !vetoed ? 'invoice' : 'not_invoice';
  const rounded = Math.round(combined * 1000) / 1000;
  // Rounding must not put a score on the wrong side of the threshold.
  const score =
    intent === 'invoice' ? Math.max(rounded, combination.threshold) : Math.min(rounded, combination.threshold - 0.001);
  const line =
    `model: p(invoice)=${pModel.toFixed(2)}; with the rules' margin ${margin.toFixed(2)} x${combination.ruleWeight}: ` +
    `p=${combined.toFixed(2)} (threshold ${combination.threshold.toFixed(2)}); rules alone: ${rules.classification.intent}` +
    (vetoed ? '; scam: not_invoice whatever the model says' : '');
  return {
    classification: { ...rules.classification, intent, score, reasons: [line, ...rules.classification.reasons] },
    settlesInvoice: rules.settlesInvoice,
  };
}

/** Classifies an email and says whether it settles an invoice (for is_invoice, see decision.ts). Pure. */
export function assessEmail(input: EmailInput): EmailAssessment {
  const rules = assessEmailByRules(input);
  const model = shippedIntentModel();
  return combineWithModel(rules, intentProbability(model, input, rules), model);
}

/** Classifies an email as delivering an invoice (or credit note, or payment reminder) or not. Pure. */
export function classifyEmail(input: EmailInput): EmailClassification {
  return assessEmail(input).classification;
}
