// Words the second author's layouts print beyond bench/synth/words.ts: party headings side by side, a letter's
// subject and salutation, credit notes, a VAT summary, a till's payment and tax-letter lines, many-date headers.
// Kept apart so the first author's layouts (and what their seeds generate) do not change; typed
// Record<Language, ...> so a language added without every word list fails to compile.
import type { Language } from './words.js';

export interface SecondWords {
  /** Headings of the vendor's and the buyer's block when both stand side by side. */
  fromHeading: readonly string[];
  toHeading: readonly string[];
  /** Label of a VAT id under a party. */
  partyVatId: readonly string[];
  /** Hourly service tables. */
  hours: readonly string[];
  rate: readonly string[];
  balanceDue: readonly string[];
  amountPaid: readonly string[];
  notesHeading: readonly string[];
  notes: readonly string[];
  paymentHeading: readonly string[];
  /** `{iban}` and `{email}` are replaced. */
  paymentLines: readonly string[];
  /** A letter's subject; `{number}` is replaced. */
  subject: readonly string[];
  salutation: readonly string[];
  introduction: readonly string[];
  closing: readonly string[];
  contactPerson: readonly string[];
  /** "zzgl. 19 % MwSt."; `{rate}` is replaced. */
  plusTax: readonly string[];
  netAmount: readonly string[];
  grossTotal: readonly string[];
  /** Multi-rate invoices: the total of every rate's tax and the summary table's headings. */
  taxTotal: readonly string[];
  summaryRate: readonly string[];
  summaryNet: readonly string[];
  summaryTax: readonly string[];
  summaryGross: readonly string[];
  /** The sum row of a till's tax table ("Summe"): never the words of the amount to pay. */
  taxTableSum: readonly string[];
  /** Credit notes. */
  creditTitle: readonly string[];
  creditNumber: readonly string[];
  originalInvoice: readonly string[];
  originalDate: readonly string[];
  creditReason: readonly string[];
  creditTotal: readonly string[];
  refund: readonly string[];
  /** Receipts with the date, time and number at the bottom. */
  sum: readonly string[];
  card: readonly string[];
  till: readonly string[];
  cashier: readonly string[];
  time: readonly string[];
  receiptNumber: readonly string[];
  /** Many-date headers. */
  orderDate: readonly string[];
  deliveryAddress: readonly string[];
  /** The legal line of a footer: registered office and register number. */
  registered: readonly string[];
}

export const SECOND_WORDS: Record<Language, SecondWords> = {
  en: {
    fromHeading: ['From', 'Seller', 'Supplier'],
    toHeading: ['To', 'Buyer', 'Customer'],
    partyVatId: ['VAT No.', 'VAT ID', 'Tax ID'],
    hours: ['Hrs', 'Hours', 'Hrs.'],
    rate: ['Rate', 'Hourly Rate', 'Rate/hr'],
    balanceDue: ['Balance Due', 'Amount Due', 'Total Due'],
    amountPaid: ['Amount Paid', 'Paid to date', 'Payments'],
    notesHeading: ['Notes', 'Note'],
    notes: ['Thank you for your business!', 'It was a pleasure working with you.'],
    paymentHeading: ['Payment Instructions', 'How to pay', 'Payment details'],
    paymentLines: ['Bank transfer to IBAN {iban}', 'PayPal: {email}', 'Please include the invoice number.'],
    subject: ['Invoice No. {number}', 'Invoice {number}'],
    salutation: ['Dear Sir or Madam,', 'Dear Customer,'],
    introduction: ['We hereby invoice the following goods and services:', 'Thank you for your order. We charge:'],
    closing: ['Yours faithfully,', 'Kind regards,'],
    contactPerson: ['Contact', 'Your contact'],
    plusTax: ['plus VAT {rate}', 'VAT {rate}'],
    netAmount: ['Net amount', 'Total net'],
    grossTotal: ['Total amount', 'Invoice total', 'Total'],
    taxTotal: ['Total VAT', 'VAT total'],
    summaryRate: ['VAT rate', 'Rate'],
    summaryNet: ['Net', 'Net amount'],
    summaryTax: ['VAT', 'VAT amount'],
    summaryGross: ['Gross', 'Gross amount'],
    taxTableSum: ['Total', 'Sum'],
    creditTitle: ['CREDIT NOTE', 'Credit Note', 'Credit Memo'],
    creditNumber: ['Credit Note No.', 'Credit note #', 'Credit Memo No.'],
    originalInvoice: ['Original invoice', 'Relates to invoice', 'Ref. invoice'],
    originalDate: ['Invoice date', 'Original invoice date'],
    creditReason: ['Credit for returned goods.', 'Credit for a billing error on the invoice above.'],
    creditTotal: ['Total credit', 'Credit total', 'Amount credited'],
    refund: ['The amount will be refunded to your account.', 'This credit will be set off against your next invoice.'],
    sum: ['TOTAL', 'BALANCE', 'TOTAL DUE'],
    card: ['VISA', 'Card', 'DEBIT CARD'],
    till: ['Till', 'Reg', 'Lane'],
    cashier: ['Cashier', 'Op'],
    time: ['Time'],
    receiptNumber: ['Receipt No.', 'Trans', 'Receipt #'],
    orderDate: ['Order date', 'Date ordered'],
    deliveryAddress: ['Delivery address', 'Ship to', 'Deliver to'],
    registered: ['Registered in England and Wales No. {n}', 'Company No. {n}'],
  },
  de: {
    fromHeading: ['Verkäufer', 'Lieferant', 'Von'],
    toHeading: ['Käufer', 'Kunde', 'An'],
    partyVatId: ['USt-IdNr.', 'USt-ID'],
    hours: ['Std.', 'Stunden'],
    rate: ['Stundensatz', 'Satz'],
    balanceDue: ['Offener Betrag', 'Zu zahlen'],
    amountPaid: ['Bereits bezahlt', 'Anzahlung'],
    notesHeading: ['Hinweise', 'Anmerkungen'],
    notes: ['Vielen Dank für Ihren Auftrag!', 'Wir danken für die gute Zusammenarbeit.'],
    paymentHeading: ['Zahlungsinformationen', 'Bankverbindung'],
    paymentLines: ['Überweisung auf IBAN {iban}', 'Fragen: {email}', 'Bitte geben Sie die Rechnungsnummer an.'],
    subject: ['Rechnung Nr. {number}', 'Rechnung {number}'],
    salutation: ['Sehr geehrte Damen und Herren,', 'Guten Tag,'],
    introduction: [
      'wir erlauben uns, Ihnen folgende Leistungen in Rechnung zu stellen:',
      'vielen Dank für Ihren Auftrag. Wir berechnen Ihnen:',
    ],
    closing: ['Mit freundlichen Grüßen', 'Freundliche Grüße'],
    contactPerson: ['Ihr Ansprechpartner', 'Bearbeiter'],
    plusTax: ['zzgl. {rate} MwSt.', 'zzgl. USt. {rate}', 'MwSt. {rate}'],
    netAmount: ['Nettobetrag', 'Summe netto', 'Warenwert netto'],
    grossTotal: ['Gesamtbetrag', 'Rechnungsbetrag', 'Endbetrag'],
    taxTotal: ['MwSt. gesamt', 'Summe MwSt.', 'Umsatzsteuer gesamt'],
    summaryRate: ['MwSt.-Satz', 'Steuersatz'],
    summaryNet: ['Netto', 'Nettobetrag'],
    summaryTax: ['MwSt.', 'Steuer'],
    summaryGross: ['Brutto', 'Bruttobetrag'],
    taxTableSum: ['Summe', 'Gesamt'],
    creditTitle: ['GUTSCHRIFT', 'Gutschrift', 'Rechnungskorrektur'],
    creditNumber: ['Gutschrift-Nr.', 'Gutschriftsnummer', 'Beleg-Nr.'],
    originalInvoice: ['Bezug: Rechnung Nr.', 'Zu Rechnung', 'Ursprungsrechnung'],
    originalDate: ['vom', 'Rechnungsdatum'],
    creditReason: ['Gutschrift für zurückgesandte Ware.', 'Korrektur einer fehlerhaften Berechnung.'],
    creditTotal: ['Gutschriftsbetrag', 'Gesamtbetrag Gutschrift'],
    refund: ['Der Betrag wird Ihrem Konto gutgeschrieben.', 'Wir verrechnen den Betrag mit Ihrer nächsten Rechnung.'],
    sum: ['SUMME', 'SUMME EUR', 'ZU ZAHLEN'],
    card: ['Kartenzahlung', 'EC-Karte', 'Girocard'],
    till: ['Kasse', 'Kasse Nr.'],
    cashier: ['Bed.', 'Kassierer'],
    time: ['Uhrzeit', 'Zeit'],
    receiptNumber: ['Bon-Nr.', 'Beleg-Nr.', 'Bon'],
    orderDate: ['Bestelldatum', 'Auftragsdatum'],
    deliveryAddress: ['Lieferadresse', 'Lieferanschrift'],
    registered: ['Amtsgericht Köln HRB {n}', 'Registergericht München HRB {n}'],
  },
  fr: {
    fromHeading: ['Fournisseur', 'Vendeur', 'Émetteur'],
    toHeading: ['Client', 'Acheteur', 'Destinataire'],
    partyVatId: ['N° TVA', 'TVA intracom.'],
    hours: ['Heures', 'H'],
    rate: ['Taux horaire', 'Taux'],
    balanceDue: ['Reste à payer', 'Net à payer', 'Solde dû'],
    amountPaid: ['Acompte versé', 'Déjà réglé'],
    notesHeading: ['Notes', 'Remarques'],
    notes: ['Merci pour votre confiance.', 'Au plaisir de travailler à nouveau avec vous.'],
    paymentHeading: ['Modalités de paiement', 'Coordonnées bancaires'],
    paymentLines: ['Virement sur IBAN {iban}', 'Contact : {email}', 'Merci de rappeler le numéro de facture.'],
    subject: ['Facture n° {number}', 'Objet : facture {number}'],
    salutation: ['Madame, Monsieur,'],
    introduction: ['Nous vous prions de trouver ci-dessous le détail de nos prestations :'],
    closing: ['Veuillez agréer nos salutations distinguées.', 'Cordialement,'],
    contactPerson: ['Votre contact', 'Interlocuteur'],
    plusTax: ['TVA {rate}', 'TVA à {rate}'],
    netAmount: ['Total HT', 'Montant HT'],
    grossTotal: ['Total TTC', 'Montant TTC', 'Net à payer'],
    taxTotal: ['Total TVA', 'Montant total TVA'],
    summaryRate: ['Taux TVA', 'Taux'],
    summaryNet: ['Base HT', 'HT'],
    summaryTax: ['TVA', 'Montant TVA'],
    summaryGross: ['TTC', 'Montant TTC'],
    taxTableSum: ['Total', 'Totaux'],
    creditTitle: ['AVOIR', 'Avoir', 'Facture d’avoir'],
    creditNumber: ['Avoir n°', 'N° d’avoir'],
    originalInvoice: ['Facture d’origine', 'Réf. facture', 'Sur facture n°'],
    originalDate: ['du', 'Date facture'],
    creditReason: ['Avoir pour retour de marchandise.', 'Avoir suite à une erreur de facturation.'],
    creditTotal: ['Total avoir TTC', 'Montant de l’avoir'],
    refund: ['Ce montant vous sera remboursé par virement.', 'Cet avoir sera déduit de votre prochaine facture.'],
    sum: ['TOTAL', 'TOTAL TTC', 'A PAYER'],
    card: ['CB', 'Carte bancaire', 'CB SANS CONTACT'],
    till: ['Caisse'],
    cashier: ['Caissier', 'Hôte'],
    time: ['Heure'],
    receiptNumber: ['Ticket', 'N° ticket', 'Ticket n°'],
    orderDate: ['Date de commande', 'Commande du'],
    deliveryAddress: ['Adresse de livraison', 'Livrer à'],
    registered: ['RCS Lyon {n}', 'SIRET {n}'],
  },
  es: {
    fromHeading: ['Emisor', 'Proveedor', 'Vendedor'],
    toHeading: ['Cliente', 'Receptor', 'Comprador'],
    partyVatId: ['NIF', 'CIF'],
    hours: ['Horas', 'H.'],
    rate: ['Tarifa', 'Precio/hora'],
    balanceDue: ['Total a pagar', 'Importe pendiente'],
    amountPaid: ['Pagado', 'Anticipo'],
    notesHeading: ['Notas', 'Observaciones'],
    notes: ['Gracias por su confianza.', 'Quedamos a su disposición.'],
    paymentHeading: ['Forma de pago', 'Datos bancarios'],
    paymentLines: ['Transferencia a IBAN {iban}', 'Consultas: {email}', 'Indique el número de factura.'],
    subject: ['Factura nº {number}', 'Asunto: factura {number}'],
    salutation: ['Estimados señores:', 'Estimado cliente:'],
    introduction: ['Les facturamos los siguientes servicios:'],
    closing: ['Atentamente,', 'Un saludo,'],
    contactPerson: ['Contacto', 'Atendido por'],
    plusTax: ['IVA {rate}', 'más IVA {rate}'],
    netAmount: ['Base imponible', 'Total neto'],
    grossTotal: ['Total factura', 'Importe total', 'Total'],
    taxTotal: ['Total IVA', 'Cuota IVA total'],
    summaryRate: ['Tipo IVA', 'Tipo'],
    summaryNet: ['Base', 'Base imponible'],
    summaryTax: ['Cuota', 'IVA'],
    summaryGross: ['Total', 'Bruto'],
    taxTableSum: ['Total', 'Suma'],
    creditTitle: ['FACTURA RECTIFICATIVA', 'Nota de crédito', 'Abono'],
    creditNumber: ['Nº rectificativa', 'Nº de abono'],
    originalInvoice: ['Factura rectificada', 'Ref. factura'],
    originalDate: ['de fecha', 'Fecha factura'],
    creditReason: ['Abono por devolución de mercancía.', 'Rectificación por error de facturación.'],
    creditTotal: ['Total abono', 'Importe abonado'],
    refund: ['El importe se abonará en su cuenta.', 'Se descontará de su próxima factura.'],
    sum: ['TOTAL', 'TOTAL A PAGAR', 'TOTAL EUR'],
    card: ['Tarjeta', 'TARJETA CREDITO', 'Pago con tarjeta'],
    till: ['Caja', 'TPV'],
    cashier: ['Cajero', 'Le atendió'],
    time: ['Hora'],
    receiptNumber: ['Ticket nº', 'Nº ticket', 'Factura simplificada'],
    orderDate: ['Fecha de pedido', 'Pedido del'],
    deliveryAddress: ['Dirección de entrega', 'Enviar a'],
    registered: ['Registro Mercantil de Madrid, hoja {n}', 'Inscrita en el R.M. de Valencia, tomo {n}'],
  },
  it: {
    fromHeading: ['Cedente', 'Fornitore', 'Mittente'],
    toHeading: ['Cessionario', 'Cliente', 'Destinatario'],
    partyVatId: ['P.IVA', 'Partita IVA'],
    hours: ['Ore', 'H'],
    rate: ['Tariffa', 'Tariffa oraria'],
    balanceDue: ['Totale da pagare', 'Netto a pagare'],
    amountPaid: ['Acconto', 'Già pagato'],
    notesHeading: ['Note', 'Annotazioni'],
    notes: ['Grazie per la fiducia.', 'Restiamo a disposizione per chiarimenti.'],
    paymentHeading: ['Modalità di pagamento', 'Coordinate bancarie'],
    paymentLines: ['Bonifico su IBAN {iban}', 'Informazioni: {email}', 'Indicare il numero di fattura.'],
    subject: ['Fattura n. {number}', 'Oggetto: fattura {number}'],
    salutation: ['Spettabile cliente,', 'Gentili signori,'],
    introduction: ['con la presente Vi addebitiamo quanto segue:'],
    closing: ['Distinti saluti', 'Cordiali saluti'],
    contactPerson: ['Referente', 'Vostro contatto'],
    plusTax: ['IVA {rate}', 'più IVA {rate}'],
    netAmount: ['Imponibile', 'Totale imponibile'],
    grossTotal: ['Totale documento', 'Totale fattura', 'Totale'],
    taxTotal: ['Totale IVA', 'Totale imposta'],
    summaryRate: ['Aliquota', 'Aliq. IVA'],
    summaryNet: ['Imponibile', 'Netto'],
    summaryTax: ['Imposta', 'IVA'],
    summaryGross: ['Totale', 'Lordo'],
    taxTableSum: ['Totale', 'Tot.'],
    creditTitle: ['NOTA DI CREDITO', 'Nota di credito'],
    creditNumber: ['Nota di credito n.', 'N. nota'],
    originalInvoice: ['Rif. fattura', 'Fattura di riferimento'],
    originalDate: ['del', 'Data fattura'],
    creditReason: ['Storno per merce resa.', 'Rettifica per errata fatturazione.'],
    creditTotal: ['Totale nota di credito', 'Importo stornato'],
    refund: ['L’importo sarà rimborsato sul Vostro conto.', 'L’importo sarà compensato con la prossima fattura.'],
    sum: ['TOTALE', 'TOTALE EURO', 'TOTALE COMPLESSIVO'],
    card: ['Pagamento elettronico', 'Bancomat', 'Carta di credito'],
    till: ['Cassa', 'RT'],
    cashier: ['Operatore', 'Cassiere'],
    time: ['Ora'],
    receiptNumber: ['Documento n.', 'Scontrino n.', 'DOC. N.'],
    orderDate: ['Data ordine', 'Ordine del'],
    deliveryAddress: ['Luogo di consegna', 'Destinazione merce'],
    registered: ['REA MI-{n}', 'Registro Imprese di Torino n. {n}'],
  },
  nl: {
    fromHeading: ['Verkoper', 'Leverancier', 'Van'],
    toHeading: ['Koper', 'Klant', 'Aan'],
    partyVatId: ['Btw-nr.', 'BTW-nummer'],
    hours: ['Uren', 'Uur'],
    rate: ['Tarief', 'Uurtarief'],
    balanceDue: ['Te betalen', 'Openstaand bedrag'],
    amountPaid: ['Reeds betaald', 'Aanbetaling'],
    notesHeading: ['Opmerkingen', 'Notities'],
    notes: ['Bedankt voor uw opdracht!', 'Wij danken u voor de prettige samenwerking.'],
    paymentHeading: ['Betaalinstructies', 'Bankgegevens'],
    paymentLines: ['Overmaken naar IBAN {iban}', 'Vragen: {email}', 'Vermeld het factuurnummer.'],
    subject: ['Factuur nr. {number}', 'Betreft: factuur {number}'],
    salutation: ['Geachte heer, mevrouw,', 'Beste klant,'],
    introduction: ['Hierbij brengen wij u de volgende werkzaamheden in rekening:'],
    closing: ['Met vriendelijke groet,', 'Hoogachtend,'],
    contactPerson: ['Contactpersoon', 'Behandeld door'],
    plusTax: ['BTW {rate}', 'vermeerderd met BTW {rate}'],
    netAmount: ['Totaal excl. BTW', 'Netto bedrag'],
    grossTotal: ['Totaal incl. BTW', 'Totaalbedrag', 'Te betalen'],
    taxTotal: ['Totaal BTW', 'BTW totaal'],
    summaryRate: ['BTW-tarief', 'Tarief'],
    summaryNet: ['Grondslag', 'Netto'],
    summaryTax: ['BTW', 'BTW-bedrag'],
    summaryGross: ['Bruto', 'Totaal'],
    taxTableSum: ['Totaal', 'Som'],
    creditTitle: ['CREDITNOTA', 'Creditfactuur', 'Creditnota'],
    creditNumber: ['Creditnotanummer', 'Creditnota nr.'],
    originalInvoice: ['Betreft factuur', 'Oorspronkelijke factuur'],
    originalDate: ['van', 'Factuurdatum'],
    creditReason: ['Creditering voor geretourneerde goederen.', 'Correctie van een factuurfout.'],
    creditTotal: ['Totaal credit', 'Te crediteren'],
    refund: ['Het bedrag wordt op uw rekening teruggestort.', 'Wij verrekenen dit met uw volgende factuur.'],
    sum: ['TOTAAL', 'TE BETALEN', 'TOTAAL EUR'],
    card: ['PIN', 'Pinbetaling', 'Maestro'],
    till: ['Kassa', 'Kassa nr.'],
    cashier: ['Kassier', 'Medewerker'],
    time: ['Tijd'],
    receiptNumber: ['Bonnr.', 'Bon', 'Transactie'],
    orderDate: ['Besteldatum', 'Orderdatum'],
    deliveryAddress: ['Afleveradres', 'Leveradres'],
    registered: ['KvK {n}', 'KvK-nummer {n}'],
  },
};
