// Parties without labels, and party headings whose first row is not a name: a receipt's header, a letterhead
// without a legal form, a US invoice whose "Bill To" block starts with its street, contact rows, and the
// document-level date order that a US address decides.
import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { buildDocument, rightAt } from './build-document.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

describe('vendor named only by the header of the page', () => {
  it('takes a receipt header as the vendor, not its slogan, street, phone or title', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [200, '*** CORNER GROCERY ***']],
          [44, [190, '191 East 3rd Avenue']],
          [58, [190, 'San Mateo, CA 94401']],
          [72, [200, '650-342-2723']],
          [86, [200, 'SALES RECEIPT']],
          [110, [60, 'Bananas'], rightAt(400, '1.49')],
          [124, [60, 'Coffee beans'], rightAt(400, '8.79')],
          [150, [60, 'SUBTOTAL'], rightAt(400, '10.28')],
          [164, [60, 'SALES TAX'], rightAt(400, '0.85')],
          [178, [60, 'TOTAL'], rightAt(400, '11.13')],
          [192, [60, 'CASH'], rightAt(400, '20.00')],
          [206, [60, 'CHANGE'], rightAt(400, '8.87')],
          [230, [60, '05/04/2022 1:10 PM']],
        ],
      },
    ]);
    const { summary_data: s } = extractInvoice(doc, OPTIONS);
    expect(s.vendor_name).toBe('CORNER GROCERY');
    expect(s.buyer_name).toBeNull();
    expect(s.total).toBe(11.13);
    // US address on the receipt: month-first, so May 4, not 5 April.
    expect(s.invoice_date).toBe('2022-05-04');
    expect(s.currency).toBe('USD');
  });

  it('reads a German receipt: header vendor, glued "Bon-Nr.:" number, the date printed with the time of sale', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [120, '***PENNY-MARKT GmbH***']],
          [44, [130, 'Bilker Allee 30']],
          [58, [130, '40219 Düsseldorf']],
          [72, [130, 'UID Nr.: DE202748117']],
          [100, [60, 'Bananen'], rightAt(400, '1,19 B')],
          [114, [60, 'Summe'], rightAt(400, '1,19')],
          [160, [60, '18.10.2014'], [200, '19:03'], [300, 'Bon-Nr.:6197']],
        ],
      },
    ]);
    const { summary_data: s } = extractInvoice(doc, OPTIONS);
    expect(s.vendor_name).toBe('PENNY-MARKT GmbH');
    expect(s.invoice_number).toBe('6197');
    expect(s.invoice_date).toBe('2014-10-18');
  });

  it('reads a letter-spaced shop name that OCR gives letter by letter, one letter less sure than the rest', () => {
    const doc = buildDocument([
      {
        source: 'ocr',
        confidence: 0.97,
        lines: [
          [30, [60, '*** P E N N Y- M A RK T GmbH ***']],
          [44, [130, 'Bilker Allee 30']],
          [58, [130, '40219 Düsseldorf']],
          [100, [60, 'Bananen'], rightAt(400, '1,19 B')],
          [114, [60, 'Summe'], rightAt(400, '1,19')],
        ],
      },
    ]);
    const rk = doc.pages[0]!.lines[0]!.words.find((w) => w.text === 'RK')!;
    rk.confidence = 0.72;
    expect(extractInvoice(doc, OPTIONS).summary_data.vendor_name).toBe('PENNY-MARKT GmbH');
  });

  it('never takes a sentence or a document title at the top as the vendor', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [200, 'Thank you for shopping with us.']],
          [44, [200, 'INVOICE']],
          [110, [60, 'Total'], rightAt(400, '12.00 EUR')],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.vendor_name).toBeNull();
  });

  it('never takes a letter-spaced title that OCR split into pieces as the vendor', () => {
    for (const title of ['FAT TURA', 'R E C H N U N G', 'IN VOICE']) {
      const doc = buildDocument([
        {
          source: 'ocr',
          confidence: 0.99,
          lines: [
            [30, [60, title]],
            [110, [60, 'Totale'], rightAt(400, '12,00 EUR')],
          ],
        },
      ]);
      expect(extractInvoice(doc, OPTIONS).summary_data.vendor_name, title).toBeNull();
    }
    // A name whose words only together spell something else stays a name.
    const named = buildDocument([
      {
        lines: [
          [30, [60, 'BILLY BOB']],
          [110, [60, 'Total'], rightAt(400, '12.00 EUR')],
        ],
      },
    ]);
    expect(extractInvoice(named, OPTIONS).summary_data.vendor_name).toBe('BILLY BOB');
  });
});

describe('party headings', () => {
  it('reads the buyer under "Bill To" as a name, never its street line', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [50, 'Northwind Traders Inc.'], [430, 'INVOICE']],
          [44, [50, '400 Market Street']],
          [58, [50, 'San Francisco, CA 94105']],
          [100, [50, 'Bill To:'], [300, 'Ship To:']],
          [114, [50, '1 Main Road'], [300, 'Contoso Ltd']],
          [128, [50, 'Springfield, IL 62701'], [300, '1 Main Road']],
          [170, [380, 'Total'], rightAt(540, '$10.00')],
        ],
      },
    ]);
    const { summary_data: s } = extractInvoice(doc, OPTIONS);
    expect(s.vendor_name).toBe('Northwind Traders Inc.');
    expect(s.buyer_name).toBeNull();
  });

  it('skips a contact row and reads the name under a customer-address heading', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [50, 'Seller name'], [300, 'Adresse du client']],
          [44, [50, 'Atelier Dupont SARL'], [300, 'Contact Acheteur']],
          [58, [50, '12 rue de la Paix'], [300, 'Boulangerie Martin']],
          [72, [50, '75002 Paris, FR'], [300, '58 rue de la mer']],
          [86, [300, '06000 Nice, FR']],
          [130, [380, 'Total TTC'], rightAt(540, '120,00 €')],
        ],
      },
    ]);
    const { summary_data: s } = extractInvoice(doc, OPTIONS);
    expect(s.vendor_name).toBe('Atelier Dupont SARL');
    expect(s.buyer_name).toBe('Boulangerie Martin');
  });

  it('reads the invoice date, not the start of the invoiced period beside it', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [50, 'Atelier Dupont SARL'], [300, 'FACTURE N° : F2022-26']],
          [44, [300, 'Date : 31/01/2022']],
          [100, [50, 'DATE DE DEBUT DE PRESTATION : 01/01/2022']],
          [114, [50, 'DATE DE FIN DE PRESTATION : 31/01/2022']],
          [128, [50, 'DATE DE FACTURE ASSOCIÉE : 01/01/2022']],
          [170, [380, 'Total TTC'], rightAt(540, '120,00 €')],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.invoice_date).toBe('2022-01-31');
  });
});

describe('due date from a payment sentence', () => {
  const withSentence = (sentence: string) =>
    buildDocument([
      {
        lines: [
          [30, [50, 'Atelier Dupont SARL'], [300, 'Facture N° : F-77']],
          [44, [300, 'Date : 10/03/2024']],
          [100, [50, sentence]],
          [140, [380, 'Total'], rightAt(540, '120,00 €')],
        ],
      },
    ]);

  it('reads "d\'ici le" after a French "régler" and "antes de" after a Spanish transfer request', () => {
    expect(
      extractInvoice(withSentence('Merci de régler d’ici le 2024-03-20 par virement.'), OPTIONS).summary_data.due_date,
    ).toBe('2024-03-20');
    expect(
      extractInvoice(withSentence('Por favor, transfiera el dinero antes de 2024-04-07:'), OPTIONS).summary_data
        .due_date,
    ).toBe('2024-04-07');
  });
});
