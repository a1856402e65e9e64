// Labels of purchase orders and goods received notes, per language: document titles, receipt fields, the parties
// as a purchase order names them ("To:" is the supplier there) and the quantity columns of a GRN. The invoice
// dictionary (parse/labels) holds the labels an order shares with an invoice.
import type { ByLanguage, PhrasesByLanguage } from './languages.js';

export type OrderField =
  | 'title_po'
  | 'title_grn'
  | 'grn_number'
  | 'receipt_date'
  | 'delivery_note_number'
  | 'received_by'
  | 'receiving_location'
  | 'payment_terms'
  | 'po_date'
  | 'delivery_date'
  | 'vendor_block'
  | 'buyer_block'
  | 'ship_to_block';

export type GrnColumn = 'qty_ordered' | 'qty_received' | 'qty_rejected' | 'qty_accepted' | 'qty_other';

/** Document titles, fields and party headings of purchase orders and goods received notes. */
export const ORDER_LABEL_PHRASES: readonly PhrasesByLanguage<OrderField>[] = [
  {
    field: 'title_po',
    phrases: {
      en: ['purchase order', 'order'],
      de: ['Bestellung', 'Auftrag', 'Einkaufsbestellung'],
      fr: ['Bon de commande', 'Commande'],
      es: ['Orden de compra', 'Pedido', 'Pedido de compra'],
      it: ["Ordine d'acquisto", 'Ordine di acquisto', 'Ordine'],
      nl: ['Inkooporder', 'Bestelling', 'Bestelbon'],
    },
  },
  {
    field: 'title_grn',
    phrases: {
      en: [
        'goods received note',
        'goods receipt note',
        'goods receipt',
        'goods received',
        'receiving report',
        'receipt note',
        'GRN',
      ],
      de: ['Wareneingang', 'Wareneingangsschein', 'Wareneingangsbeleg', 'Wareneingangsmeldung'],
      fr: ['Bon de réception', 'Bordereau de réception', 'Réception de marchandises'],
      es: ['Albarán de recepción', 'Nota de recepción', 'Recepción de mercancías'],
      it: ['Bolla di ricevimento', 'Ricevimento merci', 'Nota di ricevimento'],
      nl: ['Ontvangstbon', 'Goederenontvangst', 'Ontvangstbewijs'],
    },
  },
  {
    field: 'grn_number',
    phrases: {
      en: [
        'grn no',
        'grn number',
        'grn #',
        'grn',
        'goods received note no',
        'goods received note number',
        'goods receipt no',
        'goods receipt number',
        'receipt no',
        'receipt number',
        'receiving report no',
        'receiving no',
      ],
      de: [
        'Wareneingangsnummer',
        'WE-Nr.',
        'WE-Nummer',
        'Wareneingangsschein Nr.',
        'Wareneingang Nr.',
        'Beleg-Nr.',
        'Belegnummer',
      ],
      fr: ['Bon de réception N°', 'N° de réception', 'Numéro de réception', 'N° bon de réception'],
      es: ['Albarán de recepción Nº', 'Nº de recepción', 'Número de recepción'],
      it: ['Numero ricevimento', 'Bolla di ricevimento n.', 'N. ricevimento'],
      nl: ['Ontvangstnummer', 'Ontvangstbon nr.', 'Ontvangstbonnummer'],
    },
  },
  {
    field: 'receipt_date',
    phrases: {
      en: [
        'receipt date',
        'date received',
        'received on',
        'receiving date',
        'date of receipt',
        'received date',
        'delivery received',
      ],
      de: ['Eingangsdatum', 'Wareneingangsdatum', 'Empfangsdatum', 'Datum des Wareneingangs', 'Eingegangen am'],
      fr: ['Date de réception', 'Reçu le', 'Réceptionné le'],
      es: ['Fecha de recepción', 'Recibido el'],
      it: ['Data ricevimento', 'Data di ricevimento', 'Ricevuto il'],
      nl: ['Ontvangstdatum', 'Ontvangen op', 'Datum ontvangst'],
    },
  },
  {
    field: 'delivery_note_number',
    phrases: {
      en: [
        'delivery note no',
        'delivery note number',
        'delivery note',
        'dn no',
        'packing slip',
        'packing slip no',
        'dispatch note',
        'dispatch note no',
        'advice note',
      ],
      de: ['Lieferschein', 'Lieferscheinnummer', 'Lieferschein-Nr.', 'Lieferschein Nr.'],
      fr: ['Bon de livraison', 'BL N°', 'N° BL', 'N° de bon de livraison', 'Bon de livraison N°'],
      es: ['Albarán', 'Nº albarán', 'Albarán Nº', 'Número de albarán'],
      it: ['DDT', 'DDT n.', 'Documento di trasporto', 'Bolla di consegna', 'N. DDT'],
      nl: ['Pakbon', 'Pakbonnummer', 'Afleverbon', 'Leverbon', 'Vrachtbrief'],
    },
  },
  {
    field: 'received_by',
    phrases: {
      en: ['received by', 'receiver', 'checked by', 'inspected by'],
      de: ['Empfangen von', 'Angenommen von', 'Geprüft von', 'Entgegengenommen von', 'Empfänger'],
      fr: ['Reçu par', 'Réceptionné par', 'Contrôlé par'],
      es: ['Recibido por', 'Revisado por'],
      it: ['Ricevuto da', 'Controllato da'],
      nl: ['Ontvangen door', 'Gecontroleerd door'],
    },
  },
  {
    field: 'receiving_location',
    phrases: {
      en: ['receiving location', 'location', 'warehouse', 'receiving warehouse', 'received at', 'store', 'site'],
      de: ['Lager', 'Lagerort', 'Warenannahme', 'Annahmestelle', 'Standort'],
      fr: ['Entrepôt', 'Lieu de réception', 'Magasin'],
      es: ['Almacén', 'Lugar de recepción'],
      it: ['Magazzino', 'Luogo di ricevimento'],
      nl: ['Magazijn', 'Locatie'],
    },
  },
  {
    field: 'payment_terms',
    phrases: {
      en: ['payment terms', 'terms of payment', 'terms', 'payment conditions'],
      de: ['Zahlungsbedingungen', 'Zahlungsbedingung', 'Zahlungsziel'],
      fr: ['Conditions de paiement', 'Conditions de règlement', 'Modalités de paiement'],
      es: ['Condiciones de pago', 'Forma de pago', 'Términos de pago'],
      it: ['Condizioni di pagamento', 'Termini di pagamento', 'Modalità di pagamento'],
      nl: ['Betalingsvoorwaarden', 'Betalingstermijn', 'Betalingscondities'],
    },
  },
  {
    field: 'po_date',
    phrases: {
      en: ['po date', 'order date', 'purchase order date', 'date of order'],
      de: ['Bestelldatum', 'Auftragsdatum', 'Datum der Bestellung'],
      fr: ['Date de commande', 'Date du bon de commande', 'Date commande'],
      es: ['Fecha de pedido', 'Fecha del pedido', 'Fecha de la orden'],
      it: ['Data ordine', "Data dell'ordine"],
      nl: ['Orderdatum', 'Besteldatum'],
    },
  },
  {
    field: 'delivery_date',
    phrases: {
      en: [
        'delivery date',
        'requested delivery date',
        'required delivery date',
        'required by',
        'deliver by',
        'need by date',
        'expected delivery',
      ],
      de: ['Liefertermin', 'Lieferdatum', 'Wunschliefertermin', 'Gewünschter Liefertermin', 'Liefern bis'],
      fr: ['Date de livraison', 'Date de livraison souhaitée', 'Livraison souhaitée le', 'À livrer le'],
      es: ['Fecha de entrega', 'Fecha de entrega solicitada', 'Entregar antes de'],
      it: ['Data di consegna', 'Data consegna richiesta', 'Consegna entro'],
      nl: ['Leverdatum', 'Gewenste leverdatum', 'Leveren voor'],
    },
  },
  {
    field: 'vendor_block',
    phrases: {
      en: ['supplier', 'vendor', 'seller', 'to', 'supplier details', 'vendor details'],
      de: ['Lieferant', 'Lieferantin', 'Verkäufer', 'An', 'Auftragnehmer'],
      fr: ['Fournisseur', 'Vendeur', 'À'],
      es: ['Proveedor', 'Vendedor', 'Para'],
      it: ['Fornitore', 'Venditore', 'Spett.le'],
      nl: ['Leverancier', 'Verkoper', 'Aan'],
    },
  },
  {
    field: 'buyer_block',
    phrases: {
      en: ['buyer', 'purchaser', 'ordered by', 'bill to', 'invoice to', 'billing address', 'customer', 'from'],
      de: ['Besteller', 'Käufer', 'Auftraggeber', 'Rechnungsadresse', 'Rechnungsanschrift', 'Rechnung an', 'Kunde'],
      fr: ['Acheteur', 'Commandé par', "Donneur d'ordre", 'Adresse de facturation', 'Facturer à', 'Client'],
      es: ['Comprador', 'Solicitado por', 'Dirección de facturación', 'Facturar a', 'Cliente'],
      it: ['Acquirente', 'Committente', 'Ordinato da', 'Indirizzo di fatturazione', 'Fatturare a'],
      nl: ['Koper', 'Besteld door', 'Opdrachtgever', 'Factuuradres', 'Klant'],
    },
  },
  {
    field: 'ship_to_block',
    phrases: {
      en: ['ship to', 'deliver to', 'delivery address', 'shipping address', 'ship-to'],
      de: ['Lieferadresse', 'Lieferanschrift', 'Liefern an', 'Lieferung an', 'Warenempfänger', 'Anlieferadresse'],
      fr: ['Adresse de livraison', 'Livrer à', 'Lieu de livraison'],
      es: ['Dirección de entrega', 'Dirección de envío', 'Entregar a', 'Enviar a'],
      it: ['Indirizzo di consegna', 'Consegnare a', 'Luogo di consegna'],
      nl: ['Afleveradres', 'Leveradres', 'Leveren aan'],
    },
  },
];

/** Quantity columns of a goods received note. */
export const GRN_COLUMN_PHRASES: readonly PhrasesByLanguage<GrnColumn>[] = [
  {
    field: 'qty_ordered',
    phrases: {
      en: ['ordered', 'qty ordered', 'quantity ordered', 'ordered qty', 'ordered quantity', 'order qty', 'po qty'],
      de: ['Bestellt', 'Bestellmenge', 'Menge bestellt'],
      fr: ['Commandé', 'Qté commandée', 'Quantité commandée'],
      es: ['Pedido', 'Cantidad pedida', 'Cant. pedida'],
      it: ['Ordinato', 'Qtà ordinata', 'Quantità ordinata'],
      nl: ['Besteld', 'Aantal besteld'],
    },
  },
  {
    field: 'qty_received',
    phrases: {
      en: [
        'received',
        'qty received',
        'quantity received',
        'received qty',
        'received quantity',
        'delivered',
        'qty delivered',
      ],
      de: ['Geliefert', 'Erhalten', 'Eingang', 'Menge erhalten', 'Eingangsmenge', 'Liefermenge', 'Gelieferte Menge'],
      fr: ['Reçu', 'Qté reçue', 'Quantité reçue', 'Livré', 'Qté livrée'],
      es: ['Recibido', 'Cantidad recibida', 'Cant. recibida'],
      it: ['Ricevuto', 'Qtà ricevuta', 'Quantità ricevuta', 'Consegnato'],
      nl: ['Ontvangen', 'Aantal ontvangen', 'Geleverd'],
    },
  },
  {
    field: 'qty_rejected',
    phrases: {
      en: ['rejected', 'qty rejected', 'quantity rejected', 'rejected qty', 'damaged', 'refused', 'returned'],
      de: ['Abgelehnt', 'Zurückgewiesen', 'Reklamiert', 'Beschädigt', 'Menge abgelehnt'],
      fr: ['Rejeté', 'Refusé', 'Qté refusée', 'Qté rejetée', 'Quantité refusée'],
      es: ['Rechazado', 'Cantidad rechazada', 'Cant. rechazada'],
      it: ['Rifiutato', 'Scartato', 'Qtà rifiutata', 'Qtà scartata'],
      nl: ['Afgekeurd', 'Geweigerd', 'Aantal afgekeurd'],
    },
  },
  {
    field: 'qty_accepted',
    phrases: {
      en: ['accepted', 'qty accepted', 'quantity accepted'],
      de: ['Angenommen', 'Akzeptiert'],
      fr: ['Accepté', 'Qté acceptée'],
      es: ['Aceptado'],
      it: ['Accettato'],
      nl: ['Geaccepteerd'],
    },
  },
  {
    field: 'qty_other',
    phrases: {
      en: ['outstanding', 'backorder', 'back order', 'balance'],
      de: ['Offen', 'Rückstand'],
      fr: ['Reliquat'],
      es: ['Pendiente'],
      it: ['Residuo'],
      nl: ['Openstaand'],
    },
  },
];

/** Date labels (as the shared dictionary prints them) that name no particular date: an order's document date. */
export const GENERIC_DATE_LABEL_WORDS: ByLanguage = {
  en: ['date', 'dated'],
  de: ['Datum'],
  fr: ['Date'],
  es: ['Fecha'],
  it: ['Data'],
  nl: ['Datum'],
};
