// Synthetic purchase orders, goods received notes and a page of PO references in six languages.
import { row, type SyntheticPage, type TextItem } from './synthetic.js';

const title = (y: number, x: number, text: string, size = 14): TextItem => ({ x, y, text, size, bold: true });

/** A French purchase order: letterhead (the buyer), supplier and delivery blocks, a table with a wrapped line. */
export function frenchPurchaseOrder(): SyntheticPage[] {
  const items: TextItem[] = [
    title(50, 50, 'ACME Industries SAS'),
    ...row(64, [[50, '12 rue de la Paix, 75002 Paris']], 8),
    ...row(75, [[50, 'TVA : FR40303265045']], 8),
    title(110, 50, 'BON DE COMMANDE', 16),
    ...row(134, [
      [50, 'N° de commande : BC-2026-0042'],
      [330, 'Date de commande : 12/03/2026'],
    ]),
    ...row(146, [[330, 'Date de livraison souhaitée : 26/03/2026']]),
    ...row(176, [
      [50, 'Fournisseur :'],
      [330, 'Adresse de livraison :'],
    ]),
    ...row(190, [
      [50, 'Fournitures Dupont SARL'],
      [330, 'ACME Industries - Entrepôt Nord'],
    ]),
    ...row(202, [
      [50, '8 avenue Jean Jaurès'],
      [330, 'ZI des Trois Moulins'],
    ]),
    ...row(214, [
      [50, '69007 Lyon'],
      [330, '77000 Melun'],
    ]),
    ...row(226, [[50, 'TVA : FR83404833048']]),
    ...row(262, [
      [50, 'Réf.'],
      [100, 'Désignation'],
      [320, 'Qté', 'r'],
      [340, 'Unité'],
      [450, 'Prix unitaire HT', 'r'],
      [540, 'Montant HT', 'r'],
    ]),
    ...row(278, [
      [50, 'A-100'],
      [100, 'Ramette papier A4 80 g'],
      [320, '50', 'r'],
      [340, 'pqt'],
      [450, '4,20', 'r'],
      [540, '210,00', 'r'],
    ]),
    ...row(290, [
      [50, 'B-220'],
      [100, 'Cartouche toner noir HP 59A'],
      [320, '4', 'r'],
      [340, 'pce'],
      [450, '89,90', 'r'],
      [540, '359,60', 'r'],
    ]),
    ...row(302, [
      [50, 'C-310'],
      [100, 'Classeur à levier dos 80 mm'],
      [320, '120', 'r'],
      [340, 'pce'],
      [450, '2,35', 'r'],
      [540, '282,00', 'r'],
    ]),
    ...row(313, [[100, 'coloris assortis']]),
    ...row(340, [
      [400, 'Total HT'],
      [540, '851,60 €', 'r'],
    ]),
    ...row(352, [
      [400, 'TVA 20 %'],
      [540, '170,32 €', 'r'],
    ]),
    ...row(364, [
      [400, 'Total TTC'],
      [540, '1 021,92 €', 'r'],
    ]),
    ...row(400, [[50, 'Conditions de paiement : 30 jours fin de mois']]),
  ];
  return [{ items }];
}

/** An English GRN: 20 boxes of one line rejected, another line short-delivered. */
export function englishGoodsReceivedNote(options: { overReceived?: boolean } = {}): SyntheticPage[] {
  const items: TextItem[] = [
    title(50, 50, 'Brightline Retail Ltd'),
    ...row(64, [[50, 'Unit 4, Riverside Park, Leeds LS10 1AB']], 8),
    title(100, 50, 'GOODS RECEIVED NOTE', 16),
    ...row(126, [
      [50, 'GRN No:'],
      [140, 'GRN-2026-0311'],
      [330, 'Date Received:'],
      [430, '14/03/2026'],
    ]),
    ...row(138, [
      [50, 'PO Number:'],
      [140, 'PO-45120'],
      [330, 'Delivery Note No:'],
      [430, 'DN-88213'],
    ]),
    ...row(166, [
      [50, 'Supplier:'],
      [330, 'Receiving Location:'],
      [430, 'Leeds DC - Bay 3'],
    ]),
    ...row(178, [
      [50, 'Northern Packaging Co.'],
      [330, 'Received by:'],
      [430, 'Sam Patel'],
    ]),
    ...row(190, [[50, '22 Mill Lane, Bradford BD1 2AA']]),
    ...row(226, [
      [50, 'Item Code'],
      [120, 'Description'],
      [330, 'Unit'],
      [420, 'Ordered', 'r'],
      [480, 'Received', 'r'],
      [540, 'Rejected', 'r'],
    ]),
    ...row(242, [
      [50, 'PK-100'],
      [120, 'Shipping box small 30x20x15'],
      [330, 'box'],
      [420, '500', 'r'],
      [480, '480', 'r'],
      [540, '20', 'r'],
    ]),
    ...row(254, [
      [50, 'PK-200'],
      [120, 'Shipping box large 60x40x40'],
      [330, 'box'],
      [420, '300', 'r'],
      [480, options.overReceived ? '310' : '300', 'r'],
      [540, '0', 'r'],
    ]),
    ...row(266, [
      [50, 'TP-050'],
      [120, 'Packing tape 50 mm'],
      [330, 'roll'],
      [420, '120', 'r'],
      [480, '100', 'r'],
      [540, '0', 'r'],
    ]),
    ...row(300, [[50, 'Remarks: 20 boxes PK-100 crushed on arrival, returned with driver.']]),
  ];
  return [{ items }];
}

/** PO references in six languages on one page, one printed twice, one below its label. */
export function poNumbersPage(): SyntheticPage[] {
  const items: TextItem[] = [
    title(50, 50, 'Delivery note / Lieferschein / Bon de livraison', 12),
    ...row(80, [
      [50, 'Your PO No.: 4500012345'],
      [330, 'Ihre Bestellung: 7781-22'],
    ]),
    ...row(94, [
      [50, 'N° de commande : BC-2026-117'],
      [330, 'Pedido Nº: PED/2026/0098'],
    ]),
    ...row(108, [
      [50, 'Ordine n. 2026/339'],
      [330, 'Inkoopordernummer: IO-5561'],
    ]),
    ...row(122, [
      [50, 'Bestellung vom 12.03.2026'],
      [330, 'Order date: 2026-03-12'],
    ]),
    ...row(150, [
      [50, 'Purchase Order No.'],
      [330, 'Reference: PO-2026-0042'],
    ]),
    ...row(162, [[50, 'PO77881']]),
    ...row(200, [
      [50, 'Item'],
      [330, 'Qty'],
    ]),
    ...row(214, [
      [50, 'Steel bracket M8 (P.O. # 4500012345)'],
      [330, '12'],
    ]),
  ];
  return [{ items }];
}

/** An English purchase order over two pages: "Date:" only, vendor and ship-to side by side, a repeated header. */
export function englishPurchaseOrder(options: { wrongLine?: boolean } = {}): SyntheticPage[] {
  const header = (y: number): TextItem[] =>
    row(y, [
      [50, 'Item'],
      [110, 'Description'],
      [350, 'Qty', 'r'],
      [440, 'Unit Price', 'r'],
      [540, 'Amount', 'r'],
    ]);
  const page1: TextItem[] = [
    title(50, 50, 'Globex Corporation'),
    ...row(64, [[50, '500 Industrial Way, Springfield, OR 97477']], 8),
    title(50, 400, 'PURCHASE ORDER', 14),
    ...row(74, [[400, 'PO #: 4500098765']]),
    ...row(86, [[400, 'Date: 03/02/2026']]),
    ...row(98, [[400, 'Required by: 03/20/2026']]),
    ...row(130, [
      [50, 'Vendor'],
      [330, 'Ship To'],
    ]),
    ...row(144, [
      [50, 'Initech Supplies LLC'],
      [330, 'Globex Corporation - Receiving Dock 2'],
    ]),
    ...row(156, [
      [50, '4120 Freidrich Lane'],
      [330, '510 Industrial Way'],
    ]),
    ...row(168, [
      [50, 'Austin, TX 78744'],
      [330, 'Springfield, OR 97477'],
    ]),
    ...row(180, [[50, 'Phone: (512) 555-0142']]),
    ...header(214),
    ...row(230, [
      [50, 'IN-4410'],
      [110, 'Laser printer paper, letter, 10 reams'],
      [350, '25', 'r'],
      [440, '$42.50', 'r'],
      [540, '$1,062.50', 'r'],
    ]),
    ...row(242, [
      [50, 'IN-2201'],
      [110, 'Stapler, heavy duty'],
      [350, '10', 'r'],
      [440, '$18.75', 'r'],
      [540, options.wrongLine ? '$197.50' : '$187.50', 'r'],
    ]),
    ...row(800, [[50, 'Page 1 of 2']], 7),
  ];
  const page2: TextItem[] = [
    ...row(50, [[50, 'Globex Corporation - Purchase Order 4500098765 (continued)']], 8),
    ...header(80),
    ...row(96, [
      [50, 'IN-0932'],
      [110, 'Toner cartridge, black'],
      [350, '6', 'r'],
      [440, '$89.00', 'r'],
      [540, '$534.00', 'r'],
    ]),
    ...row(130, [
      [400, 'Subtotal'],
      [540, '$1,784.00', 'r'],
    ]),
    ...row(142, [
      [400, 'Sales Tax 8%'],
      [540, '$142.72', 'r'],
    ]),
    ...row(154, [
      [400, 'Total'],
      [540, '$1,926.72', 'r'],
    ]),
    ...row(190, [[50, 'Payment Terms: Net 30']]),
  ];
  return [{ items: page1 }, { items: page2 }];
}

/** A German goods receipt: Bestellt / Geliefert / Abgelehnt. */
export function germanGoodsReceivedNote(): SyntheticPage[] {
  const items: TextItem[] = [
    title(50, 50, 'Müller Maschinenbau GmbH'),
    ...row(64, [[50, 'Industriestraße 7, 70565 Stuttgart']], 8),
    title(100, 50, 'Wareneingangsschein', 14),
    ...row(126, [
      [50, 'WE-Nr.: WE-2026-0815'],
      [330, 'Eingangsdatum: 09.03.2026'],
    ]),
    ...row(138, [
      [50, 'Bestellnummer: 4500112233'],
      [330, 'Lieferschein-Nr.: LS-55120'],
    ]),
    ...row(150, [
      [50, 'Lieferant: Schrauben Schmidt KG'],
      [330, 'Lager: Halle 2, Regal B'],
    ]),
    ...row(162, [[330, 'Geprüft von: K. Wagner']]),
    ...row(196, [
      [50, 'Art.-Nr.'],
      [120, 'Bezeichnung'],
      [330, 'ME'],
      [420, 'Bestellt', 'r'],
      [480, 'Geliefert', 'r'],
      [540, 'Abgelehnt', 'r'],
    ]),
    ...row(212, [
      [50, 'S-M8-40'],
      [120, 'Sechskantschraube M8x40'],
      [330, 'Stk'],
      [420, '1.000', 'r'],
      [480, '1.000', 'r'],
      [540, '0', 'r'],
    ]),
    ...row(224, [
      [50, 'U-M8'],
      [120, 'Unterlegscheibe M8'],
      [330, 'Stk'],
      [420, '2.000', 'r'],
      [480, '1.950', 'r'],
      [540, '50', 'r'],
    ]),
    ...row(236, [
      [50, 'O-12'],
      [120, 'O-Ring 12x2 NBR'],
      [330, 'Stk'],
      [420, '500', 'r'],
      [480, '250,5', 'r'],
      [540, '0', 'r'],
    ]),
  ];
  return [{ items }];
}
