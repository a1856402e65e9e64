// Second cues for parties read without labels: a web or mail domain that confirms a name, a receipt's thanks that
// names the shop, rows of a block that belong to another column, an addressee marked by "Attn:", and the words that
// look like names but are not (a weight with "KG", a price, a logo's OCR noise, a tagline).
import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { nameAfterPhrase } from '../../../../src/pipeline/extract/builtin/parties/closing-phrase.js';
import { companyName, matchesDomain } from '../../../../src/pipeline/extract/builtin/parties/company.js';
import { buildDocument, rightAt } from './build-document.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

describe('company names', () => {
  it('needs a name before the legal form, and reads an OCR-garbled GmbH as GmbH', () => {
    expect(companyName('0,543 KG')).toBeNull();
    expect(companyName('A SCANA COMPANY')).toBeNull();
    expect(companyName('PENNY-MARKT CmbH')).toBe('PENNY-MARKT GmbH');
    expect(companyName('real,-SB-Warenhaus GmbH')).toBe('real,-SB-Warenhaus GmbH');
    expect(companyName('real-SB-Warenhaus Gmbt')).toBe('real-SB-Warenhaus GmbH');
    expect(companyName('Muster Bau 6mbI')).toBe('Muster Bau GmbH');
    expect(companyName('bei der Muster GmbH')).toBeNull();
  });

  it('never takes a companies register label for a legal form ("Company No.", "Co. Reg. No.")', () => {
    expect(companyName('VAT No.GB752467600-Company No.56976585')).toBeNull();
    expect(companyName('VAT No. GB 752 4676 00 · Company number 56976585')).toBeNull();
    expect(companyName('SYARIKAT ABC SDN BHD CO. REG. NO: 12345-X')).toBe('SYARIKAT ABC SDN BHD');
    expect(companyName('Kingsley & Pemberton Company')).toBe('Kingsley & Pemberton Company');
    expect(companyName('SAM SAM TRADING CO. NO.1 JALAN MERANTI')).toBe('SAM SAM TRADING CO.');
  });

  it('matches a domain that holds the whole name or starts with its first word', () => {
    expect(matchesDomain('WALGREENS', new Set(['mywalgreens']))).toBe(true);
    expect(matchesDomain('PENNY-MARKT GmbH', new Set(['penny']))).toBe(true);
    expect(matchesDomain('SCE&G', new Set(['sceg']))).toBe(true);
    expect(matchesDomain('Corner Grocery', new Set(['example']))).toBe(false);
  });
});

describe('contact rows in a party block', () => {
  it('skips a contact person with a department ("Jean Dupont, Service Achats") for the name under it', () => {
    const doc = buildDocument([
      {
        lines: [
          [40, [300, 'FACTURE N° F-1001']],
          [60, [300, 'Date : 31/01/2022']],
          [100, [60, 'LE FOURNISSEUR SARL'], [320, 'Adresse du Client']],
          [112, [60, '35 rue du Port'], [320, 'Jean Dupont, Service Achats']],
          [124, [60, '75018 PARIS'], [320, 'ACME INDUSTRIE']],
          [136, [320, '58 rue de la mer']],
          [148, [320, '06000 NICE']],
          [200, [60, 'Total TTC'], rightAt(500, '120,00')],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.buyer_name).toBe('ACME INDUSTRIE');
  });
});

describe('the shop named in the thanks or the greeting', () => {
  it('reads the name after the phrase in every supported language', () => {
    expect(nameAfterPhrase('THANK YOU FOR SHOPPING AT WALGREENS')).toBe('WALGREENS');
    expect(nameAfterPhrase('Vielen Dank für Ihren Einkauf bei REWE!')).toBe('REWE');
    expect(nameAfterPhrase('Merci de votre visite chez Monoprix. A bientôt')).toBe('Monoprix');
    expect(nameAfterPhrase('Gracias por su compra en Mercadona')).toBe('Mercadona');
    expect(nameAfterPhrase('Welcome to Starbucks')).toBe('Starbucks');
    expect(nameAfterPhrase('Bedankt voor uw aankoop bij HEMA')).toBe('HEMA');
  });

  it('names nobody in "thank you for shopping with us" or "thank you for your business"', () => {
    expect(nameAfterPhrase('Thank you for shopping with us')).toBeNull();
    expect(nameAfterPhrase('Thank you for your business!')).toBeNull();
    expect(nameAfterPhrase('Thanks for visiting 191 E 3rd Ave')).toBeNull();
  });

  it('takes the shop from the thanks when OCR cannot read the logo, confirmed by the web domain', () => {
    const doc = buildDocument([
      {
        source: 'ocr',
        confidence: 0.95,
        lines: [
          [30, [200, 'areen']],
          [44, [190, '191 E 3RD AVE']],
          [58, [190, 'SAN MATEO, CA 94401']],
          [110, [60, 'RED BULL 6PK'], rightAt(400, '9.99')],
          [150, [60, 'TOTAL'], rightAt(400, '9.99')],
          [300, [60, 'THANK YOU FOR SHOPPING AT WALGREENS']],
          [314, [60, 'FULL DETAILS SEE MYWALGREENS.COM']],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.vendor_name).toBe('WALGREENS');
  });

  it('prefers the header name that matches the web domain over a tagline with a legal form', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [40, 'SCE&G.'], [300, 'JANE DOE']],
          [44, [40, 'A SCANA COMPANY'], [300, '107 EQUINOX CIR']],
          [58, [300, 'LADSON SC 29456']],
          [72, [40, 'www.sceg.com']],
          [150, [60, 'AMOUNT DUE'], rightAt(400, '$148.89')],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.vendor_name).toBe('SCE&G');
  });
});

describe('receipt headers read by OCR', () => {
  it('skips a logo read as noise and takes a lower-case wordmark', () => {
    const doc = buildDocument([
      {
        source: 'ocr',
        confidence: 0.97,
        lines: [
          [20, [60, 'm']],
          [34, [200, 'dm-drogerie markt']],
          [48, [200, 'Bilker Allee 43']],
          [62, [200, '40219 Düsseldorf']],
          [110, [60, 'SUMME'], rightAt(400, '5,85')],
        ],
      },
    ]);
    // The "m" of the logo counts as noise only by its confidence; build it low.
    doc.pages[0]!.lines[0]!.words[0]!.confidence = 0.36;
    expect(extractInvoice(doc, OPTIONS).summary_data.vendor_name).toBe('dm-drogerie markt');
  });

  it('never takes a weight with "KG", a price row or a town line as the vendor', () => {
    const doc = buildDocument([
      {
        source: 'ocr',
        confidence: 0.97,
        lines: [
          [30, [200, 'real,-SB-Warenhaus GmbH']],
          [44, [200, '40217 Düsseldorf-Bilk']],
          [58, [200, 'Friedrichstr.152']],
          [110, [60, '0,543 KG'], rightAt(400, '4,29')],
          [124, [60, 'SUMME EUR'], rightAt(400, '4,29')],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.vendor_name).toBe('real,-SB-Warenhaus GmbH');
  });
});

describe('buyer blocks', () => {
  it('reads an "Attn:" block as the addressee, not the seller', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [400, 'INVOICE']],
          [44, [380, 'Invoice No: 00000135']],
          [100, [50, 'Abstractors and Design Co.']],
          [114, [50, 'Attn: Ronald Davis']],
          [128, [50, '611 Maine St']],
          [142, [50, 'San Francisco CA 94105']],
          [300, [300, 'Total:'], rightAt(500, '$5,715.00')],
        ],
      },
    ]);
    const { summary_data: s } = extractInvoice(doc, OPTIONS);
    expect(s.vendor_name).not.toBe('Abstractors and Design Co.');
    expect(s.buyer_name).toBe('Abstractors and Design Co.');
  });

  it('stops a name row at a column gutter, and reads "TO," as the heading OCR made of "TO:"', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [50, 'Northwind Traders Inc.'], [430, 'INVOICE']],
          [100, [50, 'TO,'], [400, 'Date:'], [460, '09/24/2019']],
          [114, [50, 'Jane Smith,'], [380, 'Due Date:'], [460, '09/30/2019']],
          [128, [50, '1600 Amphitheatre Pkway']],
          [142, [50, 'Mountain View, CA 94043']],
          [300, [300, 'Total'], rightAt(500, '$4,647.68')],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.buyer_name).toBe('Jane Smith');
  });
});
