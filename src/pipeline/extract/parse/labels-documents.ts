// Label variants for document references and dates, in en/de/fr/es/it/nl. Written as printed (accents, dots,
// hyphens); the matcher normalizes both sides, so "Rechnungs-Nr.", "Rechnungsnr" and "RECHNUNGS NR" are one label.
import { combine, type LabelSpec } from './label-fields.js';

const NUMBER_WORDS_EN = ['number', 'no', 'nr', 'num', '#', 'id'];

export const DOCUMENT_LABELS: readonly LabelSpec[] = [
  {
    field: 'invoice_number',
    variants: {
      en: [
        ...combine(['invoice', 'inv', 'bill', 'tax invoice', 'credit note', 'credit memo'], NUMBER_WORDS_EN),
        'invoice ref', 'invoice reference', 'number of invoice',
      ],
      de: [
        'Rechnungsnummer', 'Rechnungsnr.', 'Rechnung Nr.', 'Rechnungs-Nr.', 'Rechnung Nummer', 'Re.-Nr.',
        'Rechnung No.', 'Gutschriftsnummer', 'Gutschriftnummer', 'Gutschrift Nr.', 'Korrekturrechnung Nr.',
      ],
      fr: [
        'Numéro de facture', 'Numéro facture', 'N° de facture', 'N° facture', 'Facture N°', 'Facture numéro',
        'Num. facture', 'Référence facture', "Numéro d'avoir", 'Avoir N°', 'Facture n°',
      ],
      es: [
        'Número de factura', 'Número factura', 'Nº de factura', 'Nº factura', 'N.º de factura', 'Factura Nº',
        'Factura número', 'Núm. factura', 'Nro. factura', 'Factura Nro.', 'No. de factura', 'Factura N.',
        'Número de abono',
      ],
      it: [
        'Numero fattura', 'Numero della fattura', 'Numero di fattura', 'N. fattura', 'Nr. fattura', 'Fattura n.',
        'Fattura nr.', 'Fattura numero', 'Num. fattura', 'N° fattura', 'Nota di credito n.',
      ],
      nl: [
        'Factuurnummer', 'Factuur nummer', 'Factuurnr.', 'Factuur nr.', 'Factuur no.', 'Nummer factuur',
        'Creditnotanummer', 'Creditnota nummer',
      ],
    },
  },
  {
    field: 'invoice_number',
    weight: 0.7,
    variants: {
      en: ['document number', 'document no', 'doc no', 'reference number'],
      de: ['Belegnummer', 'Beleg-Nr.', 'Dokumentnummer', 'Dokument-Nr.'],
      fr: ['Numéro de document', 'N° de pièce'],
      es: ['Número de documento', 'Nº documento'],
      it: ['Numero documento', 'N. documento', 'Documento n.'],
      nl: ['Documentnummer', 'Document nr.'],
    },
  },
  {
    field: 'invoice_date',
    variants: {
      en: [
        'invoice date', 'date of invoice', 'invoice dt', 'date issued', 'issue date', 'date of issue', 'issued on',
        'billing date', 'bill date', 'credit note date',
      ],
      de: [
        'Rechnungsdatum', 'Rechnungs-Datum', 'Datum der Rechnung', 'Re.-Datum', 'Ausstellungsdatum', 'Ausgestellt am',
        'Gutschriftsdatum', 'Rechnung vom',
      ],
      fr: [
        'Date de facture', 'Date facture', 'Date de facturation', "Date d'émission", 'Émise le', 'Date de la facture',
        'Facturé le', "Date de l'avoir",
      ],
      es: ['Fecha de factura', 'Fecha factura', 'Fecha de emisión', 'Fecha emisión', 'Fecha de expedición',
        'Fecha de la factura'],
      it: ['Data fattura', 'Data della fattura', 'Data di emissione', 'Data emissione'],
      nl: ['Factuurdatum', 'Factuur datum', 'Datum factuur', 'Uitgiftedatum'],
    },
  },
  {
    field: 'invoice_date',
    weight: 0.8,
    variants: {
      en: ['tax point date', 'document date'],
      de: ['Belegdatum', 'Beleg-Datum', 'Dokumentdatum'],
      fr: ['Date du document'],
      es: ['Fecha del documento'],
      it: ['Data documento', 'Data doc.'],
      nl: ['Documentdatum'],
    },
  },
  {
    field: 'invoice_date',
    weight: 0.6,
    variants: { en: ['date', 'dated'], de: ['Datum'], fr: ['Date'], es: ['Fecha'], it: ['Data'], nl: ['Datum'] },
  },
  {
    field: 'due_date',
    variants: {
      en: [
        'due date', 'payment due date', 'payment due', 'date due', 'due by', 'due on', 'pay by', 'payable by',
        'payable until', 'please pay by', 'pay until', 'remit until', 'please remit until', 'invoice due date',
      ],
      de: [
        'Fälligkeitsdatum', 'Fällig am', 'Fällig bis', 'Fälligkeit', 'Zahlbar bis', 'Zahlbar bis zum', 'Zahlbar am',
        'Fälligkeitstermin',
      ],
      fr: [
        "Date d'échéance", 'Échéance', 'Date limite de paiement', 'À payer avant le', 'Payable avant le',
        'Payable le', "Date d'exigibilité", 'À régler avant le', 'Date limite de règlement',
      ],
      es: ['Fecha de vencimiento', 'Fecha vencimiento', 'Vencimiento', 'Fecha límite de pago', 'Vence el',
        'Pagar antes de'],
      it: ['Data scadenza', 'Data di scadenza', 'Scadenza', 'Scadenza pagamento', 'Da pagare entro',
        'Pagamento entro'],
      nl: ['Vervaldatum', 'Vervaldag', 'Uiterste betaaldatum', 'Te betalen voor', 'Betalen voor',
        'Uiterlijk betalen op'],
    },
  },
  {
    field: 'due_date',
    weight: 0.6,
    variants: {
      en: ['due', 'payment date'],
      de: ['Zahlungsziel', 'Zahlungsfrist', 'Fällig'],
      fr: ['Date de paiement'],
      es: ['Fecha de pago'],
      it: ['Data pagamento'],
      nl: ['Betaaldatum'],
    },
  },
  {
    field: 'delivery_date',
    variants: {
      en: ['delivery date', 'date of delivery', 'ship date', 'shipping date', 'service date', 'date of supply',
        'supply date', 'delivery note date'],
      de: ['Lieferdatum', 'Leistungsdatum', 'Liefer- bzw. Leistungsdatum', 'Liefer-/Leistungsdatum',
        'Lieferscheindatum', 'Lieferschein-Datum', 'Leistungszeitraum', 'Lieferzeitraum', 'Datum der Lieferung',
        'Liefer- und Leistungsdatum'],
      fr: ['Date de livraison', 'Date de prestation', 'Livré le', "Date d'expédition"],
      es: ['Fecha de entrega', 'Fecha de envío', 'Fecha de servicio', 'Fecha de prestación'],
      it: ['Data di consegna', 'Data consegna', 'Data spedizione', 'Data di spedizione'],
      nl: ['Leverdatum', 'Leveringsdatum', 'Afleverdatum', 'Datum levering', 'Verzenddatum'],
    },
  },
  {
    // The start and end of the invoiced period (EN 16931 BT-73/74): dates near the invoice date that are not it
    // ("DATE DE DEBUT DE PRESTATION : 01/01/2022" under "Date : 31/01/2022"). Listed so that the longer label
    // claims its words before the bare "Date" can.
    field: 'delivery_date',
    variants: {
      en: ['period start', 'period end', 'period start date', 'period end date', 'start date', 'end date',
        'service start date', 'service end date', 'service period', 'billing period', 'period from', 'period to'],
      de: ['Leistungsbeginn', 'Leistungsende', 'Abrechnungszeitraum', 'Zeitraum von', 'Zeitraum bis', 'Beginn der Leistung',
        'Ende der Leistung', 'Abrechnungsbeginn', 'Abrechnungsende'],
      fr: ['Date de début de prestation', 'Date de fin de prestation', 'Date de début', 'Date de fin',
        'Début de période', 'Fin de période', 'Période de facturation', 'Début de prestation', 'Fin de prestation'],
      es: ['Fecha de inicio', 'Fecha de fin', 'Fecha inicio', 'Fecha fin', 'Periodo de facturación', 'Inicio del periodo',
        'Fin del periodo'],
      it: ['Data inizio', 'Data fine', 'Data di inizio', 'Data di fine', 'Periodo di fatturazione', 'Inizio periodo',
        'Fine periodo'],
      nl: ['Begindatum', 'Einddatum', 'Startdatum', 'Factuurperiode', 'Begin periode', 'Einde periode'],
    },
  },
  {
    // A reference to another invoice (the one a credit note or correction amends): its number and date.
    field: 'preceding_invoice',
    variants: {
      en: ['preceding invoice', 'original invoice', 'related invoice', 'corrected invoice', 'referenced invoice',
        'preceding invoice number', 'original invoice number', 'related invoice number', 'preceding invoice date',
        'original invoice date', 'related invoice date', 'original invoice no'],
      de: ['Ursprungsrechnung', 'Bezugsrechnung', 'Ursprüngliche Rechnung', 'Korrigierte Rechnung', 'Rechnungsbezug',
        'Datum der Ursprungsrechnung', 'Nummer der Ursprungsrechnung', 'Bezug auf Rechnung', 'Vorausgegangene Rechnung'],
      fr: ['Facture associée', 'N° de facture associée', 'Numéro de facture associée', 'Date de facture associée',
        "Facture d'origine", 'Facture initiale', 'Facture rectifiée', 'Date de la facture d\'origine', 'Facture précédente'],
      es: ['Factura original', 'Factura rectificada', 'Factura relacionada', 'Fecha de factura original',
        'Número de factura original', 'Factura de referencia'],
      it: ['Fattura originale', 'Fattura di riferimento', 'Fattura collegata', 'Data fattura originale',
        'Numero fattura originale'],
      nl: ['Oorspronkelijke factuur', 'Originele factuur', 'Gerelateerde factuur', 'Datum oorspronkelijke factuur'],
    },
  },
  {
    field: 'order_date',
    variants: {
      en: ['order date', 'date of order', 'po date', 'purchase order date'],
      de: ['Bestelldatum', 'Bestell-Datum', 'Auftragsdatum', 'Auftrags-Datum', 'Datum der Bestellung'],
      fr: ['Date de commande', 'Date commande'],
      es: ['Fecha de pedido', 'Fecha pedido', 'Fecha del pedido'],
      it: ['Data ordine', "Data dell'ordine"],
      nl: ['Orderdatum', 'Besteldatum', 'Datum bestelling'],
    },
  },
  {
    field: 'po_number',
    variants: {
      en: [
        'purchase order', ...combine(['purchase order', 'po', 'customer po', 'your po'], ['number', 'no', 'nr', '#']),
        'your po', 'customer po', 'po ref', 'po reference',
      ],
      de: [
        'Bestellnummer', 'Bestell-Nr.', 'Bestellnr.', 'Bestellung Nr.', 'Ihre Bestellung', 'Ihre Bestellnummer',
        'Ihre Bestell-Nr.', 'Bestellreferenz', 'Kundenbestellnummer', 'Ihre Bestellung Nr.',
      ],
      fr: [
        'Bon de commande', 'Numéro de commande', 'N° de commande', 'N° commande', 'Commande N°', 'Votre commande',
        'Réf. commande', 'Référence commande', 'Numéro bon de commande', 'N° bon de commande',
      ],
      es: ['Orden de compra', 'Número de pedido', 'Nº de pedido', 'Nº pedido', 'Pedido Nº', 'Su pedido',
        'Número de orden', 'Orden de compra Nº', 'Su referencia de pedido'],
      it: ["Ordine d'acquisto", 'Ordine di acquisto', 'Numero ordine', 'N. ordine', 'Ordine n.', 'Ordine nr.',
        'Vs. ordine', 'Vostro ordine', 'Rif. ordine', 'Riferimento ordine'],
      nl: ['Inkooporder', 'Inkoopordernummer', 'Inkoopnummer', 'Ordernummer', 'Order nr.', 'Bestelnummer',
        'Bestel nr.', 'Uw bestelling', 'Uw ordernummer', 'Uw order', 'Bestelbon'],
    },
  },
  {
    field: 'po_number',
    weight: 0.9,
    variants: { en: ['po', 'p.o.', 'po#'] },
  },
  {
    field: 'po_number',
    weight: 0.8,
    variants: {
      en: [...combine(['order'], ['number', 'no', 'nr', '#']), 'your order', 'customer order', 'your order number'],
      de: ['Auftragsnummer', 'Auftrag Nr.', 'Auftrags-Nr.', 'Ihr Auftrag', 'Kundenauftrag'],
    },
  },
  {
    field: 'po_number',
    weight: 0.6,
    variants: {
      en: ['order', 'order ref', 'order reference'],
      de: ['Bestellung', 'Auftrag'],
      fr: ['Commande'],
      es: ['Pedido'],
      it: ['Ordine'],
      nl: ['Order', 'Bestelling'],
    },
  },
  {
    field: 'customer_number',
    variants: {
      en: [...combine(['customer', 'client', 'cust'], ['number', 'no', 'nr', '#', 'id', 'code', 'ref']),
        'customer reference'],
      de: ['Kundennummer', 'Kunden-Nr.', 'Kundennr.', 'Kd.-Nr.', 'Kunde Nr.', 'Debitorennummer', 'Debitor-Nr.',
        'Ihre Kundennummer', 'Kunden-ID'],
      fr: ['Numéro client', 'N° client', 'Code client', 'Réf. client', 'Référence client', 'Client N°',
        'Numéro de client', 'Identifiant client'],
      es: ['Número de cliente', 'Nº cliente', 'Nº de cliente', 'Código cliente', 'Código de cliente',
        'Cód. cliente', 'Cliente Nº', 'ID cliente'],
      it: ['Codice cliente', 'Cod. cliente', 'Numero cliente', 'N. cliente', 'Cliente n.', 'ID cliente'],
      nl: ['Klantnummer', 'Klant nr.', 'Klantnr.', 'Debiteurnummer', 'Debiteur nr.', 'Relatienummer', 'Klantcode'],
    },
  },
];
