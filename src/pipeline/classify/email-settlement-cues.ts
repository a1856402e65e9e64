// Settlement cues of the invoice-intent classifier: the email says a bill has been paid or money went back. Payment
// confirmations ("payment received for invoice X", "Zahlung fur Rechnung ... erhalten", "Paiement recu pour la
// facture ..."), receipts of payment for an invoice, "thank you for your payment", invoices marked as paid, and
// refunds issued, in every supported language. How they are weighed (an email that settles an invoice it names is
// not_invoice; a purchase receipt or a credit note it delivers still counts) is in email.ts and
// docs/email-classification.md. Same conventions as email-cues.ts: flat folded text, one list for all languages.
import { gap, re, type Cue } from './cues.js';

// Payment verbs and nouns shared by the patterns below.
const MONEY_IN = '(?:payment|remittance|transfer|bank transfer|wire|funds)';
// "has not been paid", "ist noch nicht bezahlt", "nog niet voldaan": a negation inside the phrase makes it a reminder;
// "is to be paid", "must be paid" make it a payment term.
const NEGATED_INSIDE =
  /\b(?:not|never|nicht|noch|keine?n?|pas|jamais|non|ancora|niet|nog|geen|nao|ainda|yet|aun|todavia|to be|must|should|will|shall|please|bitte)\b|\bno (?:ha|han|hemos|se ha)\b/;
// Invoice nouns (not credit notes or receipts) and a document number after them: what a settlement names.
const INVOICE = '(?:invoice|bill|[a-z]*rechnung|facture|factura|fattura|factuur|fatura)';
const NUMBERED = `${INVOICE} (?:(?:no|nr|n|#)\\.? ?)?[a-z]{0,4}[-/ ]?\\d[\\d/.-]{0,20}`;
// Paid, as a state of the bill, in every language.
const PAID =
  '(?:paid|settled|bezahlt|beglichen|ausgeglichen|payee|reglee|soldee|acquittee|encaissee|pagada|cobrada|abonada|saldada|liquidada|pagata|saldata|incassata|betaald|voldaan|liquidada|quitada)';
// Money that moves, and words saying it arrived (the payee's view).
const MONEY =
  '(?:payment|transfer|remittance|wire|funds|zahlung|uberweisung|paiement|reglement|virement|pago|transferencia|abono|pagamento|bonifico|betaling|overboeking|overschrijving)';
const ARRIVED =
  '(?:received|arrived|came (?:in|through)|cleared|hit (?:our|the) account|credited|reached us|erhalten|eingegangen|angekommen|gutgeschrieben|verbucht|recue?|parvenue?|arrivee?|creditee?|encaisse|recibid[oa]|llegado|entrado|ingresad[oa]|ricevut[oa]|arrivat[oa]|pervenut[oa]|accreditat[oa]|incassat[oa]|ontvangen|binnen|bijgeschreven|binnengekomen|recebid[oa]|chegou|deu entrada|creditad[oa])';

export const SETTLEMENT_CUES: readonly Cue[] = [
  {
    // The payee confirms the money arrived, or the bill is marked as paid. Only weighed when the email names the
    // invoice it settles (a shop's receipt also thanks for the payment it records: that receipt is the bill).
    id: 'payment_received',
    weight: -3.0,
    negatable: true,
    conditional: true,
    exclude: NEGATED_INSIDE,
    // Dutch and German put the negation after the verb and object: "Ontvangen wij uw betaling niet op tijd, ...".
    notFollowedBy: /^\s*(?:niet|nicht|nog niet|noch nicht|not)\b/,
    patterns: [
      // A payee who has just seen the money: "Je viens de voir votre virement", "ho appena visto il bonifico".
      re(
        "\\b(?:je viens de voir|j'ai (?:bien )?(?:vu|recu)|nous avons bien recu) (?:votre|ton|le) (?:virement|paiement|reglement)\\b|\\b(?:ho|abbiamo) (?:appena |gia )?(?:visto|ricevuto) (?:il |la )?(?:tuo |vostro |suo )?(?:bonifico|pagamento)\\b|\\b(?:i've|i have|we've|we have) (?:just )?(?:seen|spotted|got|received) (?:your|the) (?:payment|transfer)\\b|\\b(?:habe|haben) (?:gerade |eben )?(?:deine|ihre|die) (?:zahlung|uberweisung) (?:gesehen|erhalten|bekommen)\\b|\\b(?:he|hemos) (?:visto|recibido) (?:tu|su|la) (?:transferencia|pago)\\b|\\b(?:vi|recebi|recebemos) (?:a sua|a tua|o seu|o teu|a) (?:transferencia|pagamento)\\b",
      ),
      // Shapes that carry across languages: "Invoice 26/031 paid", "the transfer came in / ist eingegangen / e
      // arrivato", "confirm receipt of", "incasso / cobro / recebimento of the invoice".
      re(`\\b${NUMBERED} ${gap(3)}${PAID}\\b|\\b${INVOICE} ${gap(3)}${PAID}\\b`),
      re(`\\b${MONEY} ${gap(10)}${ARRIVED}\\b`),
      // The money is in the payee's account, whoever names it: "the £1,150.00 ... hit our account", "ist auf
      // unserem Konto eingegangen", "est arrivé sur notre compte", "è arrivato sul nostro conto".
      re(
        `\\b(?:hit|landed in|reached|arrived in|cleared (?:in|into)|showed up in) (?:our|my) (?:bank )?account\\b|\\b(?:${ARRIVED}) ${gap(1)}(?:auf (?:unserem|unser|meinem) konto|sur (?:notre|mon) compte|en (?:nuestra|mi) cuenta|sul (?:nostro|mio) conto|op (?:onze|mijn) rekening|na (?:nossa|minha) conta)\\b|\\b(?:auf (?:unserem|meinem) konto|sur (?:notre|mon) compte|en (?:nuestra|mi) cuenta|sul (?:nostro|mio) conto|op (?:onze|mijn) rekening|na (?:nossa|minha) conta) ${gap(2)}(?:${ARRIVED})\\b`,
      ),
      // The payee's app: "Priya Shah paid invoice 1187", "a payé la facture", "ha pagado la factura", "pagou a fatura".
      re(
        `\\b(?:paid|settled)(?: you)? (?:[^ ]+ ){0,2}?(?:for |against )?(?:your |the )?${INVOICE}\\b|\\ba (?:paye|regle) (?:la |votre )?facture\\b|\\bha (?:pagado|abonado) (?:la |su |tu )?factura\\b`,
      ),
      // "Nina Cole paid you USD 2,450.00 for invoice INV-0912", "hat Ihnen 2.450 EUR für die Rechnung ... gezahlt".
      re(
        `\\b(?:paid|gezahlt|bezahlt|paye|pagado|pagato|betaald|pagou(?:-lhe)?) ${gap(5)}(?:for|against|fur|pour|por|per|voor|pela|pelo|para)(?: the| die| la| den| il| de| a| o)? ${INVOICE}\\b|\\b${INVOICE} ${gap(4)}gezahlt\\b`,
      ),
      re(
        `\\b(?:received|ricevuto|recibido|recebeu|recebemos|ontvangen|recu) ${gap(2)}(?:a |an |un |una |uno |um |een )?(?:payment|pagamento|pago|betaling|paiement)\\b`,
      ),
      re(
        `\\bha (?:pagato|saldato) (?:la )?fattura\\b|\\b(?:pagou|liquidou) (?:a )?fatura\\b|\\bhat ${gap(3)}rechnung ${gap(3)}(?:bezahlt|beglichen)\\b`,
      ),
      // A payment app's "Payment successful - INV-1184", "Zahlung erfolgreich", "Pagamento riuscito".
      re(
        `\\b${MONEY} ${gap(8)}(?:was |is |has been |se ha |e |wurde |a ete |ha sido |e stato |is |foi )?(?:successfully |erfolgreich |correctamente |correttamente |succesvol |com sucesso )?(?:processed|verarbeitet|traitee?|procesado|elaborato|verwerkt|processado|successful|succeeded|completed|erfolgreich|abgeschlossen|reussie?|a reussi|effectuee? avec succes|realizado con exito|completad[oa]|completado correctamente|riuscito|andato a buon fine|gelukt|geslaagd|concluid[oa](?: com sucesso)?|bem-sucedido)\\b`,
      ),
      re(
        "\\bconfirm(?:ing)? (?:the )?receipt of\\b|\\bbestatigen (?:ihnen )?den (?:eingang|erhalt)\\b|\\b(?:accusons|confirmons) (?:la )?(?:bonne )?reception\\b|\\bconfirmamos (?:la |a |o )?(?:recepcion|rececao|recepcao|recebimento)\\b|\\bconfermiamo (?:la ricezione|l'avvenuto)\\b|\\bbevestigen (?:wij )?de ontvangst\\b",
      ),
      re(
        `\\b(?:avvenuto incasso|incasso|cobro|recebimento|encaissement|eingang) (?:de la |della |da |de |del |der |zur |of |van )?(?:vostra |your |sua |ihrer )?${INVOICE}\\b|\\b(?:hemos cobrado|abbiamo incassato|avons encaisse|recebemos)\\b`,
      ),
      re(
        `\\b(?:we|i)(?:'ve| have)? (?:now |just |successfully |already )?received (?:your|the|a|full) (?:full |recent )?${MONEY_IN}\\b`,
      ),
      re(
        `\\b(?:confirm|confirming|confirms|confirmation of) (?:that )?(?:we have |we've )?(?:received |the receipt of |receipt of )?(?:your|the) ${MONEY_IN}`,
      ),
      re(
        `\\b${MONEY_IN} (?:has been |was |successfully )?received\\b|\\bthank(?:s| you) for (?:your|the) (?:prompt |recent )?(?:payment|remittance)\\b`,
      ),
      re(
        '\\b(?:has|have) (?:now )?been (?:marked as )?(?:paid|settled)\\b|\\bmarked as paid\\b|\\bpaid in full\\b|\\bis (?:now )?(?:fully )?paid\\b',
      ),
      // The payee's own ledger words: "Amount received", "Montant recu", "Importo incassato".
      re(
        '\\b(?:amount|payment) received\\b|\\b(?:erhaltener|eingegangener) betrag\\b|\\bmontant recu\\b|\\bimporte recibido\\b|\\bimporto (?:incassato|ricevuto)\\b|\\bontvangen bedrag\\b|\\bvalor recebido\\b',
      ),
      re(
        '\\b(?:amount|date) paid\\b|\\b(?:account )?balance (?:is now|remaining|outstanding):? (?:[$€£]|eur|usd|gbp)? ?0[.,]00\\b',
      ),
      re(
        `\\b(?:ihre|die|eine|deine) zahlung ${gap(10)}(?:erhalten|eingegangen|gutgeschrieben|verbucht)\\b|\\bzahlung (?:ist )?(?:eingegangen|erhalten)\\b`,
      ),
      re('\\bzahlungseingang\\b|\\b(?:vielen )?danke? fur (?:ihre|die|deine) zahlung\\b|\\bals bezahlt markiert\\b'),
      re(
        `\\b(?:wurde|ist|sind) ${gap(2)}(?:vollstandig |bereits )?(?:bezahlt|beglichen|ausgeglichen)\\b|\\b(?:konto|kundenkonto) ist ausgeglichen\\b|\\bbetrag ist ${gap(4)}eingegangen\\b`,
      ),
      re("\\b(?:nous avons|j'ai) (?:bien )?recu (?:votre|le|du) (?:paiement|reglement|virement)|\\bpaiement recu\\b"),
      re(
        '\\b(?:accusons|accuse|confirmons) (?:la )?(?:bonne )?reception de (?:votre|du) (?:paiement|reglement|virement)|\\bbonne reception de (?:votre|du) (?:paiement|reglement|virement)',
      ),
      re(
        '\\bmerci (?:pour|de) votre (?:paiement|reglement|virement)\\b|\\b(?:a ete|est|sont) (?:desormais )?(?:reglee?s?|payee?s?|soldee?s?|acquittee?s?)\\b|\\ben reglement de la facture\\b|\\bcompte (?:client )?est a jour\\b',
      ),
      re(
        '\\bhemos recibido (?:su|tu|el|la|vuestro) (?:pago|transferencia|abono)|\\bpago recibido\\b|\\brecepcion de (?:su|tu) (?:pago|transferencia)',
      ),
      re(
        '\\bgracias por (?:su|tu) pago\\b|\\b(?:ha sido|se ha marcado como|queda|esta) (?:pagada|saldada|abonada|liquidada)\\b|\\bmarcad[oa] como pagad[oa]\\b|\\ben pago de la factura\\b|\\bcuenta esta al corriente\\b',
      ),
      re(
        '\\babbiamo ricevuto (?:il )?(?:vostro |suo |tuo )?(?:pagamento|bonifico|saldo)|\\bpagamento ricevuto\\b|\\bconfermiamo di aver ricevuto (?:il )?(?:pagamento|bonifico)',
      ),
      re(
        '\\bgrazie per il (?:suo |vostro |tuo )?pagamento\\b|\\brisulta (?:pagata|saldata)\\b|\\be stata (?:pagata|saldata)\\b|\\bquietanza\\b|\\ba saldo della fattura\\b|\\bposizione risulta regolare\\b',
      ),
      re(
        `\\bbetaling ${gap(5)}ontvangen\\b|\\bontvangst van (?:uw|je) betaling\\b|\\b(?:bedankt|dank u|dank je) voor (?:uw|je) betaling\\b`,
      ),
      re(
        '\\b(?:is|zijn) (?:volledig )?(?:betaald|voldaan)\\b|\\b(?:hiermee|daarmee) (?:volledig )?voldaan\\b|\\bals betaald gemarkeerd\\b|\\bsaldo is (?:nu )?nul\\b',
      ),
      re(
        '\\brecebemos o (?:seu |vosso )?pagamento\\b|\\bpagamento recebido\\b|\\brece(?:c|p)ao do (?:seu |vosso )?pagamento\\b|\\bobrigad[oa] pelo (?:seu |vosso )?pagamento\\b',
      ),
      re('\\b(?:foi|esta|encontra-se) (?:paga|liquidada|regularizada)\\b|\\bmarcada como paga\\b'),
    ],
  },
  {
    // A receipt for a payment, not for a purchase: "Here is your payment receipt", "Recibo de pago de la factura".
    // Counted unless the mail shows a purchase (VAT, items: purchase_detail), where it is the shop's receipt.
    id: 'payment_receipt',
    weight: -3.0,
    negatable: true,
    conditional: true,
    patterns: [
      re(
        '\\bpayment receipt\\b|\\breceipt (?:for|of) (?:your|the) payment\\b|\\bzahlungs(?:beleg|quittung)\\b|\\brecu de (?:votre )?paiement\\b|\\brecibo de (?:su |tu )?pago\\b',
      ),
      // "Your receipt for invoice 1187", "Quittung zur Rechnung", "recibo de la factura": the receipt of a bill's payment.
      re(
        `\\b(?:receipt|quittung|beleg|recu|recibo|ricevuta|kwitantie|betaalbewijs) (?:for|of|zur|zu|fur|pour|de|del|per|voor|van|da|do)(?: la| the| die| der| el| il| de| a| o)? ${INVOICE}\\b`,
      ),
      re(
        '\\bricevuta di pagamento\\b|\\bbeta(?:al|lings)bewijs\\b|\\brecibo d[eo] pagamento\\b|\\bcomprovativo de pagamento\\b',
      ),
      // The receipt or proof of the payment of a named invoice, words apart: "Adjuntamos el justificante del pago ...
      // para la factura 2026-A-772", "o recibo RC ... referente ao pagamento da fatura FT ...", "receipt for your
      // payment of invoice 1187", "Beleg über die Zahlung der Rechnung", "reçu du paiement de la facture".
      re(
        `\\b(?:receipt|proof|quittung|beleg|nachweis|recu|justificatif|justificante|comprobante|recibo|ricevuta|quietanza|kwitantie|bewijs|comprovativo|comprovante) ${gap(6)}(?:payment|zahlung|paiement|reglement|pago|pagamento|betaling) ${gap(5)}(?:for|of|on|zur|zu|der|fur|de|du|pour|para|del|de la|della|per|van|voor|da|do|referente (?:a|ao|à))(?: the| your| die| der| la| el| il| de| a| o)? ${INVOICE}\\b`,
      ),
    ],
  },
  {
    // Money went back to the customer. A credit note it delivers still counts (credit_note_noun).
    id: 'refund_issued',
    weight: -2.5,
    negatable: true,
    conditional: true,
    exclude: NEGATED_INSIDE,
    patterns: [
      re(
        "\\bwe(?:'ve| have)? (?:issued|processed|sent|initiated|approved) (?:a|your|the) (?:full |partial )?refund\\b|\\bwe(?:'ve| have) refunded\\b|\\brefunded (?:to|back)\\b",
      ),
      re(
        `\\brefund ${gap(3)}(?:has been|was|is being|have been) (?:issued|processed|sent|initiated|approved)\\b|\\byour refund\\b|\\brefund (?:processed|issued)\\b`,
      ),
      re(
        `\\b(?:ruck)?erstattung ${gap(6)}(?:veranlasst|ausgefuhrt|bearbeitet|angewiesen|erfolgt)\\b|\\b(?:haben|wurde|wurden) ${gap(6)}(?:zuruck)?erstattet\\b|\\bihre (?:ruck)?erstattung\\b`,
      ),
      re(
        `\\bremboursement ${gap(5)}(?:a ete|est) (?:effectue|emis|traite|initie)|\\bprocede au remboursement\\b|\\bvous avons rembourse\\b|\\bvotre remboursement\\b`,
      ),
      re(
        '\\b(?:hemos|se ha) (?:procesado|emitido|realizado|tramitado) (?:el|tu|su) reembolso\\b|\\b(?:te|le|os|les) hemos (?:reembolsado|devuelto)\\b|\\bhemos devuelto\\b|\\b(?:tu|su) reembolso\\b',
      ),
      re(
        '\\b(?:abbiamo|e stato) (?:emesso|effettuato|elaborato|disposto) (?:il )?rimborso\\b|\\b(?:ti|vi|le) abbiamo rimborsato\\b|\\bil (?:tuo|suo|vostro) rimborso\\b',
      ),
      re(
        `\\b(?:hat|hast|haben|wurde|wurden|ist) ${gap(12)}(?:zuruck)?erstattet\\b|\\b(?:vous|te|lui|nous) a rembourse\\b|\\b(?:a|ont) ete rembourse(?:e|s|es)?\\b`,
      ),
      // "Refund for invoice QT-2026-055", "Erstattung zu Rechnung", "remboursement sur la facture".
      re(
        `\\b(?:refund|(?:ruck)?erstattung|remboursement|reembolso|rimborso|terugbetaling) (?:for|of|on|zu|zur|fur|sur|de|sobre|per|sulla|della|op|van|da|do)(?: the| der| die| la| el| il| de| a| o)? ${INVOICE}\\b`,
      ),
      re(
        '\\b(?:te|le|os|les|nos) ha(?:n|mos)? (?:reembolsado|devuelto)\\b|\\b(?:ti|vi|le|ci|gli) ha(?:nno)? rimborsato\\b|\\breembols(?:ou|aram|amos)\\b',
      ),
      re(
        '\\bzuruck(?:uberwiesen|gebucht|gezahlt|erstattet)\\b|\\bruckbuchung\\b|\\bgeld zuruck\\b|\\brecredite?e?s?\\b|\\bterugbetaald\\b|\\bteruggestort\\b|\\bterugbetaling\\b|\\bgerestitueerd\\b',
      ),
      re(
        '\\b(?:processamos|emitimos|efetuamos) o reembolso\\b|\\breembolsamos\\b|\\bdevolvemos\\b|\\bo seu reembolso\\b',
      ),
    ],
  },
];

/** Settlement cues weighed only when the email names an invoice (see payment_received). */
export const NEEDS_NAMED_INVOICE: ReadonlySet<string> = new Set(['payment_received', 'payment_document']);
/** Settlement cues weighed unless the email shows a purchase (see payment_receipt). */
export const NEEDS_NO_PURCHASE: ReadonlySet<string> = new Set(['payment_receipt']);
