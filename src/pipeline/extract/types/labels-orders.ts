// Labels of purchase orders and goods received notes in English, German, French, Spanish, Italian and Dutch that
// the shared dictionary does not hold (or holds with an invoice's meaning): document titles, receipt fields, the
// parties as a purchase order names them ("To:" is the supplier there) and the quantity columns of a GRN.
import { PhraseMatcher } from './phrases.js';

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

export const ORDER_LABELS = new PhraseMatcher<OrderField>([
  { field: 'title_po', phrases: [
    'purchase order', 'order', 'Bestellung', 'Auftrag', 'Einkaufsbestellung', 'Bon de commande', 'Commande',
    'Orden de compra', 'Pedido', 'Pedido de compra', 'Ordine d\'acquisto', 'Ordine di acquisto', 'Ordine',
    'Inkooporder', 'Bestelling', 'Bestelbon',
  ] },
  { field: 'title_grn', phrases: [
    'goods received note', 'goods receipt note', 'goods receipt', 'goods received', 'receiving report',
    'receipt note', 'GRN', 'Wareneingang', 'Wareneingangsschein', 'Wareneingangsbeleg', 'Wareneingangsmeldung',
    'Bon de réception', 'Bordereau de réception', 'Réception de marchandises', 'Albarán de recepción',
    'Nota de recepción', 'Recepción de mercancías', 'Bolla di ricevimento', 'Ricevimento merci',
    'Nota di ricevimento', 'Ontvangstbon', 'Goederenontvangst', 'Ontvangstbewijs',
  ] },
  { field: 'grn_number', phrases: [
    'grn no', 'grn number', 'grn #', 'grn', 'goods received note no', 'goods received note number',
    'goods receipt no', 'goods receipt number', 'receipt no', 'receipt number', 'receiving report no',
    'receiving no', 'Wareneingangsnummer', 'WE-Nr.', 'WE-Nummer', 'Wareneingangsschein Nr.', 'Wareneingang Nr.',
    'Beleg-Nr.', 'Belegnummer', 'Bon de réception N°', 'N° de réception', 'Numéro de réception', 'N° bon de réception',
    'Albarán de recepción Nº', 'Nº de recepción', 'Número de recepción', 'Numero ricevimento',
    'Bolla di ricevimento n.', 'N. ricevimento', 'Ontvangstnummer', 'Ontvangstbon nr.', 'Ontvangstbonnummer',
  ] },
  { field: 'receipt_date', phrases: [
    'receipt date', 'date received', 'received on', 'receiving date', 'date of receipt', 'received date',
    'delivery received', 'Eingangsdatum', 'Wareneingangsdatum', 'Empfangsdatum', 'Datum des Wareneingangs',
    'Eingegangen am', 'Date de réception', 'Reçu le', 'Réceptionné le', 'Fecha de recepción', 'Recibido el',
    'Data ricevimento', 'Data di ricevimento', 'Ricevuto il', 'Ontvangstdatum', 'Ontvangen op', 'Datum ontvangst',
  ] },
  { field: 'delivery_note_number', phrases: [
    'delivery note no', 'delivery note number', 'delivery note', 'dn no', 'packing slip', 'packing slip no',
    'dispatch note', 'dispatch note no', 'advice note', 'Lieferschein', 'Lieferscheinnummer', 'Lieferschein-Nr.',
    'Lieferschein Nr.', 'Bon de livraison', 'BL N°', 'N° BL', 'N° de bon de livraison', 'Bon de livraison N°',
    'Albarán', 'Nº albarán', 'Albarán Nº', 'Número de albarán', 'DDT', 'DDT n.', 'Documento di trasporto',
    'Bolla di consegna', 'N. DDT', 'Pakbon', 'Pakbonnummer', 'Afleverbon', 'Leverbon', 'Vrachtbrief',
  ] },
  { field: 'received_by', phrases: [
    'received by', 'receiver', 'checked by', 'inspected by', 'Empfangen von', 'Angenommen von', 'Geprüft von',
    'Entgegengenommen von', 'Empfänger', 'Reçu par', 'Réceptionné par', 'Contrôlé par', 'Recibido por',
    'Revisado por', 'Ricevuto da', 'Controllato da', 'Ontvangen door', 'Gecontroleerd door',
  ] },
  { field: 'receiving_location', phrases: [
    'receiving location', 'location', 'warehouse', 'receiving warehouse', 'received at', 'store', 'site',
    'Lager', 'Lagerort', 'Warenannahme', 'Annahmestelle', 'Standort', 'Entrepôt', 'Lieu de réception', 'Magasin',
    'Almacén', 'Lugar de recepción', 'Magazzino', 'Luogo di ricevimento', 'Magazijn', 'Locatie',
  ] },
  { field: 'payment_terms', phrases: [
    'payment terms', 'terms of payment', 'terms', 'payment conditions', 'Zahlungsbedingungen', 'Zahlungsbedingung',
    'Zahlungsziel', 'Conditions de paiement', 'Conditions de règlement', 'Modalités de paiement',
    'Condiciones de pago', 'Forma de pago', 'Términos de pago', 'Condizioni di pagamento', 'Termini di pagamento',
    'Modalità di pagamento', 'Betalingsvoorwaarden', 'Betalingstermijn', 'Betalingscondities',
  ] },
  { field: 'po_date', phrases: [
    'po date', 'order date', 'purchase order date', 'date of order', 'Bestelldatum', 'Auftragsdatum',
    'Datum der Bestellung', 'Date de commande', 'Date du bon de commande', 'Date commande', 'Fecha de pedido',
    'Fecha del pedido', 'Fecha de la orden', 'Data ordine', 'Data dell\'ordine', 'Orderdatum', 'Besteldatum',
  ] },
  { field: 'delivery_date', phrases: [
    'delivery date', 'requested delivery date', 'required delivery date', 'required by', 'deliver by',
    'need by date', 'expected delivery', 'Liefertermin', 'Lieferdatum', 'Wunschliefertermin', 'Gewünschter Liefertermin',
    'Liefern bis', 'Date de livraison', 'Date de livraison souhaitée', 'Livraison souhaitée le', 'À livrer le',
    'Fecha de entrega', 'Fecha de entrega solicitada', 'Entregar antes de', 'Data di consegna',
    'Data consegna richiesta', 'Consegna entro', 'Leverdatum', 'Gewenste leverdatum', 'Leveren voor',
  ] },
  { field: 'vendor_block', phrases: [
    'supplier', 'vendor', 'seller', 'to', 'supplier details', 'vendor details', 'Lieferant', 'Lieferantin',
    'Verkäufer', 'An', 'Auftragnehmer', 'Fournisseur', 'Vendeur', 'À', 'Proveedor', 'Vendedor', 'Para',
    'Fornitore', 'Venditore', 'Spett.le', 'Leverancier', 'Verkoper', 'Aan',
  ] },
  { field: 'buyer_block', phrases: [
    'buyer', 'purchaser', 'ordered by', 'bill to', 'invoice to', 'billing address', 'customer', 'from',
    'Besteller', 'Käufer', 'Auftraggeber', 'Rechnungsadresse', 'Rechnungsanschrift', 'Rechnung an', 'Kunde',
    'Acheteur', 'Commandé par', 'Donneur d\'ordre', 'Adresse de facturation', 'Facturer à', 'Client',
    'Comprador', 'Solicitado por', 'Dirección de facturación', 'Facturar a', 'Cliente', 'Acquirente',
    'Committente', 'Ordinato da', 'Indirizzo di fatturazione', 'Fatturare a', 'Koper', 'Besteld door',
    'Opdrachtgever', 'Factuuradres', 'Klant',
  ] },
  { field: 'ship_to_block', phrases: [
    'ship to', 'deliver to', 'delivery address', 'shipping address', 'ship-to', 'Lieferadresse', 'Lieferanschrift',
    'Liefern an', 'Lieferung an', 'Warenempfänger', 'Anlieferadresse', 'Adresse de livraison', 'Livrer à',
    'Lieu de livraison', 'Dirección de entrega', 'Dirección de envío', 'Entregar a', 'Enviar a',
    'Indirizzo di consegna', 'Consegnare a', 'Luogo di consegna', 'Afleveradres', 'Leveradres', 'Leveren aan',
  ] },
]);

export type GrnColumn = 'qty_ordered' | 'qty_received' | 'qty_rejected' | 'qty_accepted' | 'qty_other';

export const GRN_COLUMNS = new PhraseMatcher<GrnColumn>([
  { field: 'qty_ordered', phrases: [
    'ordered', 'qty ordered', 'quantity ordered', 'ordered qty', 'ordered quantity', 'order qty', 'po qty',
    'Bestellt', 'Bestellmenge', 'Menge bestellt', 'Commandé', 'Qté commandée', 'Quantité commandée', 'Pedido',
    'Cantidad pedida', 'Cant. pedida', 'Ordinato', 'Qtà ordinata', 'Quantità ordinata', 'Besteld', 'Aantal besteld',
  ] },
  { field: 'qty_received', phrases: [
    'received', 'qty received', 'quantity received', 'received qty', 'received quantity', 'delivered',
    'qty delivered', 'Geliefert', 'Erhalten', 'Eingang', 'Menge erhalten', 'Eingangsmenge', 'Liefermenge',
    'Gelieferte Menge', 'Reçu', 'Qté reçue', 'Quantité reçue', 'Livré', 'Qté livrée', 'Recibido', 'Cantidad recibida',
    'Cant. recibida', 'Ricevuto', 'Qtà ricevuta', 'Quantità ricevuta', 'Consegnato', 'Ontvangen', 'Aantal ontvangen',
    'Geleverd',
  ] },
  { field: 'qty_rejected', phrases: [
    'rejected', 'qty rejected', 'quantity rejected', 'rejected qty', 'damaged', 'refused', 'returned',
    'Abgelehnt', 'Zurückgewiesen', 'Reklamiert', 'Beschädigt', 'Menge abgelehnt', 'Rejeté', 'Refusé', 'Qté refusée',
    'Qté rejetée', 'Quantité refusée', 'Rechazado', 'Cantidad rechazada', 'Cant. rechazada', 'Rifiutato', 'Scartato',
    'Qtà rifiutata', 'Qtà scartata', 'Afgekeurd', 'Geweigerd', 'Aantal afgekeurd',
  ] },
  { field: 'qty_accepted', phrases: [
    'accepted', 'qty accepted', 'quantity accepted', 'Angenommen', 'Akzeptiert', 'Accepté', 'Qté acceptée',
    'Aceptado', 'Accettato', 'Geaccepteerd',
  ] },
  { field: 'qty_other', phrases: ['outstanding', 'backorder', 'back order', 'balance', 'Offen', 'Rückstand', 'Reliquat', 'Pendiente', 'Residuo', 'Openstaand'] },
]);
