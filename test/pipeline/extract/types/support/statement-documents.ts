// Synthetic credit-card statements laid out like real ones: an English (US formats) statement over two pages with
// section headings and a wrapped description, a German (EU formats) one with +/- marks and a foreign-currency
// column, and a UK corporate statement with three cards.
import { row, type SyntheticPage, type TextItem } from './synthetic.js';

const title = (y: number, x: number, text: string, size = 14): TextItem => ({ x, y, text, size, bold: true });

/** English, US dates and amounts; 2 pages; the full card number printed once in the header. */
export function usStatement(): SyntheticPage[] {
  const page1: TextItem[] = [
    title(50, 50, 'First Harbor Bank, N.A.'),
    ...row(64, [[50, 'Card Services - P.O. Box 1234 - Wilmington, DE 19801']], 8),
    ...row(100, [
      [50, 'JANE Q. CUSTOMER'],
      [330, 'Statement Date:'],
      [430, '03/15/2026'],
    ]),
    ...row(112, [
      [50, '123 Maple Street'],
      [330, 'Account Number:'],
      [430, '4111 1111 1111 1111'],
    ]),
    ...row(124, [
      [50, 'Springfield, IL 62701'],
      [330, 'Billing Period:'],
      [430, '02/16/2026 - 03/15/2026'],
    ]),
    title(160, 50, 'Account Summary', 11),
    title(160, 330, 'Payment Information', 11),
    ...row(178, [
      [50, 'Previous Balance'],
      [250, '$1,245.30', 'r'],
      [330, 'New Balance'],
      [540, '$995.47', 'r'],
    ]),
    ...row(190, [
      [50, 'Payments, Credits'],
      [250, '-$1,260.30', 'r'],
      [330, 'Minimum Payment Due'],
      [540, '$35.00', 'r'],
    ]),
    ...row(202, [
      [50, 'Purchases'],
      [250, '+$985.17', 'r'],
      [330, 'Payment Due Date'],
      [540, '04/10/2026', 'r'],
    ]),
    ...row(214, [
      [50, 'Fees Charged'],
      [250, '$0.00', 'r'],
    ]),
    ...row(226, [
      [50, 'Interest Charged'],
      [250, '$25.30', 'r'],
    ]),
    ...row(238, [
      [50, 'New Balance'],
      [250, '$995.47', 'r'],
      [330, 'Credit Limit'],
      [540, '$5,000.00', 'r'],
    ]),
    ...row(250, [
      [330, 'Available Credit'],
      [540, '$4,004.53', 'r'],
    ]),
    ...row(
      272,
      [
        [
          50,
          'Late Payment Warning: If we do not receive your minimum payment by the date listed above, you may have to pay a late fee of up to $40.00.',
        ],
      ],
      7,
    ),
    title(310, 50, 'Transactions', 11),
    ...row(328, [
      [50, 'Trans Date'],
      [110, 'Post Date'],
      [170, 'Description'],
      [540, 'Amount', 'r'],
    ]),
    ...row(344, [[50, 'PAYMENTS AND OTHER CREDITS']]),
    ...row(358, [
      [50, '02/20'],
      [110, '02/20'],
      [170, 'PAYMENT THANK YOU'],
      [540, '-1,245.30', 'r'],
    ]),
    ...row(370, [
      [50, '02/25'],
      [110, '02/26'],
      [170, 'AMAZON MKTP US REFUND'],
      [540, '-15.00', 'r'],
    ]),
    ...row(388, [[50, 'PURCHASES']]),
    ...row(402, [
      [50, '02/17'],
      [110, '02/18'],
      [170, 'WHOLE FOODS MARKET #10234 SPRINGFIELD IL'],
      [540, '87.45', 'r'],
    ]),
    ...row(414, [
      [50, '02/19'],
      [110, '02/20'],
      [170, 'SHELL OIL 57442 SPRINGFIELD IL'],
      [540, '42.10', 'r'],
    ]),
    ...row(426, [
      [50, '02/22'],
      [110, '02/23'],
      [170, 'DELTA AIR LINES ATLANTA GA'],
      [540, '310.00', 'r'],
    ]),
    ...row(437, [[170, 'TICKET 0062345678901 PASSENGER CUSTOMER/JANE']]),
    ...row(450, [
      [50, '02/27'],
      [110, '02/28'],
      [170, 'NETFLIX.COM LOS GATOS CA'],
      [540, '12.99', 'r'],
    ]),
    ...row(
      800,
      [
        [50, 'Page 1 of 2'],
        [540, 'Continued on next page', 'r'],
      ],
      7,
    ),
  ];
  const page2: TextItem[] = [
    ...row(
      50,
      [
        [50, 'First Harbor Bank, N.A.'],
        [540, 'Account ending in 1111', 'r'],
      ],
      8,
    ),
    ...row(80, [
      [50, 'Trans Date'],
      [110, 'Post Date'],
      [170, 'Description'],
      [540, 'Amount', 'r'],
    ]),
    ...row(96, [
      [50, '03/02'],
      [110, '03/03'],
      [170, 'COSTCO WHSE #0388 SPRINGFIELD IL'],
      [540, '230.63', 'r'],
    ]),
    ...row(108, [
      [50, '03/06'],
      [110, '03/07'],
      [170, 'CITY OF SPRINGFIELD WATER'],
      [540, '64.00', 'r'],
    ]),
    ...row(120, [
      [50, '03/11'],
      [110, '03/12'],
      [170, 'HOME DEPOT #1920 SPRINGFIELD IL'],
      [540, '238.00', 'r'],
    ]),
    ...row(138, [[50, 'INTEREST CHARGED']]),
    ...row(152, [
      [50, '03/15'],
      [110, '03/15'],
      [170, 'INTEREST CHARGE ON PURCHASES'],
      [540, '25.30', 'r'],
    ]),
    ...row(170, [
      [50, 'Total fees charged in 2026'],
      [540, '$0.00', 'r'],
    ]),
    ...row(182, [
      [50, 'Total interest charged in 2026'],
      [540, '$61.12', 'r'],
    ]),
    ...row(210, [[50, 'Interest Charge Calculation']]),
    ...row(224, [
      [50, 'Purchases'],
      [200, '24.99% (v)'],
      [400, '$1,201.44'],
      [540, '$25.30', 'r'],
    ]),
    ...row(800, [[50, 'Page 2 of 2']], 7),
  ];
  return [{ items: page1 }, { items: page2 }];
}

/** German, EU formats: +/- marks from the account's side, a foreign-currency column, dotted year-less dates. */
export function germanStatement(): SyntheticPage[] {
  const items: TextItem[] = [
    title(50, 50, 'Sparkasse Musterstadt'),
    ...row(64, [[50, 'Marktplatz 1 - 12345 Musterstadt']], 8),
    title(100, 50, 'Kreditkartenabrechnung', 12),
    ...row(124, [
      [50, 'Karteninhaber:'],
      [130, 'Max Mustermann'],
      [330, 'Abrechnungsdatum:'],
      [450, '15.03.2026'],
    ]),
    ...row(136, [
      [50, 'Kartennummer:'],
      [130, '5232 XXXX XXXX 7731'],
      [330, 'Abrechnungszeitraum:'],
      [450, '16.02.2026 - 15.03.2026'],
    ]),
    ...row(170, [
      [50, 'Saldo Vormonat'],
      [260, '1.234,56 EUR', 'r'],
      [330, 'Kreditrahmen'],
      [540, '3.000,00 EUR', 'r'],
    ]),
    ...row(182, [
      [50, 'Zahlungen und Gutschriften'],
      [260, '1.234,56 EUR', 'r'],
      [330, 'Verfügbarer Betrag'],
      [540, '2.162,23 EUR', 'r'],
    ]),
    ...row(194, [
      [50, 'Umsätze'],
      [260, '836,90 EUR', 'r'],
      [330, 'Mindestbetrag'],
      [540, '50,00 EUR', 'r'],
    ]),
    ...row(206, [
      [50, 'Gebühren'],
      [260, '0,87 EUR', 'r'],
      [330, 'Abbuchung am'],
      [540, '05.04.2026', 'r'],
    ]),
    ...row(218, [
      [50, 'Zinsen'],
      [260, '0,00 EUR', 'r'],
    ]),
    ...row(230, [
      [50, 'Neuer Saldo'],
      [260, '837,77 EUR', 'r'],
    ]),
    title(266, 50, 'Ihre Umsätze', 11),
    ...row(284, [
      [50, 'Belegdatum'],
      [110, 'Buchungsdatum'],
      [185, 'Umsatzbeschreibung'],
      [400, 'Fremdwährung'],
      [540, 'Betrag EUR', 'r'],
    ]),
    ...row(300, [
      [50, '18.02.'],
      [110, '19.02.'],
      [185, 'Lastschrifteinzug Vormonat'],
      [540, '1.234,56+', 'r'],
    ]),
    ...row(312, [
      [50, '21.02.'],
      [110, '22.02.'],
      [185, 'REWE Markt Musterstadt'],
      [540, '45,90-', 'r'],
    ]),
    ...row(324, [
      [50, '26.02.'],
      [110, '27.02.'],
      [185, 'Deutsche Bahn Fernverkehr'],
      [540, '129,00-', 'r'],
    ]),
    ...row(336, [
      [50, '02.03.'],
      [110, '04.03.'],
      [185, 'APPLE.COM/BILL CUPERTINO'],
      [400, '54,00 USD'],
      [540, '49,89-', 'r'],
    ]),
    ...row(348, [
      [50, '04.03.'],
      [110, '04.03.'],
      [185, 'Auslandseinsatzentgelt 1,75 %'],
      [540, '0,87-', 'r'],
    ]),
    ...row(360, [
      [50, '10.03.'],
      [110, '11.03.'],
      [185, 'MediaMarkt Musterstadt'],
      [540, '612,11-', 'r'],
    ]),
  ];
  return [{ items }];
}

/** A UK corporate statement with three cards: a summary table, then one section per card. */
export function multiAccountStatement(): SyntheticPage[] {
  const header: TextItem[] = [
    title(50, 50, 'Northwind Commercial Bank plc'),
    title(80, 50, 'Corporate Card Statement', 12),
    ...row(104, [
      [50, 'Company:'],
      [120, 'Contoso Ltd'],
      [330, 'Statement Date:'],
      [440, '31/03/2026'],
    ]),
    ...row(116, [
      [330, 'Statement Period:'],
      [440, '01/03/2026 - 31/03/2026'],
    ]),
    title(150, 50, 'Summary of accounts', 11),
    ...row(168, [
      [50, 'Card'],
      [150, 'Cardholder'],
      [540, 'New Balance', 'r'],
    ]),
    ...row(182, [
      [50, '•••• 1111'],
      [150, 'Alice Brown'],
      [540, '£1,020.00', 'r'],
    ]),
    ...row(194, [
      [50, '•••• 2222'],
      [150, 'Bob Smith'],
      [540, '£310.50', 'r'],
    ]),
    ...row(206, [
      [50, '•••• 3333'],
      [150, 'Carol Jones'],
      [540, '£0.00', 'r'],
    ]),
    ...row(224, [
      [50, 'Total New Balance'],
      [540, '£1,330.50', 'r'],
    ]),
    ...row(236, [
      [50, 'Total Minimum Payment Due'],
      [540, '£66.53', 'r'],
    ]),
    ...row(248, [
      [50, 'Payment Due Date'],
      [540, '25/04/2026', 'r'],
    ]),
  ];
  const alice: TextItem[] = [
    title(290, 50, 'Alice Brown - Card number XXXX XXXX XXXX 1111', 10),
    ...row(308, [
      [50, 'Previous Balance'],
      [250, '£500.00', 'r'],
      [330, 'New Balance'],
      [540, '£1,020.00', 'r'],
    ]),
    ...row(320, [
      [50, 'Payments and Credits'],
      [250, '£500.00', 'r'],
      [330, 'Minimum Payment Due'],
      [540, '£51.00', 'r'],
    ]),
    ...row(332, [
      [50, 'Purchases'],
      [250, '£1,020.00', 'r'],
      [330, 'Credit Limit'],
      [540, '£10,000.00', 'r'],
    ]),
    ...row(350, [
      [50, 'Date'],
      [120, 'Description'],
      [440, 'Debit', 'r'],
      [540, 'Credit', 'r'],
    ]),
    ...row(364, [
      [50, '05/03/2026'],
      [120, 'PAYMENT RECEIVED - THANK YOU'],
      [540, '500.00', 'r'],
    ]),
    ...row(376, [
      [50, '09/03/2026'],
      [120, 'PREMIER INN LONDON'],
      [440, '420.00', 'r'],
    ]),
    ...row(388, [
      [50, '17/03/2026'],
      [120, 'BRITISH AIRWAYS'],
      [440, '600.00', 'r'],
    ]),
  ];
  const bob: TextItem[] = [
    title(430, 50, 'Bob Smith - Card number XXXX XXXX XXXX 2222', 10),
    ...row(448, [
      [50, 'Previous Balance'],
      [250, '£0.00', 'r'],
      [330, 'New Balance'],
      [540, '£310.50', 'r'],
    ]),
    ...row(460, [
      [50, 'Payments and Credits'],
      [250, '£0.00', 'r'],
      [330, 'Minimum Payment Due'],
      [540, '£15.53', 'r'],
    ]),
    ...row(472, [
      [50, 'Purchases'],
      [250, '£310.50', 'r'],
      [330, 'Credit Limit'],
      [540, '£5,000.00', 'r'],
    ]),
    ...row(490, [
      [50, 'Date'],
      [120, 'Description'],
      [440, 'Debit', 'r'],
      [540, 'Credit', 'r'],
    ]),
    ...row(504, [
      [50, '12/03/2026'],
      [120, 'TRAINLINE.COM'],
      [440, '85.50', 'r'],
    ]),
    ...row(516, [
      [50, '20/03/2026'],
      [120, 'OFFICE DEPOT UK'],
      [440, '225.00', 'r'],
    ]),
  ];
  const carol: TextItem[] = [
    title(558, 50, 'Carol Jones - Card number XXXX XXXX XXXX 3333', 10),
    ...row(576, [
      [50, 'Previous Balance'],
      [250, '£120.00', 'r'],
      [330, 'New Balance'],
      [540, '£0.00', 'r'],
    ]),
    ...row(588, [
      [50, 'Payments and Credits'],
      [250, '£120.00', 'r'],
      [330, 'Minimum Payment Due'],
      [540, '£0.00', 'r'],
    ]),
    ...row(600, [
      [50, 'Purchases'],
      [250, '£0.00', 'r'],
      [330, 'Credit Limit'],
      [540, '£2,500.00', 'r'],
    ]),
    ...row(618, [
      [50, 'Date'],
      [120, 'Description'],
      [440, 'Debit', 'r'],
      [540, 'Credit', 'r'],
    ]),
    ...row(632, [
      [50, '02/03/2026'],
      [120, 'DIRECT DEBIT PAYMENT'],
      [540, '120.00', 'r'],
    ]),
  ];
  return [{ items: [...header, ...alice, ...bob, ...carol] }];
}

/** A Spanish statement over a year end: CR marks, no section headings, year-less "20 dic" dates. */
export function spanishStatement(): SyntheticPage[] {
  const items: TextItem[] = [
    title(50, 50, 'Banco Ejemplo, S.A.'),
    ...row(90, [
      [50, 'Titular: Lucía Fernández Ruiz'],
      [330, 'Fecha del extracto: 15/01/2026'],
    ]),
    ...row(102, [
      [50, 'Número de tarjeta: **** **** **** 4417'],
      [330, 'Periodo: 16/12/2025 - 15/01/2026'],
    ]),
    ...row(130, [
      [50, 'Saldo anterior'],
      [250, '410,00 €', 'r'],
      [330, 'Nuevo saldo'],
      [540, '377,35 €', 'r'],
    ]),
    ...row(142, [
      [50, 'Pagos y abonos'],
      [250, '455,90 €', 'r'],
      [330, 'Pago mínimo'],
      [540, '30,00 €', 'r'],
    ]),
    ...row(154, [
      [50, 'Compras'],
      [250, '417,75 €', 'r'],
      [330, 'Fecha límite de pago'],
      [540, '05/02/2026', 'r'],
    ]),
    ...row(166, [
      [50, 'Intereses'],
      [250, '5,50 €', 'r'],
      [330, 'Límite de crédito'],
      [540, '2.000,00 €', 'r'],
    ]),
    ...row(200, [
      [50, 'Fecha'],
      [110, 'Concepto'],
      [540, 'Importe', 'r'],
    ]),
    ...row(216, [
      [50, '18 dic'],
      [110, 'Recibo domiciliado'],
      [540, '410,00 CR', 'r'],
    ]),
    ...row(228, [
      [50, '20 dic'],
      [110, 'El Corte Inglés Madrid'],
      [540, '189,95', 'r'],
    ]),
    ...row(240, [
      [50, '28 dic'],
      [110, 'Devolución Zara'],
      [540, '45,90CR', 'r'],
    ]),
    ...row(252, [
      [50, '03 ene'],
      [110, 'Renfe Viajeros'],
      [540, '67,80', 'r'],
    ]),
    ...row(264, [
      [50, '10 ene'],
      [110, 'Mercadona'],
      [540, '160,00', 'r'],
    ]),
    ...row(276, [
      [50, '15 ene'],
      [110, 'Intereses del periodo'],
      [540, '5,50', 'r'],
    ]),
  ];
  return [{ items }];
}
