// Positive cues of the invoice-intent classifier, over flat folded text (lower case, no accents, single spaces):
// "this email delivers, or demands payment of, a bill". The look-alikes are in email-negative-cues.ts. Every
// language shares one list (English, German, French, Spanish, Italian, Dutch, Portuguese): mails mix languages.
import { gap, re, type Cue } from './cues.js';

const NOUN =
  '(?:invoices?|e-?invoices?|[a-z]*rechnung(?:en)?|factur(?:e|es|a|as)|fattur[ae]|factu(?:ur|ren)|faturas?|notas? fiscal|bills?|credit ?notes?|credit memo|gutschrift(?:en)?|avoir|notas? de credito|not[ae] di credito|creditnota|receipts?|quittung|recibos?|ricevuta)';
const ATTACH =
  '(?:attached|attachment|enclosed|herewith|anbei|in der anlage|im anhang|anhang|beigefugt|ci-?joint|en piece jointe|adjunt[oa]s?|adjuntamos|en (?:el )?anexo|in allegato|allegat[oa]|si allega|bijlage|bijgaand|bijgevoegd|em anexo|anexo|anexad[oa]|segue(?:m)?)';

export const POSITIVE_EMAIL_CUES: readonly Cue[] = [
  {
    id: 'invoice_noun',
    weight: 1.6,
    negatable: true,
    exclude:
      /berechnung|verrechnung|anrechnung|abrechnung|hochrechnung|umrechnung|rechnungsadress|rechnungsanschrift|rechnungswesen|rechnungslegung|rechnungsstellung|rechnungsprufung|rechnungseingang|factuuradres|facturatieadres/,
    patterns: [
      re('\\b(?:invoice|e-?invoice|tax invoice)\\b'),
      re('\\b[a-z]*rechnung(?:s[a-z]+)?\\b'),
      re('\\bfactur[ea]\\b'),
      re('\\bfattura\\b'),
      re('\\bfactuur[a-z]*\\b'),
      re('\\bfatura\\b'),
      re('\\bnota fiscal\\b'),
      re('\\b(?:your|the|this|our|a|new|monthly|annual|latest|final|electricity|phone|mobile|gas|water|utility|energy|internet|hotel)(?: [a-z]+)? bill\\b'),
      re('\\bbill (?:is|for|no|number|nr|#|dated|attached|ready|enclosed)\\b'),
    ],
  },
  {
    // Plurals mostly appear in talk about bills ("who approves invoices?", "invoices must quote the PO"), while a
    // delivered bill is named in the singular ("Invoice 118"): they count less.
    id: 'invoice_noun_plural',
    weight: 1.0,
    negatable: true,
    exclude: /berechnungen|verrechnungen|abrechnungen/,
    patterns: [re('\\b(?:e-?)?invoices\\b|\\b[a-z]*rechnungen\\b|\\bfactur(?:es|as)\\b|\\bfatture\\b|\\bfacturen\\b|\\bfaturas\\b|\\bnotas fiscais\\b|\\bbills\\b')],
  },
  {
    // "Inv 4471", "Rg-Nr. 2026-118", "Fact. 2211": abbreviations, only with a number.
    id: 'invoice_abbreviation',
    weight: 1.2,
    patterns: [re('\\b(?:inv|rg|rgnr|rg-nr|fact|fatt|fra)\\.?[ -]?(?:nr\\.? ?|no\\.? ?|#)?\\d')],
  },
  {
    id: 'credit_note_noun',
    weight: 1.6,
    negatable: true,
    patterns: [
      re('\\bcredit ?(?:note|memo)s?\\b'),
      re('\\bgutschrift[a-z]*\\b'),
      re('\\bnotes? de credit\\b'),
      re("\\bfactures? d'avoir\\b"),
      re("(?:\\bun|\\bvotre|\\bnotre|\\bcet|\\bl') ?avoirs?\\b"),
      re('\\bnotas? de (?:credito|abono)\\b'),
      re('\\bfacturas? (?:rectificativas?|de abono)\\b'),
      re('\\bnot[ae] di credito\\b'),
      re("\\bcreditnota(?:'?s)?\\b"),
      re('\\bcreditfactu(?:ur|ren)\\b'),
    ],
  },
  {
    id: 'receipt_noun',
    weight: 1.0,
    negatable: true,
    patterns: [
      re('\\b(?:your|the|this|a|payment|purchase|sales|order|tax) receipt\\b'),
      re('\\breceipt (?:for|from|no|number|nr|#)'),
      re('\\bquittung\\b|\\bkassenbon\\b|\\bkaufbeleg\\b|\\bzahlungsbeleg\\b'),
      re('\\b(?:votre|le|un) recu\\b|\\brecu (?:de paiement|fiscal|n|no|numero|#)'),
      re('\\b(?:su|el|un|tu|o|seu|um) recibo\\b|\\brecibo (?:de|n|no|nro|numero|#)'),
      re('\\b(?:la|sua|tua|una|vostra) ricevuta\\b|\\bricevuta (?:di pagamento|fiscale|n|nr|numero|#)'),
      re('\\bkwitantie\\b|\\bbetaalbewijs\\b|\\baankoopbewijs\\b'),
    ],
  },
  {
    id: 'settlement_noun',
    weight: 0.8,
    exclude: /gehalts|lohn|entgelt|reisekosten/,
    patterns: [re('\\b[a-z]*abrechnung\\b')],
  },
  { id: 'attachment_word', weight: 0.5, patterns: [re(`\\b${ATTACH}\\b`), re('\\b(?:see att|pfa|pj)\\b')] },
  {
    id: 'attached_invoice',
    weight: 1.5,
    negatable: true,
    patterns: [re(`\\b${ATTACH} ${gap(6)}${NOUN}\\b`), re(`\\b${NOUN} ${gap(4)}${ATTACH}\\b`)],
  },
  {
    id: 'invoice_for_you',
    weight: 1.0,
    negatable: true,
    patterns: [
      re(`\\b(?:here is|here's|this is|attached is|please find|enclosed is|please see) ${gap(3)}(?:invoice|bill|receipt|credit note)`),
      re(`\\byour ${gap(2)}(?:invoice|bill|receipt|credit note) (?:is|for|from|no|number|nr|#|dated|of)\\b`),
      re(`\\b(?:ihre|unsere) ${gap(1)}(?:rechnung|gutschrift)\\b`),
      re('\\b(?:votre|notre) (?:facture|avoir)\\b'),
      re('\\b(?:su|nuestra) factura\\b'),
      re('\\b(?:la sua|la vostra|la nostra|sua|vostra|nostra) fattura\\b'),
      re('\\b(?:uw|onze|je) (?:factuur|creditnota)\\b'),
      re('\\b(?:a sua|a nossa|sua|nossa) fatura\\b'),
    ],
  },
  {
    id: 'invoice_reference',
    weight: 0.6,
    patterns: [
      re('\\binvoice (?:no|nr|number|num|#|id|date)\\b|\\binv[-#]? ?\\d'),
      // "Invoice 20931", "Rechnung 2026-0318", "factura 2026/0156", "Gutschrift GS-2026-014": a numbered document.
      re(`\\b${NOUN} (?:(?:no|nr|n°|#)\\.? ?)?[a-z]{0,4}[-/ ]?\\d[\\d/-]{0,20}\\b`),
      re('\\brechnungs(?:nummer|nr|datum|betrag)\\b|\\brechnung (?:nr|nummer|#)'),
      re('\\bfacture (?:n|no|numero|#)|\\bfactura (?:n|no|nro|numero|#)|\\bfattura (?:n|nr|no|numero|#)'),
      re('\\bfactuur(?:nummer|datum)\\b|\\bfactuur (?:nr|no|nummer|#)|\\bfatura (?:n|no|numero|#)'),
    ],
  },
  {
    id: 'payment_terms',
    weight: 0.8,
    patterns: [
      re('\\b(?:amount|balance|total|payment) due\\b|\\bdue (?:date|on|by)\\b|\\bplease (?:pay|remit|transfer)\\b'),
      re('\\bpayable (?:within|by|upon|on|to)\\b|\\bpayment terms?\\b|\\bnet (?:\\d{1,3}|thirty)\\b'),
      re('\\bzahlbar\\b|\\bzahlungsziel\\b|\\bfallig(?:keit)?\\b|\\bbitte uberweisen\\b|\\buberweisen sie\\b'),
      re('\\bzahlungsbedingungen\\b|\\bbitte (?:begleichen|zahlen)\\b'),
      re('\\bech(?:e|ea)nce\\b|\\ba regler\\b|\\bmontant (?:du|total|ttc)\\b|\\bnet a payer\\b|\\ba payer avant\\b'),
      re('\\bvencimiento\\b|\\b(?:total|importe) a pagar\\b|\\bpagar antes\\b'),
      re('\\bscadenza\\b|\\bda pagare\\b|\\bimporto (?:dovuto|totale)\\b|\\bpagamento entro\\b'),
      re('\\bvervaldatum\\b|\\bte betalen\\b|\\bbetaaltermijn\\b|\\bbinnen \\d+ dagen\\b|\\bover te maken\\b'),
      re('\\bvencimento\\b|\\bvalor a pagar\\b|\\bpagar ate\\b|\\bprazo de pagamento\\b'),
    ],
  },
  {
    id: 'dunning',
    weight: 1.0,
    patterns: [
      re(`\\bpayment reminder\\b|\\breminder (?:of|for|about) ${gap(2)}(?:invoice|payment)|\\boverdue\\b|\\bpast due\\b`),
      re('\\boutstanding (?:invoice|balance|amount|payment)s?\\b|\\bunpaid\\b|\\bfinal notice\\b'),
      re('\\bzahlungserinnerung\\b|\\bmahnung\\b|\\boffene[nrs]? (?:rechnung|betrag|posten|forderung)|\\buberfallig\\b'),
      re('\\bnoch nicht (?:beglichen|bezahlt|ausgeglichen)\\b'),
      re("\\brappel de (?:paiement|facture|reglement)|\\brelance\\b|\\bimpayee?s?\\b|\\bretard de paiement\\b|\\bmise en demeure\\b"),
      re('\\brecordatorio de pago\\b|\\bpendiente de pago\\b|\\bimpagad[ao]s?\\b|\\bfacturas? pendientes?\\b'),
      re('\\bsollecito\\b|\\binsolut[aeio]\\b|\\bscadut[aeio]\\b|\\bnon ancora (?:pagat|saldat)'),
      re('\\bbetalingsherinnering\\b|\\baanmaning\\b|\\bopenstaande?\\b|\\bachterstallig\\b|\\bherinnering\\b'),
      re('\\blembrete de pagamento\\b|\\bem atraso\\b|\\bvencid[ao]s?\\b|\\bem aberto\\b'),
    ],
  },
  {
    id: 'money_amount',
    weight: 0.4,
    patterns: [
      re("(?:[€$£]|\\beur\\b|\\busd\\b|\\bgbp\\b|\\bchf\\b|\\bbrl\\b|r\\$) ?\\d[\\d.,' ]{0,18}\\d"),
      re("\\b\\d[\\d.,']{0,18}\\d ?(?:[€$£]|eur\\b|usd\\b|chf\\b|gbp\\b|euros?\\b|reais\\b)"),
    ],
  },
  { id: 'bank_details', weight: 0.3, patterns: [re('\\biban\\b|\\bbic\\b|\\bswift\\b|\\bsort code\\b|\\bbankverbindung\\b|\\brib\\b')] },
];

/** Cues looked for in the subject only. */
export const SUBJECT_ONLY_CUES: readonly Cue[] = [
  // "Who approves IT invoices now?": a question about bills, not a bill.
  { id: 'question_subject', weight: -1.0, patterns: [re('\\?\\s*$')] },
];

/** Cues that name a concrete bill (a file, a number, an amount, a due date). Without any, the nouns count less. */
export const SPECIFIC_EVIDENCE_CUES: ReadonlySet<string> = new Set([
  'attachment_word',
  'attached_invoice',
  'invoice_for_you',
  'invoice_reference',
  'payment_terms',
  'money_amount',
]);
