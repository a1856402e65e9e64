// Negative cues of the invoice-intent classifier: the look-alikes of an invoice email. Requests for an invoice,
// announcements of a future one, billing instructions, orders, shipping, quotes, marketing, meetings, account
// mail, payments made and disputes. Same conventions as email-cues.ts.
import { gap, re, type Cue } from './cues.js';

const EN_OBJ =
  '(?:(?:us|me|the|your|an|a|this|that|our|it|corrected|updated|new|revised|final|proper|copy|of|duplicate|missing|official|outstanding) ){0,4}';
// Words that make a following quote noun a reference to an earlier, agreed quote: "as per (our) quote", "laut
// Angebot", "comme convenu dans le devis", "según (el) presupuesto", "come da (nostro) preventivo", "volgens de
// offerte", "conforme o orçamento". Tested on the last words before the noun (cues.ts notAfter).
const QUOTE_REFERENCE_ARTICLE =
  '(?: (?:the|our|your|my|unserem|ihrem|dem|den|das|le|la|notre|votre|mon|el|nuestro|su|tu|mi|lo|il|nostro|vostro|tuo|suo|mio|de|het|onze|uw|je|mijn|o|a|nosso|seu|vosso|meu|agreed|signed|accepted|approved))';
const QUOTE_REFERENCE = new RegExp(
  '\\b(?:(?:as per|as in|according to|in line with|in accordance with|as agreed in|as stated in|' +
    'laut|gemass|entsprechend|wie (?:im|in)|selon|suivant|conformement (?:a|au)|comme (?:convenu |indique |prevu )?' +
    '(?:dans|sur|au|par)|segun|conforme|de acuerdo con|como (?:en|se indica en)|come da|' +
    'come (?:nel|indicato nel|previsto (?:dal|nel)|concordato nel)|in base al|volgens|conform|' +
    'zoals (?:in|afgesproken in|vermeld in)|de acordo com|como no)' +
    `${QUOTE_REFERENCE_ARTICLE}*|(?:secondo|segundo)${QUOTE_REFERENCE_ARTICLE}+)$`,
);

// A negator inside a payment phrase ("wurde noch nicht bezahlt") turns it into a reminder: no match.
const NEGATED_CLAUSE = /\b(?:not|nicht|noch nicht|pas|non|niet|nog niet|nao|yet|no)\b/;

export const NEGATIVE_EMAIL_CUES: readonly Cue[] = [
  {
    id: 'request_for_invoice',
    weight: -4.0,
    patterns: [
      re(
        `\\b(?:please|kindly|pls|could you|can you|would you|we need you to|we ask you to|i need you to) (?:(?:please|kindly|also|just) )?(?:send|provide|issue|email|e-mail|share|raise|submit|resend|re-send|reissue|re-issue|mail) ${EN_OBJ}(?:invoices?|bill|receipt|credit note)\\b`,
      ),
      re(`\\b(?:have|has|had) (?:not|n't) (?:yet )?(?:received|got|seen) (?:your|the|an|any|a) ${gap(1)}invoice`),
      re(`\\bhaven't (?:yet )?(?:received|got) (?:your|the|an|any) ${gap(1)}invoice`),
      re(`\\b(?:we are|we're|i am|i'm) (?:still )?(?:waiting for|missing|awaiting) (?:your|the|an) ${gap(1)}invoice`),
      re(
        '\\bneed (?:a|an|the|your) (?:copy of (?:the|your) )?invoice\\b|\\bwhere (?:is|can i find) (?:the|my|our) invoice\\b',
      ),
      re(
        `\\bbitte (?:senden|schicken|stellen|ubermitteln|ubersenden|mailen) sie (?:uns|mir) ${gap(2)}(?:rechnung|gutschrift)`,
      ),
      re(
        `\\b(?:senden|schicken|ubermitteln|ubersenden|stellen) sie (?:uns|mir) (?:bitte|doch) ${gap(2)}(?:rechnung|gutschrift)`,
      ),
      re(
        `\\b(?:senden|schicken|ubermitteln|ubersenden) sie (?:uns|mir) (?:bitte )?(?:eine|die) (?:korrigierte|berichtigte|neue|geanderte) (?:rechnung|fassung|version)`,
      ),
      re(`\\bbitte um (?:zusendung|ubersendung|ubermittlung) ${gap(2)}(?:rechnung|gutschrift)`),
      re(`\\b(?:ihre|die|eine) rechnung (?:ist|wurde|haben wir) ${gap(3)}nicht (?:eingegangen|erhalten)`),
      re(`\\b(?:haben|hatten) (?:wir )?(?:ihre|die|noch keine|keine) rechnung ${gap(2)}(?:erhalten|bekommen)`),
      re(`\\bkonnen sie (?:uns|mir) (?:bitte )?(?:die|ihre|eine) ${gap(1)}rechnung`),
      re(
        `\\b(?:merci de|pourriez-vous|pouvez-vous|veuillez|je vous prie de|nous vous prions de) (?:nous |me )?(?:envoyer|transmettre|faire parvenir|adresser|renvoyer|emettre|etablir) ${gap(3)}(?:facture|avoir)`,
      ),
      re(
        `\\b(?:nous n'avons|je n'ai) (?:toujours )?pas (?:encore )?recu ${gap(2)}facture|\\bdans l'attente de (?:votre|la) facture`,
      ),
      re(
        `\\b(?:por favor|podria|podrias|podrian|podriais|puede|puedes|pueden|podeis|le ruego|les rogamos|agradeceria|agradeceriamos|rogamos) ${gap(2)}(?:enviar|enviarnos|enviarme|mandar|mandarnos|mandarme|remitir|remitirnos|emitir|hacernos llegar) ${gap(3)}factura`,
      ),
      re(
        `\\b(?:envienos|enviadnos|envianos|mandanos|mandadnos|remitanos) ${gap(2)}factura|\\bno (?:hemos|he) recibido ${gap(2)}factura|\\ba la espera de (?:su|la) factura`,
      ),
      re(
        `\\b(?:potete|potreste|puo|potrebbe|vi preghiamo di|vi chiediamo di|si prega di|per favore|la preghiamo di|cortesemente) ${gap(2)}(?:inviare|inviarci|inviarmi|mandare|mandarci|trasmettere|trasmetterci|emettere|emetterci) ${gap(3)}fattura`,
      ),
      re(`\\bnon (?:abbiamo|ho) (?:ancora )?ricevuto ${gap(2)}fattura|\\bin attesa (?:della|di) (?:vostra )?fattura`),
      re(
        `\\b(?:kunt u|kun je|kunnen jullie|wilt u|wil je|graag|gelieve) ${gap(3)}(?:factuur|creditnota) ${gap(3)}(?:sturen|toesturen|opsturen|mailen|versturen|doorsturen)\\b`,
      ),
      re(
        `\\b(?:hebben|heb) (?:wij|we|ik) ${gap(2)}factuur (?:nog )?(?:niet|nog niet) ontvangen|\\bnog geen factuur ontvangen|\\bwachten (?:nog )?op (?:uw|de|jullie) factuur`,
      ),
      re(`\\bgraag ontvangen (?:wij|we|ik) ${gap(2)}factuur|\\bgraag (?:een |de )?factuur op naam\\b`),
      re(
        `\\b(?:por favor|podem|poderiam|pode|poderia|solicitamos que|pedimos que|agradecemos que) ${gap(2)}(?:enviar|envie|enviem|mandar|mande|emitir|emitam|emita|remeter)(?:-(?:nos|me|lhe|lhes))? ${gap(3)}(?:fatura|nota fiscal)`,
      ),
      re(`\\bnao recebemos ${gap(2)}(?:fatura|nota fiscal)|\\baguardamos ${gap(2)}(?:fatura|nota fiscal)`),
      // A request by its name, mostly in a subject: "Bitte um Rechnung", "Solicitud de factura", "Richiesta fattura".
      re(
        `\\bbitte um ${gap(1)}[a-z]*rechnung\\b|\\brechnungsanforderung\\b|\\b(?:request for|requesting) (?:an |the |a copy of the )?invoice\\b|\\binvoice request\\b|\\bdemande de facture\\b|\\b(?:solicitud|peticion) de ${gap(1)}factura\\b|\\brichiesta (?:di |della )?fattura\\b|\\bverzoek (?:om|tot) ${gap(1)}factuur\\b|\\b(?:solicitacao|pedido) de ${gap(1)}(?:nota fiscal|fatura)\\b`,
      ),
      // Verb last: "Könnten Sie uns für die Lieferung vom 20.11. bitte eine Rechnung ... ausstellen?"
      re(
        `\\b(?:konnten|konnen|wurden) sie (?:uns|mir) ${gap(8)}rechnung ${gap(6)}(?:ausstellen|schicken|senden|zusenden|zukommen lassen|ubermitteln)\\b`,
      ),
      // "necesitaríamos la factura a nombre de la empresa", "precisamos da nota fiscal em nome da empresa".
      re(
        `\\bnecesit(?:o|amos|aria|ariamos) ${gap(1)}factura\\b|\\bprecis(?:o|amos|aria|ariamos) d[ao]s? ${gap(1)}(?:nota fiscal|fatura)\\b|\\b(?:avremmo|abbiamo|avrei|ho) bisogno (?:della|di una) fattura\\b|\\b(?:nous aurions|nous avons|j'aurais|j'ai) besoin d'une facture\\b|\\b(?:wij hebben|we hebben|ik heb) ${gap(1)}factuur ${gap(4)}nodig\\b`,
      ),
    ],
  },
  {
    // Instructions on how to invoice the writer: a customer talking to its supplier.
    id: 'billing_instructions',
    weight: -2.0,
    patterns: [
      re(
        '\\binvoices? (?:should|must|need to|have to) (?:be )?(?:sent|addressed|issued|quote|include|show)\\b|\\b(?:new|change of|updated) (?:billing|invoice|invoicing) address\\b',
      ),
      re(
        `\\b(?:bitte )?stellen sie ${gap(2)}rechnungen\\b|\\brechnungen (?:sind|bitte) ${gap(3)}(?:an|zu richten)\\b|\\b(?:neue|geanderte) (?:rechnungsanschrift|rechnungsadresse)\\b|\\b(?:rechnungsanschrift|rechnungsadresse) (?:hat sich )?(?:geandert|andert sich)\\b`,
      ),
      re(
        '\\bnouvelle adresse de facturation\\b|\\bnueva direccion de facturacion\\b|\\bnuovo indirizzo di fatturazione\\b|\\bnieuw factuuradres\\b|\\bnova morada de faturacao\\b',
      ),
    ],
  },
  {
    // "We still need the following documents", "please upload": the writer asks for paperwork.
    id: 'request_for_documents',
    weight: -1.5,
    patterns: [
      re(
        '\\bwe (?:still )?need (?:the following|your|a copy of)\\b|\\bplease (?:upload|provide) (?:the|your|them|these)\\b|\\bcould you (?:please )?(?:send|resend) (?:us|me)\\b',
      ),
      re(
        `\\bbenotigen (?:wir )?(?:noch )?(?:folgende|die folgenden|ihre)\\b|\\bnous avons besoin (?:des|de vos)\\b|\\bnecesitamos (?:los|las|sus)\\b|\\babbiamo bisogno (?:dei|delle|di)\\b|\\bwij hebben (?:nog )?(?:de volgende|uw) ${gap(2)}nodig\\b|\\bprecisamos (?:dos|das|de)\\b`,
      ),
    ],
  },
  {
    id: 'future_invoice',
    weight: -2.0,
    patterns: [
      re(
        '\\binvoice (?:will|shall) (?:be (?:sent|issued|emailed|e-mailed|mailed|provided|generated|available)|follow)|\\binvoice to follow\\b',
      ),
      re(
        `\\b(?:you will|you'll|will) receive ${gap(2)}(?:invoice|receipt) (?:separately|later|shortly|once|when|after|by|with|in a separate)`,
      ),
      re(`\\b(?:we will|we'll) (?:send|issue|email) (?:you )?(?:the|an|your) ${gap(1)}invoice`),
      re(
        `\\b(?:die|ihre) rechnung (?:erhalten sie|folgt|wird|senden wir|schicken wir) ${gap(4)}(?:separat|gesondert|getrennt|nach (?:der |dem )?(?:lieferung|versand|abschluss)|mit der lieferung|nachgereicht|zugesandt|zugeschickt|verschickt|versendet|erstellt|ausgestellt|in kurze|in den nachsten tagen)`,
      ),
      re('\\brechnung folgt\\b'),
      re(`\\b(?:la|votre) facture (?:vous )?(?:sera|suivra|vous parviendra)\\b|\\bvous recevrez ${gap(2)}facture`),
      re(
        `\\b(?:la|su) factura (?:se (?:le )?(?:enviara|emitira)|le llegara|sera enviada|sera emitida)|\\brecibira ${gap(2)}factura`,
      ),
      re(`\\b(?:la|vostra) fattura (?:sara|verra|vi sara|le sara|seguira)\\b|\\bricever(?:a|ete) ${gap(4)}fattura`),
      re(
        `\\b(?:de|uw|je) factuur (?:volgt|ontvangt u|ontvang je|wordt ${gap(3)}(?:verstuurd|verzonden|gestuurd|nagestuurd))`,
      ),
      re(`\\b(?:a|sua) fatura (?:sera|vai ser|seguira)\\b|\\breceber(?:a|ao) ${gap(2)}fatura`),
    ],
  },
  {
    // "Thank you for your purchase" is left out: receipts open with it too.
    id: 'order_confirmation',
    weight: -2.0,
    patterns: [
      re(
        '\\border confirmation\\b|\\bconfirmation of (?:your )?order\\b|\\bthank(?:s| you) for (?:your|shopping|the) order\\b',
      ),
      re(
        "\\byour order (?:has been|was|is) (?:received|confirmed|placed)\\b|\\bwe(?:'ve| have) received your order\\b",
      ),
      re(
        '\\bauftragsbestatigung\\b|\\bbestell(?:ungs)?bestatigung\\b|\\b(?:vielen )?dank fur (?:ihre|deine) bestellung\\b',
      ),
      re('\\bihre bestellung (?:ist|wurde) (?:bei uns )?(?:eingegangen|bestatigt)'),
      re(
        '\\bconfirmation de (?:votre )?commande\\b|\\bmerci pour votre commande\\b|\\bvotre commande (?:a bien ete|est) (?:enregistree|confirmee|recue)',
      ),
      re(
        '\\bconfirmacion (?:de|del|de su) (?:pedido|compra)\\b|\\bgracias por (?:su|tu) pedido\\b|\\bhemos recibido (?:su|tu) pedido\\b',
      ),
      re(
        "\\bconferma (?:d'ordine|dell'ordine|ordine|del (?:tuo|suo) ordine)\\b|\\bgrazie per (?:il tuo |il suo |l')ordine\\b",
      ),
      re('\\borderbevestiging\\b|\\bbevestiging van (?:je|uw) bestelling\\b|\\bbedankt voor (?:je|uw) bestelling\\b'),
      re(
        '\\bconfirmacao (?:de|da|do) (?:sua )?(?:encomenda|pedido|compra)\\b|\\bobrigad[oa] pel[oa] (?:sua |seu )?(?:encomenda|pedido)\\b',
      ),
    ],
  },
  {
    id: 'shipping_notice',
    weight: -2.0,
    // "Este correo ha sido enviado por FacturaClara": the mail was sent, not a parcel.
    notAfter: /\b(?:correo|e-?mail|mensaje|mail|message|messaggio|bericht|mensagem|notificacion|aviso)$/,
    patterns: [
      re(
        '\\bhas (?:been )?shipped\\b|\\b(?:is|are) on (?:its|their) way\\b|\\bout for delivery\\b|\\btracking (?:number|no|code|link|id)\\b',
      ),
      re(
        '\\btrack (?:your|my) (?:package|parcel|order|shipment)\\b|\\bshipping (?:confirmation|notification|update)\\b|\\bhas been dispatched\\b|\\byour (?:package|parcel|shipment)\\b',
      ),
      re(
        '\\bversandbestatigung\\b|\\bversandbenachrichtigung\\b|\\b(?:ist|wurde) (?:heute )?(?:versandt|verschickt)\\b|\\bsendungs(?:nummer|verfolgung)\\b|\\b(?:ihr|dein) paket\\b',
      ),
      re(
        "\\b(?:a ete|est) expediee?\\b|\\bvotre colis\\b|\\bnumero de suivi\\b|\\bsuivre (?:votre|mon) colis\\b|\\ben cours de livraison\\b|\\bavis d'expedition\\b",
      ),
      re('\\bha sido enviad[oa]\\b|\\b(?:numero|codigo) de seguimiento\\b|\\b(?:tu|su) paquete\\b|\\ben camino\\b'),
      re(
        '\\b(?:e stato|e stata) spedit[oa]\\b|\\btracciamento\\b|\\bil tuo pacco\\b|\\bconferma di spedizione\\b|\\bavviso di spedizione\\b',
      ),
      re('\\btrack (?:&|en) trace\\b|\\b(?:je|uw) pakket\\b|\\bwordt (?:vandaag |morgen )?bezorgd\\b|\\bonderweg\\b'),
      re('\\bfoi (?:enviad|expedid)[ao]\\b|\\brastreamento\\b|\\bcodigo de rastreio\\b|\\ba caminho\\b'),
    ],
  },
  {
    id: 'quote_or_offer',
    weight: -1.8,
    // "1.400 € come da preventivo", "wie im Angebot vereinbart", "conforme o orçamento": the bill refers to the quote
    // it follows, it is no quote. Also "offerte akkoord"-style replies say the quote was accepted before.
    notAfter: QUOTE_REFERENCE,
    patterns: [
      re(
        '\\b(?:your|our|the|a|new|revised|price|updated) quot(?:e|ation)s?\\b|\\bquot(?:e|ation) (?:#|no|nr|number|for|request|attached)|\\brequest for quot',
      ),
      re('\\b(?:cost |price )?estimate (?:for|#|no|number)\\b|\\bour (?:offer|proposal)\\b'),
      re('\\bangebot(?:e|s)?\\b|\\bkostenvoranschlag\\b|\\bangebotsnummer\\b'),
      re('\\bdevis\\b|\\bproposition commerciale\\b|\\bnotre offre\\b'),
      re('\\bpresupuesto\\b|\\bcotizacion\\b|\\bnuestra oferta\\b|\\bpropuesta\\b'),
      re('\\bpreventiv[oi]\\b|\\bofferta\\b|\\bquotazione\\b'),
      re('\\bofferte\\b|\\bprijsopgave\\b'),
      re('\\borcamento\\b|\\bproposta\\b|\\bcotacao\\b'),
    ],
  },
  {
    id: 'marketing',
    weight: -1.5,
    patterns: [
      re(
        '\\bnewsletter\\b|\\bwebinar\\b|\\b\\d{1,2} ?% (?:off|rabatt|de descuento|de reduction|di sconto|korting|de desconto)\\b',
      ),
      re(
        '\\b(?:sale|promo|promotion|coupon|discount code|black friday|cyber monday)\\b|\\bnew features?\\b|\\bintroducing\\b',
      ),
      re('\\bproduct update\\b|\\bfree trial\\b|\\bupgrade (?:now|today|to)\\b|\\blimited (?:time|offer)\\b'),
      re('\\bsonderangebot\\b|\\bgutschein(?:code)?\\b|\\bneuigkeiten\\b|\\bsoldes\\b|\\bnouveautes?\\b'),
      re(
        '\\bofferta speciale\\b|\\bsconto\\b|\\bnovita\\b|\\baanbieding\\b|\\bnieuwsbrief\\b|\\bpromocao\\b|\\bnovidades\\b|\\bnovedades\\b|\\bdescuento\\b',
      ),
    ],
  },
  {
    id: 'unsubscribe_footer',
    weight: -2.5,
    patterns: [
      re(
        '\\bunsubscribe\\b|\\bopt[- ]out\\b|\\bmanage (?:your )?(?:email )?(?:preferences|subscriptions)\\b|\\bview (?:this email )?in (?:your|a) browser\\b',
      ),
      re(
        '\\babmelden\\b|\\babbestellen\\b|\\bse desabonner\\b|\\bse desinscrire\\b|\\bdesinscri(?:bir|pcion)\\b|\\bdar(?:se|te) de baja\\b',
      ),
      re(
        "\\bcancelar (?:la )?suscripcion\\b|\\b(?:annulla|cancella)(?:re)? (?:l')?iscrizione\\b|\\bdisiscriviti\\b|\\bafmelden\\b|\\buitschrijven\\b",
      ),
      re('\\bcancelar (?:a )?(?:subscricao|inscricao)\\b|\\bdescadastr'),
    ],
  },
  {
    id: 'meeting',
    weight: -2.0,
    patterns: [
      re(
        '\\bmeeting\\b|\\bcalendar\\b|\\binvitation:|\\binvite\\b|\\bagenda\\b|\\bjoin (?:zoom|teams|the call|the meeting)\\b|\\bgoogle meet\\b',
      ),
      re('\\bbesprechung\\b|\\beinladung\\b|\\btermin(?:vorschlag|anfrage)?\\b'),
      re(
        '\\breunion\\b|\\brendez-vous\\b|\\bconvocatoria\\b|\\briunione\\b|\\bvergadering\\b|\\bafspraak\\b|\\buitnodiging\\b|\\breuniao\\b|\\bconvite\\b',
      ),
    ],
  },
  {
    id: 'account_security',
    weight: -2.5,
    patterns: [
      re(
        '\\b(?:reset|change|forgot|forgotten|new) (?:your )?password\\b|\\bpassword reset\\b|\\bverify (?:your )?(?:email|account|identity)\\b',
      ),
      re(
        '\\bverification code\\b|\\bone-time (?:code|password)\\b|\\b(?:security|login|sign-in) (?:alert|code)\\b|\\bnew sign-in\\b|\\bconfirm your (?:email|account)\\b',
      ),
      re('\\bpasswort (?:zurucksetzen|vergessen|andern)\\b|\\bbestatigungscode\\b|\\bsicherheitscode\\b'),
      re('\\breinitialis(?:er|ation) (?:de )?(?:votre )?mot de passe\\b|\\bcode de (?:verification|confirmation)\\b'),
      re(
        '\\brestablecer (?:tu |su )?contrasena\\b|\\bcodigo de verificacion\\b|\\breimposta(?:re)? (?:la )?password\\b|\\bcodice di verifica\\b',
      ),
      re(
        '\\bwachtwoord (?:opnieuw instellen|wijzigen|vergeten|resetten)\\b|\\bverificatiecode\\b|\\bredefinir (?:a )?(?:sua )?senha\\b|\\bcodigo de verificacao\\b',
      ),
    ],
  },
  {
    // Phishing and scam mail dressed as a billing problem: a threat to the account and a link to "verify".
    id: 'account_threat',
    weight: -2.5,
    // "suspensión del servicio por impago", "suspension for non-payment": a supplier's last notice before it cuts the
    // service, not a phisher's threat to an account.
    notFollowedBy:
      /^\s*(?:del servicio |du service |of (?:the )?service |des dienstes |del servizio |van de dienst |do servico )?(?:por impago|por falta de pago|for non-?payment|pour (?:non-paiement|impaye)|wegen (?:nichtzahlung|zahlungsverzug)|per (?:mancato pagamento|morosita)|wegens (?:wanbetaling|niet-betaling)|por falta de pagamento)/,
    patterns: [
      re(
        '\\baccount (?:will be |has been |is |was )?(?:temporarily )?(?:suspended|deactivated|blocked|locked|limited|closed)\\b|\\b(?:account )?(?:suspension|deactivation)\\b|\\bverify your (?:account |billing |payment )?(?:details|information)\\b|\\bwithin 24 hours\\b',
      ),
      re(`\\bkonto ${gap(3)}(?:gesperrt|eingeschrankt|deaktiviert)\\b|\\bsperrung\\b|\\binnerhalb von 24 stunden\\b`),
      re(
        '\\bcompte (?:sera |a ete |est )?(?:temporairement )?(?:suspendu|bloque|desactive|restreint)\\b|\\bsuspension (?:de votre|du) compte\\b|\\bdans les 24 heures\\b',
      ),
      re(
        '\\bcuenta (?:sera |ha sido |esta )?(?:temporalmente )?(?:bloqueada|suspendida|restringida)\\b|\\bbloqueo de (?:su|tu) cuenta\\b|\\ben (?:las proximas )?24 horas\\b',
      ),
      re(
        '\\b(?:conto|account) (?:verra |sara |e stato |e )?(?:temporaneamente )?(?:limitato|sospeso|bloccato|disattivato)\\b|\\bentro 24 ore\\b',
      ),
      re(`\\baccount ${gap(2)}(?:geblokkeerd|opgeschort)\\b|\\bbinnen 24 uur\\b`),
      re(
        '\\bconta (?:sera |foi |esta )?(?:temporariamente )?(?:suspensa|bloqueada|desativada)\\b|\\bsuspensao da (?:sua )?conta\\b|\\bnas proximas 24 horas\\b',
      ),
    ],
  },
  {
    // Utility and tax phishing: pay (or "update your details") within hours at a link, or be cut off. Real dunning
    // gives days and a bank account or the supplier's portal; a deadline in hours next to a link is the scam's.
    id: 'pay_link_ultimatum',
    weight: -4.0,
    patterns: [
      re(
        '\\b(?:12|24|48|72) ?(?:hours?|hrs|h|stunden|std|heures|horas|ore|uur)\\b[\\s\\S]{0,200}?https?://|https?://[^ ]{0,200} [\\s\\S]{0,200}?\\b(?:12|24|48|72) ?(?:hours?|hrs|h|stunden|std|heures|horas|ore|uur)\\b',
      ),
    ],
  },
  {
    // Malware dressed as an invoice: the "invoice" is an archive or a program ("Invoice_March.zip",
    // "Rechnung_0348221.pdf.exe", "in the attached archive, password 2026"). A real bill comes as a document.
    id: 'suspicious_file',
    weight: -4.0,
    patterns: [
      re(
        '\\.(?:zip|rar|7z|exe|scr|js|vbs|iso|img|bat|cmd|jar)\\b|\\.(?:pdf|doc|docx|xls|xlsx)\\.(?:exe|scr|js|zip|html?)\\b',
      ),
      re(
        `\\b(?:attached|enclosed) (?:zip|archive|compressed file)\\b|\\b(?:zip|archive|compressed) (?:file|folder|archive)\\b|\\barchive jointe\\b|\\bfichier compresse\\b`,
      ),
      re(
        '\\b(?:gepacktes?|komprimiertes?|zip-?)(?:archiv|datei)\\b|\\barchivo comprimido\\b|\\barchivio compresso\\b|\\bgecomprimeerde? bestand\\b|\\b(?:ficheiro|arquivo) (?:comprimido|compactado)\\b',
      ),
    ],
  },
  {
    // Scam: a "pending invoice" for something never ordered, and a link or number to cancel it.
    id: 'unauthorised_charge',
    weight: -4.0,
    patterns: [
      re(
        "\\bif you did(?: not|n't) (?:make|place|authori[sz]e|order|recogni[sz]e) (?:this|the)\\b|\\bcall our fraud (?:team|department)\\b",
      ),
      re(
        "\\bfalls sie diese (?:bestellung|zahlung) nicht\\b|\\bsi vous n'etes pas a l'origine de cette\\b|\\bsi no ha realizado (?:este|esta) (?:pedido|compra|pago)\\b",
      ),
      re(
        '\\bse non hai effettuato tu\\b|\\bheeft u deze bestelling niet geplaatst\\b|\\bse nao fez (?:esta|este) (?:encomenda|compra|pagamento)\\b',
      ),
    ],
  },
  {
    // Credential phishing: "a document has been shared with you: Invoice-8821.pdf, sign in with your email account".
    id: 'shared_document_phish',
    weight: -4.0,
    patterns: [
      re(
        '\\b(?:document|file)s? (?:has been |was )?shared with you\\b|\\bsign in with your (?:email|e-mail|microsoft|office) (?:account|address|password)\\b',
      ),
      re(
        '\\bdokument (?:wurde )?fur sie freigegeben\\b|\\bmit ihrem e-?mail-?konto an\\b|\\bdocument (?:a ete )?partage avec vous\\b|\\bavec votre compte de messagerie\\b',
      ),
      re(
        '\\bdocumento (?:ha sido )?compartido contigo\\b|\\bcon tu cuenta de correo\\b|\\bdocumento (?:e stato )?condiviso con te\\b|\\bcon il tuo account (?:di )?email\\b',
      ),
      re(
        '\\bdocument (?:is )?met u gedeeld\\b|\\bmet uw e-?mailaccount\\b|\\bdocumento (?:foi )?partilhado consigo\\b|\\bcom a sua conta de (?:e-?mail|email)\\b',
      ),
    ],
  },
  {
    // The writer paid: a remittance, not a bill. (The payee's "payment received" is payment_received, in
    // email-settlement-cues.ts.)
    id: 'payment_made',
    weight: -3.0,
    exclude: NEGATED_CLAUSE,
    // "Trotz Fälligkeit ist bislang keine Zahlung erfolgt": a lawyer's demand, not a payer's word.
    negatable: true,
    conditional: true,
    patterns: [
      re(
        "\\bwe(?: have|'ve) (?:now |today |just )?(?:paid|settled|transferred|remitted|made (?:the|a) payment|initiated (?:the|a) payment)\\b",
      ),
      // The payer answering a reminder: "It's settled now", "that one is paid now", "this has been paid today".
      re(
        "\\b(?:it|that|this|that one|this one)(?:'s| is| has been) (?:now |all |already )?(?:settled|paid)(?: now| today| in full)\\b",
      ),
      re(
        '\\b(?:payment|transfer) (?:has been|was|have been) (?:made|sent|initiated|executed|processed|scheduled)\\b|\\bpayment (?:made|sent|completed)\\b',
      ),
      re(
        '\\bzahlung (?:erfolgt|ausgefuhrt|veranlasst)\\b|\\bpaiement effectue\\b|\\bpago (?:realizado|efectuado)\\b|\\bpagamento (?:effettuato|eseguito|efetuado|realizado)\\b|\\bbetaling (?:verricht|uitgevoerd|voldaan)\\b',
      ),
      re(`\\b(?:haben|wurde|wurden) ${gap(4)}(?:uberwiesen|beglichen|angewiesen)\\b`),
      re('\\bnous avons (?:bien )?(?:effectue|procede|regle|paye|vire)\\b'),
      re('\\bhemos (?:realizado|efectuado|abonado|pagado|transferido)\\b'),
      re('\\babbiamo (?:effettuato|disposto|eseguito|saldato|pagato)\\b'),
      // Dutch puts the participle last, after the date, the amount and the payee: "Vandaag hebben wij de volgende
      // betaling aan u overgemaakt", "Wij hebben vandaag het volgende bedrag aan u overgemaakt" (remittance advices).
      re(
        `\\b(?:(?:hebben|heb) (?:wij|we|ik)|(?:wij|we|ik) (?:hebben|heb)) ${gap(6)}(?:betaald|overgemaakt|voldaan|overgeboekt)\\b`,
      ),
      // Verb last in a clause: "dat wij vandaag het volgende bedrag aan u hebben overgemaakt".
      re(`\\b(?:wij|we|ik) ${gap(6)}(?:hebben|heb) (?:betaald|overgemaakt|voldaan|overgeboekt)\\b`),
      re('\\b(?:efetuamos|realizamos|fizemos) o pagamento\\b'),
      // Paid by us, in the passive: "Onderstaande facturen zijn vandaag door ons betaald", "have been paid by us",
      // "wurden von uns beglichen", "réglées par nos soins", "pagadas por nosotros", "pagate da noi", "pagas por nós".
      re(
        `\\b(?:is|zijn|werd|werden) ${gap(3)}door (?:ons|mij) (?:betaald|voldaan|overgemaakt)\\b|\\b(?:has|have|was|were) (?:now |today )?been (?:paid|settled|transferred|remitted) by us\\b|\\b(?:wurde|wurden|ist|sind) ${gap(3)}von (?:uns|mir) (?:bezahlt|beglichen|uberwiesen|angewiesen)\\b|\\b(?:reglee?s?|payee?s?|virees?) par nos soins\\b|\\b(?:pagad[oa]s?|abonad[oa]s?|transferid[oa]s?) por nosotros\\b|\\b(?:pagat[aei]|saldat[aei]|bonificat[aei]) da (?:noi|parte nostra)\\b|\\b(?:pag[oa]s?|liquidad[oa]s?|transferid[oa]s?) por nos\\b`,
      ),
      // Without the pronoun, as in a quick note ("Hi Molly, just paid the invoice by bank transfer"), and Dutch's
      // passive "je factuur is vandaag betaald".
      re(
        `\\bjust (?:paid|settled|transferred) (?:the|your|it|this|that)\\b|\\b(?:je|uw|de) factuur is ${gap(2)}(?:betaald|overgemaakt|voldaan)\\b`,
      ),
      // A customer's own "transfer sent this morning", "Überweisung ist raus", "le virement a été effectué ce jour",
      // "ya está hecha la transferencia", "ho fatto il bonifico", "heb het net overgemaakt", "já fiz o pagamento".
      re(
        `\\b(?:i|we)(?:'ve| have)? (?:just |now |already )?(?:sent|made|done|wired|transferred) ${gap(3)}(?:payment|transfer|money|full amount)\\b|\\b(?:bank )?(?:transfer|payment|money) (?:sent|made|done|gone (?:out|through))\\b|\\b(?:i|we)(?:'ve| have)? (?:just |now |already |today )?(?:paid|settled) (?:it|this|that|you|this one|that one|the (?:full )?(?:amount|balance|invoice|bill))\\b`,
      ),
      re(
        `\\buberweisung (?:ist |wurde )?${gap(2)}(?:raus|getatigt|ausgefuhrt|veranlasst|erledigt|unterwegs)\\b|\\b(?:habe|hab) ${gap(5)}(?:uberwiesen|bezahlt|angewiesen|beglichen)\\b`,
      ),
      re(
        `\\bvirement ${gap(6)}(?:effectue|fait|parti|envoye|passe)\\b|\\b(?:j'ai|nous avons) (?:bien )?(?:fait|effectue|lance|envoye|passe) (?:le |un )?(?:virement|paiement|reglement)\\b|\\bj'ai (?:bien )?(?:regle|paye|vire)\\b`,
      ),
      re(
        `\\btransferencia ${gap(3)}(?:hecha|realizada|efectuada|enviada|ordenada)\\b|\\b(?:he|hemos|te he|le he|os he) (?:hecho|realizado|efectuado|mandado|enviado|ordenado) (?:la |el |un )?(?:transferencia|pago|bizum|ingreso)\\b|\\bya (?:te |le )?(?:he )?pagad[oa]\\b|\\b(?:te |le |os |les )?(?:hice|hicimos|mandamos|enviamos|realizamos|ordenamos) (?:la |el |un |una )?(?:transferencia|pago|bizum|ingreso)\\b|\\bya (?:te |le |os )?(?:la |lo )?(?:pague|pagamos|abone|abonamos)\\b`,
      ),
      re(
        `\\bbonifico ${gap(3)}(?:effettuato|fatto|disposto|eseguito|partito|inviato)\\b|\\bho (?:gia )?(?:fatto|effettuato|disposto|eseguito|inviato) (?:il )?(?:bonifico|pagamento|saldo)\\b|\\bho (?:gia )?(?:pagato|saldato)\\b`,
      ),
      re(
        `\\bheb (?:het|ik het|je het) ${gap(2)}(?:overgemaakt|betaald)\\b|\\b(?:is|zijn) (?:net |zojuist |vandaag |gisteren )?overgemaakt\\b|\\boverboeking ${gap(3)}(?:gedaan|verstuurd|uitgevoerd)\\b`,
      ),
      re(
        `\\btransferencia ${gap(10)}(?:efetuada|feita|realizada|enviada)\\b|\\b(?:fiz|efetuei|realizei|mandei|enviei) (?:o |a )?(?:pagamento|transferencia|pix|mb way)\\b|\\b(?:ja )?(?:paguei|transferi)\\b|\\bpagamento (?:feito|enviado)\\b`,
      ),
    ],
  },
  {
    // Documents that prove or announce a payment; they often travel with the words "invoice" and "attached".
    id: 'payment_document',
    weight: -2.0,
    // Asked for, not handed over: "Caso o débito já tenha sido quitado, pedimos que nos envie o comprovante", "please
    // send us the proof of payment" (a demand's way out, not a payer's proof).
    notAfter:
      /\b(?:send us|send me|provide|envie|envie-nos|enviem|envienos|mande|mandem|mandenos|schicken sie|senden sie|ubermitteln sie|envoyez|envoyez-nous|transmettez|inviateci|inviarci|inviate|stuur|stuurt|stuur ons)\b/,
    patterns: [
      re(
        '\\bremittance advice\\b|\\bpayment advice\\b|\\bproof of (?:the )?(?:payment|transfer)\\b|\\bpayment confirmation\\b|\\bconfirmation of payment\\b',
      ),
      re(
        '\\bzahlungsavis\\b|\\bzahlungsbestatigung\\b|\\bavis de (?:paiement|virement|reglement)\\b|\\bconfirmation (?:de|du) (?:paiement|virement|reglement)\\b',
      ),
      re(
        '\\baviso de (?:pago|transferencia)\\b|\\b(?:justificante|comprobante) de(?:l| la)? (?:pago|transferencia)\\b|\\bconfirmacion de(?:l)? (?:pago|transferencia)\\b',
      ),
      re(
        '\\bavviso di (?:pagamento|bonifico)\\b|\\bcontabile (?:del )?bonifico\\b|\\bconferma (?:di |del )?(?:pagamento|bonifico)\\b',
      ),
      re(
        '\\bbeta(?:lings|al)advies\\b|\\bbeta(?:al|lings)bevestiging\\b|\\baviso de pagamento\\b|\\bcomprova(?:tivo|nte) d[aeo] (?:pagamento|transferencia)\\b|\\bconfirmacao (?:de|do) (?:pagamento|transferencia)\\b',
      ),
      // The payer's proof of a transfer: "screenshot of the bank confirmation", "Überweisungsbeleg", "avis d'opéré",
      // "justificante del banco", "la contabile", "o comprovativo / comprovante".
      re(
        "\\bscreenshot of the (?:bank |payment |transfer )?(?:confirmation|transfer|payment)\\b|\\bbank confirmation\\b|\\buberweisungs(?:beleg|bestatigung|nachweis)\\b|\\bzahlungsnachweis\\b|\\bavis d'opere\\b|\\b(?:justificatif|preuve) de (?:paiement|virement)\\b",
      ),
      re(
        '\\bjustificante (?:del banco|bancario)\\b|\\b(?:la|trova|allego|allegata|in allegato la) contabile\\b|\\b(?:o|segue|mando|envio|junto) (?:o )?comprova(?:tivo|nte)\\b',
      ),
    ],
  },
  {
    id: 'not_an_invoice',
    weight: -3.0,
    patterns: [
      re(
        `\\b(?:this|it) is not an? ${gap(1)}(?:invoice|bill)\\b|\\bnot a (?:tax |vat )?invoice\\b|\\bnot valid as (?:an )?invoice\\b`,
      ),
      re(
        "\\b(?:ist )?keine rechnung\\b|\\bn'est pas une facture\\b|\\bne constitue pas une facture\\b|\\bno es una factura\\b|\\bno constituye (?:una )?factura\\b",
      ),
      re(
        '\\bnon e una fattura\\b|\\bnon costituisce fattura\\b|\\bis geen factuur\\b|\\bnao (?:e|constitui) (?:uma )?(?:fatura|nota fiscal)\\b',
      ),
    ],
  },
  {
    id: 'purchase_order',
    weight: -1.0,
    patterns: [
      re(
        '\\bpurchase orders?\\b|\\bbestellung\\b|\\bbestellschein\\b|\\bbon de commande\\b|\\bnotre commande\\b|\\borden de compra\\b|\\bnuestro pedido\\b',
      ),
      re(
        "\\bordine (?:d'|di )acquisto\\b|\\bnostro ordine\\b|\\binkooporder\\b|\\bbestelbon\\b|\\bonze bestelling\\b|\\bnota de encomenda\\b|\\b(?:ordem|pedido) de compra\\b",
      ),
    ],
  },
  {
    id: 'invoice_dispute',
    weight: -1.5,
    patterns: [
      re(
        '\\b(?:invoice|bill)(?: [^ ]{0,20}\\d[^ ]{0,20})? (?:is|seems|appears|was) (?:incorrect|wrong|too high)\\b|\\b(?:incorrect|wrong|duplicate) (?:invoice|amount|bill)\\b',
      ),
      re(
        '\\bplease (?:correct|cancel|credit|reissue|re-issue|amend)\\b|\\bwe (?:dispute|cannot accept|do not accept|reject)\\b|\\bdispute\\b',
      ),
      re(
        '\\b(?:rechnung|betrag)(?: [^ ]{0,20}\\d[^ ]{0,20})? (?:ist|scheint) (?:leider )?(?:falsch|fehlerhaft|nicht korrekt)\\b|\\bfehlerhafte rechnung\\b|\\bbitte (?:korrigieren|stornieren)\\b|\\bwiderspruch\\b|\\breklamation\\b|\\bbeanstand',
      ),
      re(
        '\\bfacture(?: [^ ]{0,20}\\d[^ ]{0,20})? (?:est )?(?:erronee|incorrecte)\\b|\\bmerci de (?:corriger|rectifier|annuler)\\b|\\bcontest(?:er|ons|ation)\\b',
      ),
      re(
        '\\bfactura(?: [^ ]{0,20}\\d[^ ]{0,20})? (?:es )?(?:incorrecta|erronea)\\b|\\b(?:corrijan|rectifiquen|anulen)\\b|\\breclamacion\\b',
      ),
      re(
        '\\bfattura(?: [^ ]{0,20}\\d[^ ]{0,20})? (?:e )?(?:errata|sbagliata|non corretta)\\b|\\b(?:correggere|stornare|annullare) la fattura\\b|\\bcontestazione\\b|\\breclamo\\b',
      ),
      re(
        '\\bfactuur(?: [^ ]{0,20}\\d[^ ]{0,20})? (?:klopt niet|is onjuist|is niet correct|bevat een fout)\\b|\\bonjuiste factuur\\b',
      ),
      re(
        '\\bfatura(?: [^ ]{0,20}\\d[^ ]{0,20})? (?:esta )?(?:incorreta|errada)\\b|\\b(?:corrigir|cancelar|anular) a fatura\\b|\\breclamacao\\b',
      ),
      // The payer will not book the bill as it stands: "we can't approve invoice 3306", "non riconosciamo l'addebito",
      // "la dejamos retenida", and asks for a corrected bill or a credit note instead of paying ("could you reissue
      // it", "¿nos podéis enviar una rectificativa?", "vi chiediamo una nota di credito").
      re(
        "\\b(?:can't|cannot|can not|won't|are unable to|unable to) (?:approve|accept|process|pay) (?:this |the |your )?(?:invoice|bill|it)\\b|\\b(?:could|can|would) you (?:please )?(?:reissue|re-issue|correct|amend|revise) (?:it|the invoice|this invoice|the bill)\\b|\\bsend us (?:a )?(?:corrected|revised|amended) (?:invoice|bill)\\b|\\bsend us a credit (?:note|memo)\\b",
      ),
      re(
        `\\b(?:konnen|werden) (?:die |diese |ihre )?rechnung ${gap(3)}nicht (?:freigeben|akzeptieren|anerkennen|begleichen)\\b|\\b(?:senden|schicken|stellen) sie uns ${gap(2)}(?:korrigierte rechnung|gutschrift)\\b|\\bbitten (?:wir )?(?:sie )?um (?:eine )?(?:korrigierte rechnung|rechnungskorrektur|gutschrift)\\b`,
      ),
      re(
        '\\bne (?:pouvons|pourrons) pas (?:valider|accepter|regler|payer) (?:cette |la |votre )?facture\\b|\\bnous (?:envoyer|adresser|faire parvenir|etablir) (?:un avoir|une facture (?:rectificative|corrigee))\\b',
      ),
      re(
        '\\bnos (?:podeis|puede|pueden|podrian|podrias|podria) (?:enviar|emitir|mandar|hacer) (?:una )?(?:factura )?(?:rectificativa|corregida|abono)\\b|\\b(?:enviarnos|emitirnos|mandarnos) (?:una )?(?:factura )?(?:rectificativa|corregida|abono)\\b|\\bno corresponden? (?:al|con el|con lo|a lo) (?:pactado|acordado|presupuestado)\\b|\\b(?:la )?(?:dejamos|mantenemos) retenida\\b|\\bno podemos (?:aceptar|aprobar|pagar) (?:la |esta )?factura\\b',
      ),
      re(
        "\\bnon riconosciamo\\b|\\b(?:vi |le )?chiediamo (?:una |l'emissione di una )?(?:nota di credito|fattura corretta|storno)\\b|\\bnon possiamo (?:accettare|approvare|pagare) (?:la |questa )?fattura\\b|\\b(?:inviarci|mandarci|emetterci) (?:una )?(?:nota di credito|fattura corretta)\\b",
      ),
      re(
        `\\bkunnen ${gap(3)}niet (?:goedkeuren|accepteren|betalen)\\b|\\b(?:stuur|stuurt|sturen) ${gap(2)}ons (?:een )?(?:creditnota|gecorrigeerde factuur)\\b|\\bons (?:een )?(?:creditnota|gecorrigeerde factuur) (?:sturen|toesturen)\\b`,
      ),
      re(
        '\\bnao (?:podemos )?(?:aceitar|aprovar|reconhecer|reconhecemos) (?:a |esta |essa )?(?:fatura|cobranca)\\b|\\bnao reconhecemos\\b|\\b(?:enviar-nos|emitir-nos|mandar-nos) (?:uma )?(?:nota de credito|fatura (?:retificativa|corrigida))\\b',
      ),
    ],
  },
  {
    id: 'delivery_document',
    weight: -0.8,
    patterns: [
      re(
        '\\blieferschein\\b|\\bdelivery note\\b|\\bpacking (?:slip|list)\\b|\\bbon de livraison\\b|\\balbaran\\b|\\bdocumento di trasporto\\b|\\bddt\\b|\\bpakbon\\b|\\bguia de remessa\\b',
      ),
    ],
  },
  {
    id: 'bank_statement',
    weight: -2.0,
    patterns: [
      re(
        '\\b(?:bank|account|card|credit card) statement\\b|\\bkontoauszug\\b|\\breleve (?:de compte|bancaire)\\b|\\bextracto (?:bancario|de cuenta)\\b',
      ),
      re('\\bestratto conto\\b|\\brekeningafschrift\\b|\\bextrato (?:bancario|de conta)\\b'),
    ],
  },
];
