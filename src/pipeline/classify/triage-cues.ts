// Vocabulary of the attachment triage, over folded text (see text.ts). Title terms are what a document calls
// itself near the top of its first page; file-name terms are what senders and ERPs put in file names; field
// terms are labels only a document of that kind carries.
import { re, type Cue } from './cues.js';

export type AttachmentKind =
  'invoice' | 'credit_note' | 'purchase_order' | 'delivery_note' | 'terms' | 'statement' | 'remittance' | 'other';

/** Order used to break ties: the kinds we extract first, then the more specific ones. */
export const KIND_PRIORITY: readonly AttachmentKind[] = [
  'credit_note',
  'invoice',
  'remittance',
  'statement',
  'delivery_note',
  'purchase_order',
  'terms',
  'other',
];

/** Title terms per kind. 'other' holds documents that look like invoices but are not: quotes, pro formas, ... */
export const TITLE_TERMS: Record<AttachmentKind, RegExp> = {
  credit_note: re(
    "\\b(?:credit ?notes?|credit memo|gutschrift|stornorechnung|storno|notes? de credit|factures? d'avoir|avoir|notas? de (?:credito|abono)|facturas? rectificativas?|not[ae] di credito|creditnota|creditfactuur)\\b",
  ),
  invoice: re(
    '\\b(?:(?:tax |commercial |sales |vat )?invoices?|[a-z]*rechnung[a-z]*|rechnungs-korrektur|factures?|facturas?|fattur[ae]|factuur|faturas?|notas? fiscal|bill|(?:payment )?receipt|quittung|recibo|ricevuta|kwitantie)\\b',
  ),
  remittance: re(
    '\\b(?:remittance(?: advice)?|payment advice|zahlungsavis|avis de (?:paiement|virement)|aviso de (?:pago|pagamento)|avviso di pagamento|betalingsadvies|proof of payment)\\b',
  ),
  statement: re(
    '\\b(?:statement of account|account statement|statement|kontoauszug|saldenbestatigung|offene posten|zahlungserinnerung|mahnung|payment reminder|releve(?: de compte)?|rappel|estado de cuenta|extracto|recordatorio de pago|estratto conto|sollecito|rekeningoverzicht|betalingsherinnering|aanmaning|extrato|lembrete de pagamento)\\b',
  ),
  delivery_note: re(
    '\\b(?:lieferschein|delivery note|packing (?:slip|list)|dispatch note|bon de livraison|albaran|documento di trasporto|ddt|pakbon|leveringsbon|guia de remessa)\\b',
  ),
  purchase_order: re(
    "\\b(?:purchase order|bestellung|bestellschein|order confirmation|auftragsbestatigung|bestellbestatigung|bon de commande|confirmation de commande|orden de compra|confirmacion de pedido|ordine d'acquisto|ordine di acquisto|conferma d'ordine|inkooporder|bestelbon|orderbevestiging|nota de encomenda|ordem de compra)\\b",
  ),
  terms: re(
    '\\b(?:terms and conditions|terms of (?:sale|service|business|delivery|use)|general terms|allgemeine (?:geschafts|liefer|verkaufs|einkaufs)bedingungen|agb|conditions generales(?: de vente)?|cgv|condiciones generales|condizioni generali|algemene (?:leverings)?voorwaarden|termos e condicoes|condicoes gerais)\\b',
  ),
  other: re(
    '\\b(?:angebot|quotation|quote|offer|devis|presupuesto|cotizacion|preventivo|offerta|offerte|orcamento|kostenvoranschlag|pro ?-?forma|proforma|buchungshilfe|contract|vertrag|contrat|contrato|contratto)\\b',
  ),
};

/** Compound words that are field labels on a document, not its title: "Rechnungsnummer", "Rechnungsempfänger". */
export const FIELD_LABEL_COMPOUND =
  /(?:nummer|nr|datum|betrag|adresse|anschrift|empfanger|summe|position|stellung|eingang|wesen|wahrung)$|^(?:be|ver|an|hoch|um)rechnung/;

/** File-name terms per kind, over the file name with separators turned into spaces. */
export const FILENAME_CUES: Record<AttachmentKind, Cue[]> = {
  credit_note: [
    {
      id: 'filename_credit_note',
      weight: 2.5,
      patterns: [
        re(
          '\\b(?:credit ?notes?|credit ?memos?|cn \\d+|gutschrift(?:en)?|storno(?:rechnung)?|avoirs?|notas? de (?:credito|abono)|facturas? (?:rectificativa|de abono)|abono|not[ae] di credito|creditnota|creditfactuur)\\b',
        ),
      ],
    },
  ],
  invoice: [
    {
      id: 'filename_invoice',
      weight: 2.0,
      exclude: /gehalts|lohn|entgelt|^be|^ver/,
      patterns: [
        re(
          '\\b(?:invoices?|[a-z]*rechnung(?:en)?|factures?|facturas?|fattur[ae]|factuur|facturen|faturas?|bills?|nota fiscal|danfe|xrechnung|zugferd|factur ?x|receipts?|quittung|recibo|ricevuta|kwitantie)\\b',
        ),
      ],
    },
    {
      id: 'filename_invoice_abbreviation',
      weight: 1.5,
      patterns: [re('\\b(?:inv|rg|rgnr|re|fact|fac|fra|fatt|ft|nfe) (?:(?:nr|no|[a-z]) )?\\d')],
    },
  ],
  remittance: [
    {
      id: 'filename_remittance',
      weight: 2.5,
      patterns: [
        re(
          '\\b(?:remittance|payment ?advice|zahlungsavis|avis de (?:paiement|virement)|aviso de (?:pago|pagamento)|avviso di pagamento|betalingsadvies|comprovativo|comprobante de pago|proof of payment|zahlungsbestatigung|payment confirmation)\\b',
        ),
      ],
    },
  ],
  statement: [
    {
      id: 'filename_statement',
      weight: 2.0,
      patterns: [
        re(
          '\\b(?:statement|kontoauszug|auszug|saldenbestatigung|saldenliste|offene posten|op liste|mahnung|zahlungserinnerung|reminder|releve|estado de cuenta|extracto|estratto conto|sollecito|rekeningoverzicht|aanmaning|herinnering|extrato)\\b',
        ),
      ],
    },
  ],
  delivery_note: [
    {
      id: 'filename_delivery_note',
      weight: 2.5,
      patterns: [
        re(
          '\\b(?:lieferschein|delivery ?notes?|delivery|packing ?(?:slip|list)|bon de livraison|bl \\d+|albaran|ddt|documento di trasporto|pakbon|afleverbon|vrachtbrief|guia de remessa)\\b',
        ),
      ],
    },
  ],
  purchase_order: [
    {
      id: 'filename_purchase_order',
      weight: 2.0,
      patterns: [
        re(
          "\\b(?:purchase ?orders?|po \\d+|po (?:nr|no|number)|bestellung|bestellschein|bestellbestatigung|auftragsbestatigung|order ?confirmation|bon de commande|bdc|pedido|orden de compra|ordine d'acquisto|conferma d'ordine|bestelling|bestelbon|inkooporder|orderbevestiging|encomenda|ordem de compra)\\b",
        ),
      ],
    },
    { id: 'filename_order', weight: 1.5, patterns: [re('\\b(?:order|commande|auftrag|ordine)\\b')] },
  ],
  terms: [
    {
      id: 'filename_terms',
      weight: 2.5,
      patterns: [
        re(
          '\\b(?:agb|terms|conditions|tos|t ?& ?c|tcs|gtc|cgv|cgu|cga|condiciones|condizioni|voorwaarden|termos|datenschutz|privacy|widerruf\\w*|policy|[a-z]*bedingungen)\\b',
        ),
      ],
    },
  ],
  other: [
    {
      id: 'filename_not_a_bill',
      weight: 2.5,
      patterns: [
        re(
          '\\b(?:angebot|quote|quotation|offer|devis|presupuesto|cotizacion|preventivo|offerta|offerte|orcamento|proposta|pro ?forma|proforma|kostenvoranschlag|contract|vertrag|contrat|contrato|contratto|cv|resume|lebenslauf|catalog(?:ue)?|katalog|brochure|flyer|newsletter|price ?list|preisliste)\\b',
        ),
      ],
    },
    {
      id: 'filename_mail_decoration',
      weight: 4.0,
      patterns: [
        re(
          '^(?:image ?\\d+|logo\\b|banner\\b|signature\\b|unterschrift\\b|facebook|twitter|linkedin|instagram|xing|youtube|icon|winmail|smime)',
        ),
      ],
    },
  ],
};

/** Labels found in the body of a document of each kind; each counts once. */
export const FIELD_CUES: Record<AttachmentKind, Cue[]> = {
  invoice: [
    {
      id: 'invoice_fields',
      weight: 1.0,
      patterns: [
        re(
          "\\binvoice (?:number|no|nr|#|date|id)\\b|\\brechnungs-? ?(?:nummer|nr|datum)\\b|\\bfacture n|\\bdate (?:de|d'emission de la) facture\\b|\\bn. de facture\\b",
        ),
        re(
          '\\b(?:numero|fecha) de factura\\b|\\bfactura n|\\b(?:numero|data) (?:della )?fattura\\b|\\bfattura n|\\bfactuur ?(?:nummer|datum|nr)\\b|\\b(?:numero|data) da fatura\\b',
        ),
      ],
    },
    {
      id: 'payment_fields',
      weight: 0.8,
      patterns: [
        re(
          '\\b(?:amount|total|balance) due\\b|\\bdue date\\b|\\bzahlbetrag\\b|\\brechnungsbetrag\\b|\\bzahlbar (?:bis|innerhalb|sofort)\\b|\\bfallig\\b|\\bnet a payer\\b|\\bdate limite de paiement\\b|\\bech(?:e|ea)nce\\b',
        ),
        re(
          '\\btotal a pagar\\b|\\bvencimiento\\b|\\btotale (?:da pagare|fattura)\\b|\\bscadenza\\b|\\bte betalen\\b|\\bvervaldatum\\b|\\bvalor a pagar\\b|\\bvencimento\\b|\\bpayment terms\\b',
        ),
      ],
    },
    {
      id: 'totals',
      weight: 0.5,
      patterns: [
        re(
          '\\b(?:total|subtotal|grand total|gesamtbetrag|gesamtsumme|endbetrag|nettobetrag|bruttobetrag|montant total|total ttc|total ht|importe total|base imponible|totale|imponibile|totaal|subtotaal|valor total)\\b',
        ),
      ],
    },
    {
      id: 'tax',
      weight: 0.5,
      patterns: [re('\\b(?:vat|mwst|ust|umsatzsteuer|versicherungsteuer|tva|iva|btw|gst|sales tax)\\b')],
    },
  ],
  credit_note: [
    {
      id: 'credit_note_fields',
      weight: 1.5,
      patterns: [
        re(
          "\\bgutschrift(?:s-? ?nummer|snr|sdatum)\\b|\\bcredit note (?:number|no|date)\\b|\\bnumero d'avoir\\b|\\bavoir n|\\bnota de credito n|\\bnota di credito n|\\bcreditnota ?nummer\\b|\\bwe have credited\\b|\\bwir schreiben ihnen\\b",
        ),
      ],
    },
  ],
  delivery_note: [
    {
      id: 'delivery_fields',
      weight: 0.8,
      patterns: [
        re(
          '\\b(?:qty|quantity) (?:shipped|delivered)\\b|\\b(?:received|delivered) by\\b|\\bsignature of (?:the )?(?:receiver|recipient)\\b|\\bwarenempfang\\b|\\bware (?:erhalten|vollstandig)\\b|\\bgelieferte menge\\b|\\bliefermenge\\b|\\breceived in good (?:order|condition)\\b',
        ),
      ],
    },
  ],
  statement: [
    {
      id: 'statement_fields',
      weight: 1.0,
      patterns: [
        re(
          '\\b(?:opening|closing|previous|new) balance\\b|\\bbalance (?:brought|carried) forward\\b|\\b(?:anfangs|end|alter|neuer) ?saldo\\b|\\bsolde (?:precedent|initial|final|a reporter)\\b|\\bsaldo (?:anterior|inicial|final|precedente)\\b|\\bopen(?:staande)? (?:items|posten)\\b',
        ),
      ],
    },
  ],
  remittance: [
    {
      id: 'remittance_fields',
      weight: 1.5,
      patterns: [
        re(
          '\\bthe following invoices? (?:has|have) been paid\\b|\\bwe have (?:paid|transferred|remitted)\\b|\\bfolgende rechnungen? (?:wurde|wurden|haben wir) (?:[^ ]+ ){0,3}(?:bezahlt|beglichen|uberwiesen)\\b|\\bpayment (?:reference|amount) (?:paid|remitted)\\b',
        ),
      ],
    },
  ],
  purchase_order: [
    {
      id: 'order_fields',
      weight: 1.0,
      patterns: [
        re(
          '\\bplease (?:deliver|supply)\\b|\\bbitte liefern sie\\b|\\b(?:hiermit )?bestellen wir\\b|\\bwe (?:hereby )?order\\b|\\brequested delivery date\\b|\\bwunsch(?:liefer)?termin\\b|\\bdate de livraison souhaitee\\b',
        ),
      ],
    },
  ],
  terms: [
    {
      id: 'terms_clauses',
      weight: 1.5,
      patterns: [
        re(
          '\\bgeltungsbereich\\b|\\bscope of application\\b|\\bgerichtsstand\\b|\\bgoverning law\\b|\\bjurisdiction\\b|\\beigentumsvorbehalt\\b|\\bretention of title\\b|\\bforce majeure\\b|\\bhohere gewalt\\b|\\blimitation of liability\\b|\\bhaftungsbeschrankung\\b|\\bclause attributive\\b|\\bjuridiction\\b',
        ),
      ],
    },
  ],
  other: [
    {
      id: 'quote_fields',
      weight: 1.0,
      patterns: [
        re(
          "\\b(?:valid|gultig) (?:until|bis)\\b|\\bvalable jusqu|\\bvalidez de la oferta\\b|\\bvalidita dell'offerta\\b|\\bgeldig tot\\b|\\bvalidade da proposta\\b|\\bthis is not an? (?:tax )?invoice\\b",
        ),
      ],
    },
  ],
};

/** "Keine Rechnung", "not an invoice": the document says it is not a bill (booking aids, quotes, pro formas). */
export const NOT_AN_INVOICE = re(
  "\\bkeine rechnung\\b|\\bnot an? (?:tax |vat )?invoice\\b|\\bn'est pas une facture\\b|\\bne vaut pas facture\\b|\\bno es una factura\\b|\\bno valido como factura\\b|\\bnon e una fattura\\b|\\bnon valido come fattura\\b|\\bgeen factuur\\b|\\bnao e uma fatura\\b|\\bnao tem valor fiscal\\b",
);
