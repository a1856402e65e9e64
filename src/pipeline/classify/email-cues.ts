// Positive cues of the invoice-intent classifier, over flat folded text (lower case, no accents, single spaces):
// "this email delivers, or demands payment of, a bill". The look-alikes are in email-negative-cues.ts. Every
// language shares one list (English, German, French, Spanish, Italian, Dutch, Portuguese): mails mix languages.
import { gap, re, type Cue } from './cues.js';

/**
 * "justificante de la transferencia", "comprovativo do pagamento", "justificatif de virement": the nouns that name a
 * receipt also name the proof of a payment, which is no bill.
 */
const NOT_OF_PAYMENT =
  "(?! (?:de|da|do|del|du|des) (?:la |el |l'|o |a )?(?:pago|pagamento|transferencia|paiement|virement|reglement))";
const NOUN = `(?:invoices?|e-?invoices?|[a-z]*rechnung(?:en)?|factur(?:e|es|a|as)|fattur[ae]|bollett[ae]|conto telefonico|boletos?|factu(?:ur|ren)|faturas?|notas? fiscal|bills?|credit ?notes?|credit memo|gutschrift(?:en)?|avoir|notas? de credito|not[ae] di credito|creditnota|receipts?|quittung|recibos?|ricevuta|recu|aankoopbewijs|kassabon|bonnetje|beleg|(?:justificante|justificatif|comprovativo)${NOT_OF_PAYMENT}|scontrino|ticket (?:de caisse|de compra|d'achat)|talao(?: de compra)?|kassenzettel|beta(?:al|lings)bewijs|ritbon|notas? de honorarios|fee notes?|declaratie|documento commerciale)`;
const CREDIT_NOUN =
  '(?:credit ?notes?|credit memo|gutschrift(?:en)?|avoir|notes? de credit|notas? de (?:credito|abono)|factura rectificativa|not[ae] di credito|creditnota|creditfactuur)';
const ATTACH =
  '(?:attached|attachment|enclosed|herewith|anbei|in der anlage|im anhang|anhang|beigefugt|hangt (?:an|dran)|zit(?:ten)? erbij|hangt an|angehangt|(?:est|sont) jointe?s?|beiliegend|liegt (?:dieser|der|ihnen) (?:e-?mail|mail|nachricht) bei|ci-?joint|en piece jointe|adjunt[oa]s?|adjuntamos|en (?:el )?anexo|in allegato|allegat[oa]|si allega|(?:te |ti |vi |le )?(?:la |lo )?allego|alleghiamo|bijlage|bijgaand|bijgevoegd|em anexo|anexo|anexad[oa]|segue(?:m)? (?:em|a|o|as|os|junto|abaixo))';

// First-person verbs of sending (the writer hands something over), never the second person of a request ("me
// mandas", "mi mandi", "kun je sturen"); Portuguese "envio" only as a verb, not "o envio da fatura".
const SEND_FIRST_PERSON =
  "(?:i(?:'m| am)? (?:sending|send|forwarding)|we(?:'re| are)? (?:sending|send)|(?:ich|wir) (?:sende|senden|schicke|schicken|ubersende|ubersenden|ubermittle|ubermitteln)(?: (?:ihnen|dir|euch))?|hier (?:ist|kommt|sind|die|meine|unsere)|" +
  "je (?:vous |t')(?:envoie|transmets|adresse|fais parvenir)|nous vous (?:envoyons|transmettons|adressons|faisons parvenir)|voici|voila|" +
  '(?:te|le|os|les) (?:mando|envio|enviamos|mandamos|paso|pasamos|remito|remitimos|hago llegar)|aqui (?:tienes|tiene|va|te dejo)|' +
  '(?:ti|vi|le) (?:giro|giriamo|mando|mandiamo|invio|inviamo|trasmetto|trasmettiamo)|ecco|' +
  '(?:ik|wij|we) (?:stuur|sturen|verstuur|versturen)(?: (?:je|u|jullie))?|hierbij|hier is|' +
  '(?<!\\b(?:o|do|ao|no|pelo|seu) )(?:envio|enviamos|mando|mandamos|remeto|remetemos)|aqui (?:esta|vai|segue))';

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
      // "Conto telefonico" is the Italian telecoms' bill; Brazil's "boleto" is the bill's payment slip.
      re('\\bfattura\\b|\\bbolletta\\b|\\bparcella\\b|\\bconto telefonico\\b'),
      re(
        "\\bnote d'honoraires\\b|\\bhonorarnote\\b|\\bminuta de honorarios\\b|\\bnotas? de honorarios\\b|\\bfee note\\b|\\bhotelnota\\b|\\b(?:uw|je|de) nota\\b",
      ),
      // Dutch "declaratie" is a professional's bill ("mijn declaratie", "declaratie maart"), or an employee's
      // expense claim ("declaratieformulier", "declaraties indienen"): only the singular, not in compounds.
      re(
        '\\b(?:mijn|onze|uw|je|de|deze) declaratie\\b|\\bdeclaratie (?:nr|nummer|#|voor|van|over|werkzaamheden|januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december)\\b',
      ),
      re('\\bfactuur[a-z]*\\b'),
      re('\\bfatura\\b|\\bboleto\\b'),
      re('\\bnota fiscal\\b'),
      re(
        '\\b(?:your|the|this|our|a|new|monthly|annual|latest|final|electricity|phone|mobile|gas|water|utility|energy|internet|hotel)(?: [a-z]+)? bill\\b',
      ),
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
    patterns: [
      re(
        '\\b(?:e-?)?invoices\\b|\\b[a-z]*rechnungen\\b|\\bfactur(?:es|as)\\b|\\bfatture\\b|\\bbollette\\b|\\bfacturen\\b|\\bfaturas\\b|\\bnotas fiscais\\b|\\bbills\\b',
      ),
    ],
  },
  {
    // "Inv 4471", "Rg-Nr. 2026-118", "Fact. 2211": abbreviations, only with a number.
    id: 'invoice_abbreviation',
    weight: 1.2,
    patterns: [
      re('\\b(?:inv|rg|rgnr|rg-nr|fact|fatt|fra)\\.?[ -]?(?:nr\\.? ?|no\\.? ?|#)?\\d|\\b(?:re|fa|fv|ft|fc)-\\d'),
    ],
  },
  {
    id: 'credit_note_noun',
    weight: 1.6,
    negatable: true,
    // A credit note asked for is not delivered: "we ask you for a credit note", "vi chiediamo una nota di credito",
    // "wir bitten um eine Gutschrift", "nous demandons un avoir", "pedimos una nota de abono", "verzoeken om een creditnota".
    notAfter:
      /\b(?:request|ask(?:ing)? (?:you )?for|send us|issue us|need|chiediamo|richiediamo|chiedo|bitten (?:sie )?um|bitte um|benotigen|demandons|reclamons|solicitamos|pedimos|solicito|verzoeken (?:u )?om|vragen (?:u )?om)(?: (?:vi|ci|you|us|uns|nous|nos|ons|a|an|the|eine|einer|une|un|una|uma|een|um|l'emissione di una|l'emission d'un))*$/,
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
      re(
        '\\b(?:your|the|this|a|purchase|sales|order|tax|trip|ride|expense) (?:[a-z]+ )?receipt\\b|\\breceipts? (?:is|are) attached\\b',
      ),
      re('\\breceipt (?:for|from|no|number|nr|#)'),
      re(
        '\\bquittung\\b|\\bkassenbon\\b|\\bkaufbeleg\\b|\\b(?:ihr|ihren|der|den|ein|einen) beleg\\b|\\bbelegnummer\\b',
      ),
      re('\\b(?:votre|le|un) recu\\b|\\brecu (?:de paiement|fiscal|n|no|numero|#)'),
      re('\\b(?:su|el|un|tu|o|seu|um) recibo\\b|\\brecibo (?:de|n|no|nro|numero|#)'),
      re('\\b(?:la|sua|tua|una|vostra) ricevuta\\b|\\bricevuta (?:di pagamento|fiscale|n|nr|numero|#)'),
      // An online shop's receipt names the order or purchase it is for: "Ricevuta ordine n.", "Recibo do seu pedido",
      // "reçu de votre commande", "comprovante de compra".
      re(
        `\\b(?:ricevuta|recibo|recu|comprovante|comprobante|quittung|beleg|bon|ontvangstbewijs) (?:(?:de|do|da|del|dell'|d'|della|zu|zur|van|voor)(?: ?(?:votre|tu|su|seu|sua|tuo|suo|vostro|ihrer|je|uw|la|il|el|o|a))? )?(?:ordine|acquisto|pedido|compra|encomenda|commande|achat|bestellung|einkauf|bestelling|aankoop)\\b`,
      ),
      // Italy's till receipt: "scontrino", since 2020 legally "documento commerciale".
      re(
        '\\b(?:il|tuo|suo|lo|uno|vostro) scontrino\\b|\\bscontrino (?:n|nr|numero|fiscale|elettronico)\\b|\\bdocumento commerciale\\b',
      ),
      re("\\bticket d'achat\\b"),
      re('\\b(?:je|uw|het|dit is je|dit is uw) ontvangstbewijs\\b|\\bontvangstbewijs (?:van|voor|nr|nummer)\\b'),
      re(
        '\\britbon\\b|\\bbeta(?:al|lings)bewijs\\b|\\bticket de (?:caisse|compra)\\b|\\btalao de compra\\b|\\bkassenzettel\\b|\\btill receipt\\b|\\b(?:de|je|uw|een) bon\\b|\\bjustificatif\\b|\\bkwitantie\\b|\\baankoopbewijs\\b|\\britbewijs\\b|\\bbonnetje\\b|\\bkassabon\\b|\\bbonnummer\\b',
      ),
    ],
  },
  {
    // "Thank you for your payment ... your new bill is attached": a utility thanks for the last payment in the
    // mail that brings the next bill. A new bill is never the settled one (see email.ts).
    id: 'new_bill',
    weight: 0.5,
    negatable: true,
    patterns: [
      re("\\b(?:your|the|our|a) new (?:[a-z]+ )?(?:invoice|bill)\\b|\\bthis month's (?:invoice|bill)\\b"),
      re('\\b(?:ihre|die|unsere|eine) neue [a-z]*rechnung\\b'),
      re('\\b(?:votre|la|notre|une) nouvelle facture\\b|\\b(?:tu|su|la|nuestra|una) nueva factura\\b'),
      re(
        '\\b(?:la|tua|sua|vostra|una) nuova (?:fattura|bolletta)\\b|\\b(?:je|uw|de|een) nieuwe (?:factuur|nota)\\b|\\b(?:a|sua|uma) nova fatura\\b',
      ),
    ],
  },
  {
    // A part is paid, the rest is still owed: a reminder, whatever it says about the payment received.
    id: 'balance_still_due',
    // "Saldo pendiente: 0,00 €", "Restbetrag 0,00 EUR": nothing is still due.
    notFollowedBy: /^\s*:?\s*(?:[€$£]|eur|usd|gbp|chf|r\$)?\s*0(?:[.,]0{1,2})?(?![\d.,]*\d)/,
    weight: 1.0,
    negatable: true,
    patterns: [
      re(
        '\\b(?:remaining|outstanding|open) balance (?:of |is |due )?(?:[$€£]|eur|usd|gbp) ?[1-9]|\\b(?:still|remains|remain) (?:due|outstanding|open|unpaid)\\b|\\bbalance of (?:[$€£]|eur|usd|gbp) ?[1-9][\\d.,]* (?:is )?(?:still )?(?:due|outstanding|open)\\b',
      ),
      re('\\brestbetrag\\b|\\b(?:noch|weiterhin) offen\\b|\\bverbleibende[nr]? (?:betrag|saldo)\\b|\\bteilzahlung\\b'),
      re(
        `\\breste (?:du|a payer|a regler)\\b|\\bsolde restant\\b|\\bpaiement partiel\\b|\\bacompte\\b|\\breste ${gap(3)}solde\\b|\\bsolde de ${gap(2)}a regler\\b`,
      ),
      re(
        '\\b(?:saldo|importe) pendiente\\b|\\bqueda(?:n)? pendientes?\\b|\\bresta(?:n)? por pagar\\b|\\bpago parcial\\b',
      ),
      re('\\bsaldo residuo\\b|\\bresta(?:no)? da (?:pagare|saldare)\\b|\\bpagamento parziale\\b|\\bimporto residuo\\b'),
      re('\\b(?:resterend|openstaand) (?:bedrag|saldo)\\b|\\bnog te betalen\\b|\\bdeelbetaling\\b'),
      re(
        '\\b(?:saldo|valor) em (?:divida|aberto|falta)\\b|\\b(?:ficando|fica|ficam) (?:ainda )?em (?:divida|falta|aberto)\\b|\\bfalta pagar\\b|\\bvalor remanescente\\b|\\bpagamento parcial\\b',
      ),
    ],
  },
  {
    // "Paid by card" at the counter, or "this invoice is already paid": the bill and its payment come together (a
    // hotel bill, a receipted or prepaid invoice), so payment words do not make the mail a confirmation of an
    // earlier bill (see NEW_DOCUMENT in email.ts).
    id: 'paid_at_purchase',
    weight: 0.5,
    negatable: true,
    // "If you have already paid" is a reminder's phrase, not a prepaid bill.
    conditional: true,
    patterns: [
      // A bill sent after it was paid: "Here is your invoice ... This invoice is already paid" (Odoo and others).
      re(
        '\\b(?:is|has been|was) already (?:been )?paid\\b|\\b(?:ist|wurde) bereits (?:vollstandig )?bezahlt\\b|\\b(?:est )?deja (?:payee?|reglee?|acquittee?)\\b',
      ),
      re(
        '\\bya (?:esta|ha sido) (?:pagada|abonada)\\b|\\b(?:e )?gia stata (?:pagata|saldata)\\b|\\b(?:is )?(?:al|reeds) (?:betaald|voldaan)\\b|\\bja (?:esta|foi) paga\\b',
      ),
      re(
        `\\b(?:paid|settled|charged|bezahlt|beglichen|reglee?|payee?|pagad[oa]|abonad[oa]|pagat[oa]|saldat[oa]|betaald|voldaan|pag[oa]) ${gap(2)}(?:with|by|per|mit|par|con|com|met|via) (?:your |ihrer |votre |su |sua |uw |je |o seu |a sua )?(?:credit |debit )?(?:card|contactless|kreditkarte|karte|ec-karte|girocard|carte(?: bancaire)?|cb|tarjeta|carta(?: di credito)?|bancomat|creditcard|pinpas|pin|cartao(?: de credito)?|multibanco)\\b`,
      ),
    ],
  },
  {
    // Paid at the purchase, in a receipt's own words: "Total paid", "Paid with Visa", "Bezahlt mit: PayPal",
    // "Betaalmethode: Mastercard", "Paiement : carte bancaire". With priced lines the mail is the purchase's
    // receipt (purchase.ts, email.ts); "Zahlungsart: Rechnung" (pay later by invoice) is no payment.
    id: 'paid_purchase',
    weight: 0.3,
    patterns: [
      re(
        '\\b(?:total|amount|montant|totale|importe|importo|totaal|bedrag|valor|betrag|gesamtbetrag) (?:paid|paye|pagato|pagado|betaald|pago|bezahlt)\\b|\\b(?:gesamt|insgesamt) bezahlt\\b',
      ),
      re(
        '\\b(?:paid|bezahlt|betaald|pagado|pagato|pago|paye|payee|payment|zahlung|betaling|pagamento|paiement|pago) ?:? ?(?:with|mit|met|con|com|par|avec|via|using|by|per)? ?:? (?:visa|mastercard|maestro|amex|american express|paypal|apple pay|google pay|ideal|klarna|bizum|mb way|pix|satispay|sofort|twint|bancontact|carte bancaire|cb|kreditkarte|tarjeta|carta di credito|cartao de credito)\\b',
      ),
      re(
        '\\b(?:payment method|zahlungsmethode|zahlungsart|mode de paiement|moyen de paiement|metodo de pago|forma de pago|metodo di pagamento|betaalmethode|betaalwijze|forma de pagamento|metodo de pagamento) ?:? (?:visa|mastercard|maestro|amex|paypal|apple pay|google pay|ideal|klarna|bizum|mb way|pix|satispay|twint|bancontact|carte|karte|kreditkarte|tarjeta|carta|cartao|credit card|debit card|card)\\b',
      ),
      re(
        '\\b(?:payment|pagamento|pago|paiement|zahlung|betaling) (?:approved|accepted|aprovado|aprobado|approvato|accepte|autorizado|autorizzato)\\b',
      ),
    ],
  },
  {
    // A payment for a purchase, not for an invoice: "Recebemos o pagamento da sua assinatura", "payment for your
    // order". The mail is the purchase's receipt (NEW_DOCUMENT in email.ts), whatever invoice it mentions.
    id: 'purchase_payment',
    weight: 0,
    patterns: [
      re(
        `\\bpayment (?:for|of) (?:your|the) (?:order|subscription|purchase|booking|ride|trip)\\b|\\bzahlung (?:fur|zu) (?:deine[rm]?|ihre[rm]?) (?:bestellung|abo|abonnement|buchung|einkauf)\\b|\\bpaiement de (?:votre|ta) (?:commande|abonnement|achat|reservation|course)\\b|\\bpago de (?:tu|su) (?:pedido|suscripcion|compra|reserva|viaje)\\b|\\bpagamento (?:del|della) (?:tuo|tua|suo|sua) (?:ordine|abbonamento|acquisto|prenotazione|corsa)\\b|\\bbetaling (?:voor|van) (?:je|uw) (?:bestelling|abonnement|aankoop|boeking|rit)\\b|\\bpagamento d[ao] (?:sua|seu) (?:assinatura|pedido|compra|encomenda|reserva|viagem|corrida)\\b`,
      ),
    ],
  },
  {
    // What a shop's receipt shows and a payment confirmation does not: the tax in the price, items with quantities.
    id: 'purchase_detail',
    weight: 0.3,
    patterns: [
      re(
        '\\b(?:vat|gst|tax|mwst|ust|tva|iva|btw)\\b(?: [^ ]{0,12}){0,3} ?(?:[$€£]|eur|usd|gbp|\\d{1,2} ?%)|\\b(?:incl|inkl|including|inclusive|included|inclus|incluido|inclusa|incluida|inbegrepen|incluido)\\.? (?:of )?(?:\\d{1,2} ?% )?(?:vat|gst|tax|mwst|ust|tva|iva|btw)\\b|\\b(?:vat|iva|btw|mwst|tva) (?:included|incluido|incluida|inclusa|incluso|inbegrepen|incl)\\b',
      ),
      re('\\b\\d{1,3} ?[x×] [a-z]'),
    ],
  },
  {
    // Membership fees and dues are bills by another name ("tu cuota de febrero", "je contributie").
    id: 'fee_noun',
    weight: 1.0,
    negatable: true,
    patterns: [
      re(
        '\\b(?:membership|subscription|annual|monthly) (?:fee|dues)\\b|\\b(?:mitglieds|jahres|monats)?beitrag\\b|\\bcotisation\\b|\\b(?:tu|su|la) cuota\\b|\\b(?:la|tua|sua) quota (?:di|mensile|associativa|annuale)\\b|\\bcontributie\\b|\\blidgeld\\b|\\bmensalidade\\b|\\bquota (?:mensal|anual)\\b',
      ),
    ],
  },
  {
    // A public body's bill for a local tax or fee, in its own words: "Gebührenbescheid ... Kassenzeichen", "aanslag
    // gemeentelijke belastingen", "avviso di pagamento TARI ... pagoPA", "avis de taxe foncière", "council tax bill".
    id: 'levy_notice',
    weight: 1.0,
    negatable: true,
    patterns: [
      re('\\b[a-z]*(?:gebuhren|abgaben|steuer|beitrags)bescheid\\b|\\bkassenzeichen\\b'),
      re('\\baanslag (?:gemeentelijke|waterschaps|[a-z]*heffing|[a-z]*belasting)|\\baanslagbiljet\\b'),
      re(
        '\\bavviso (?:di pagamento )?(?:tari|imu|tasi)\\b|\\b(?:tari|imu|tasi) \\d{4}\\b|\\bpagopa\\b|\\bcartella di pagamento\\b',
      ),
      re("\\bavis (?:d'imposition|de taxe|des sommes a payer)\\b|\\btaxe (?:fonciere|d'habitation|d'enlevement)\\b"),
      re('\\b(?:recibo|liquidacion) (?:del |de la )?(?:ibi|tasa|impuesto)\\b|\\bcarta de pago\\b'),
      re('\\bnota de cobranca\\b|\\b(?:guia|documento) de (?:pagamento|cobranca)\\b|\\b(?:imi|iptu) \\d{4}\\b'),
      re('\\bcouncil tax (?:bill|demand)\\b|\\b(?:rates|levy|property tax) (?:notice|bill|assessment)\\b'),
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
    patterns: [
      re(`\\b${ATTACH} ${gap(6)}${NOUN}\\b`),
      re(`\\b${NOUN} ${gap(4)}${ATTACH}\\b`),
      // Dutch "de bon" (a till receipt) is left out of NOUN: French "bon de livraison" is a delivery note.
      re(`\\b(?:de|je|uw) bon ${gap(7)}${ATTACH}\\b`),
    ],
  },
  {
    // Counted apart from attached_invoice because it survives settlement: a refund mail that delivers a credit note.
    id: 'attached_credit_note',
    weight: 1.5,
    negatable: true,
    patterns: [re(`\\b${ATTACH} ${gap(6)}(?:l'|d')?${CREDIT_NOUN}\\b`), re(`\\b${CREDIT_NOUN} ${gap(5)}${ATTACH}\\b`)],
  },
  {
    // The bill is behind a link: "View and pay your invoice online", "Zur Rechnung: https://...".
    id: 'invoice_link',
    weight: 1.0,
    patterns: [
      re(
        `\\b(?:view|download|see|open|access|pay) ${gap(3)}(?:invoice|bill|receipt|statement)s?\\b(?: ${gap(2)}(?:online|here|below|now))?|\\b(?:invoice|bill|receipt) (?:is )?(?:available|ready) (?:online|in (?:your|the) (?:portal|account|dashboard))`,
      ),
      re(
        `\\b(?:rechnung|beleg) (?:ansehen|herunterladen|abrufen|anzeigen)\\b|\\bzur rechnung\\b|\\b(?:im|in ihrem) (?:kundenportal|kundenkonto|kundenbereich)\\b|\\bzum download bereit\\b`,
      ),
      re(
        `\\b(?:consulter|telecharger|voir|acceder a) ${gap(2)}(?:facture|avoir)s?\\b|\\b(?:dans|sur) (?:votre|mon) espace client\\b`,
      ),
      re(
        `\\b(?:ver|descargar|consultar|visualizar|acceder a) ${gap(2)}(?:factura|recibo)s?\\b|\\b(?:area|zona|portal) (?:de|del) clientes?\\b`,
      ),
      re(
        `\\b(?:visualizza|scarica|consulta|vedi) ${gap(2)}(?:fattur[ae]|bollett[ae]|ricevuta)\\b|\\b(?:area|portale) (?:clienti|riservata)\\b`,
      ),
      re(
        `\\b(?:bekijk|download|open|raadpleeg) ${gap(2)}(?:factuur|facturen|nota)\\b|\\bmijn (?:omgeving|account|portaal)\\b|\\bstaat (?:voor je |voor u )?klaar\\b`,
      ),
      re(
        `\\b(?:consultar|descarregar|ver|aceder a|visualizar) ${gap(2)}(?:fatura|faturas|recibo)\\b|\\barea (?:de|do) cliente\\b`,
      ),
    ],
  },
  {
    // The writer hands its own bill over in the first person: "te mando la factura", "ti giro la fattura", "je vous
    // envoie ma facture", "envio a fatura", "hierbij mijn factuur", "ich schicke Ihnen die Rechnung", "my invoice".
    // Replies that answer "send me your invoice" say it this way more often than with a possessive.
    id: 'sends_invoice',
    weight: 1.0,
    negatable: true,
    patterns: [
      re(`\\b${SEND_FIRST_PERSON} ${gap(4)}${NOUN}\\b`),
      re(`\\b(?:my|meine[n]?|ma|mon|mes|mi|mis|la mia|mia|mijn|minha|a minha) (?:${NOUN})\\b`),
    ],
  },
  {
    id: 'invoice_for_you',
    weight: 1.0,
    negatable: true,
    patterns: [
      re(
        `\\b(?:here is|here's|this is|attached is|please find|enclosed is|please see) ${gap(3)}(?:invoice|bill|receipt|credit note)`,
      ),
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
      // A direct debit announced for the bill: the amount is still to be collected. Dates ("zum 05.02.") may stand
      // between the verb's parts, so any word counts there.
      re(
        `\\bwill be (?:collected|debited|taken) (?:from your|by direct debit)|\\b(?:wird|werden) (?:\\S+ ){0,14}(?:eingezogen|abgebucht)\\b|\\bsera preleve\\b|\\bse (?:cargara|adeudara)\\b|\\bverra addebitat[oa]\\b|\\b(?:wordt|worden) (?:\\S+ ){0,14}(?:afgeschreven|geincasseerd)\\b|\\bsera debitad[oa]\\b`,
      ),
    ],
  },
  {
    id: 'dunning',
    weight: 1.0,
    // "es bestehen keine offenen Posten", "ne présente plus aucun impayé": nothing is owed.
    negatable: true,
    patterns: [
      re(
        `\\bpayment reminder\\b|\\breminder (?:of|for|about) ${gap(2)}(?:invoice|payment)|\\boverdue\\b|\\bpast due\\b`,
      ),
      re('\\boutstanding (?:invoice|balance|amount|payment)s?\\b|\\bunpaid\\b|\\bfinal notice\\b'),
      re(
        '\\bzahlungserinnerung\\b|\\bmahnung\\b|\\boffene[nrs]? (?:rechnung|betrag|posten|forderung)|\\buberfallig\\b',
      ),
      re('\\bnoch nicht (?:beglichen|bezahlt|ausgeglichen)\\b'),
      re(
        '\\brappel de (?:paiement|facture|reglement)|\\brelance\\b|\\bimpayee?s?\\b|\\bretard de paiement\\b|\\bmise en demeure\\b',
      ),
      re(
        '\\brecordatorio de pago\\b|\\bpendiente de pago\\b|\\bimpagad[ao]s?\\b|\\b(?:facturas?|recibos?) pendientes?\\b',
      ),
      re('\\bsollecito\\b|\\binsolut[aeio]\\b|\\bscadut[aeio]\\b|\\bnon ancora (?:pagat|saldat)|\\bmorosita\\b'),
      re('\\bbetalingsherinnering\\b|\\baanmaning\\b|\\bopenstaande?\\b|\\bachterstallig\\b|\\bherinnering\\b'),
      re(
        '\\b(?:has|have) not (?:yet )?been paid\\b|\\b(?:noch )?nicht bezahlt\\b|\\bnon (?:ancora )?(?:stat[aei] )?pagat[aeio]\\b|\\b(?:sigue|continua) sin (?:pagar|abonar)(?:se)?\\b|\\bsin pagar\\b|\\bnog (?:steeds )?niet (?:betaald|voldaan)\\b|\\b(?:continua|esta) por (?:pagar|liquidar)\\b|\\bpas encore (?:ete )?(?:reglee?|payee?)\\b',
      ),
      re(
        '\\barrears\\b|\\b(?:zahlungs)?ruckstand\\b|\\barriere\\b|\\b(?:una )?deuda de\\b|\\bimportes vencidos\\b|\\bdebito di (?:€|eur)|\\barretrat[io]\\b|\\bimporti scaduti\\b|\\b[a-z]*achterstand\\b|\\bvalor(?:es)? em (?:divida|atraso)\\b',
      ),
      re('\\blembrete de pagamento\\b|\\bem atraso\\b|\\bvencid[ao]s?\\b|\\bem aberto\\b'),
      // The bill has passed its due date, the friendly reminder's way of saying overdue: "is now past its due date",
      // "ist über dem Zahlungsziel", "a dépassé sa date d'échéance", "ha superado su fecha de vencimiento", "ha
      // superato la data di scadenza", "is over de vervaldatum heen", "já passou a data de vencimento".
      re(
        `\\bpast (?:its|the|their) due date\\b|\\b(?:uber dem|uber das) zahlungsziel\\b|\\bzahlungsziel ${gap(2)}uberschritten\\b|\\bdepasse (?:sa|la|son|leur) (?:date d')?echeance\\b|\\bsuperad[oa] (?:su|la) fecha de vencimiento\\b|\\bsuperato (?:la )?(?:data di )?scadenza\\b|\\bover de vervaldatum\\b|\\bvervaldatum ${gap(2)}verstreken\\b|\\b(?:passou|ultrapassou) (?:a )?(?:data (?:de|do) )?vencimento\\b`,
      ),
    ],
  },
  {
    // A formal demand before court: a lawyer's or a collection agency's letter, the last step of dunning
    // ("letter before action", "gerichtliches Mahnverfahren", "mise en demeure", "procedimiento monitorio", "messa in
    // mora", "ingebrekestelling", "notificação extrajudicial"). It demands payment of the bills it names.
    id: 'legal_demand',
    weight: 1.0,
    patterns: [
      re(
        '\\bletter before (?:action|claim)\\b|\\bpre-action protocol\\b|\\b(?:court|legal) proceedings\\b|\\bstatutory interest\\b|\\blate payment of commercial debts\\b|\\bdebt (?:recovery|collection) (?:agency|proceedings)\\b',
      ),
      re(
        '\\b(?:gerichtliche[ns]? )?mahnverfahren\\b|\\bverzugszinsen\\b|\\bin (?:zahlungs)?verzug\\b|\\bfruchtlose[mn]? fristablauf\\b|\\binkasso(?:buro|unternehmen|verfahren)?\\b|\\bunsere[rmn]? mandant(?:in|en)?\\b',
      ),
      re(
        '\\bmettons en demeure\\b|\\bmise en demeure\\b|\\brecouvrement (?:contentieux|judiciaire)\\b|\\binjonction de payer\\b|\\bcommissaire de justice\\b|\\bhuissier\\b|\\bsous huit(?:aine| jours)\\b|\\bindemnite forfaitaire\\b|\\bpenalites de retard\\b',
      ),
      re(
        '\\brequerimiento de pago\\b|\\b(?:les|le) requerimos\\b|\\brequiero formalmente\\b|\\bvia judicial\\b|\\bprocedimiento monitorio\\b|\\breclamacion (?:extrajudicial|judicial) de (?:cantidad|deuda)\\b|\\bintereses de demora\\b|\\bburofax\\b',
      ),
      re(
        '\\bdiffida\\b|\\bmessa in mora\\b|\\bcostituisco (?:formalmente )?in mora\\b|\\bdecreto ingiuntivo\\b|\\binteressi di mora\\b|\\brecupero (?:del )?credito\\b|\\bintim(?:o|azione di) (?:il )?pagamento\\b|\\bvia giudiziale\\b',
      ),
      re(
        '\\bingebrekestelling\\b|\\bin verzuim\\b|\\bsommatie\\b|\\bveertiendagenbrief\\b|\\b(?:buitengerechtelijke )?incassokosten\\b|\\bincassobureau\\b|\\bwettelijke (?:handels)?rente\\b|\\bgerechtelijke (?:stappen|procedure)\\b',
      ),
      re(
        '\\bnotificacao extrajudicial\\b|\\binterpelacao\\b|\\bjuros de mora\\b|\\binjuncao\\b|\\bprotesto (?:dos titulos|do titulo)\\b|\\bmedidas judiciais\\b|\\bacao de cobranca\\b|\\bcobranca judicial\\b',
      ),
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
  {
    id: 'bank_details',
    weight: 0.3,
    patterns: [re('\\biban\\b|\\bbic\\b|\\bswift\\b|\\bsort code\\b|\\bbankverbindung\\b|\\brib\\b')],
  },
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
  'attached_credit_note',
  'invoice_for_you',
  'invoice_link',
  'invoice_reference',
  'payment_terms',
  'money_amount',
]);
