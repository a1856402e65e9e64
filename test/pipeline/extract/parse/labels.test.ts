import { describe, expect, it } from 'vitest';
import {
  LABEL_FIELDS,
  LABEL_LANGUAGES,
  isMisreadShortLabel,
  labelVariants,
  matchLabel,
  normalizeLabel,
  type LabelField,
} from '../../../../src/pipeline/extract/parse/labels.js';

/** The best match's field, and the label text as printed. */
function best(text: string, fields?: readonly LabelField[]): [LabelField, string] | null {
  const top = matchLabel(text, fields ? { fields } : {})[0];
  return top ? [top.field, text.slice(top.start, top.end)] : null;
}

describe('label dictionary', () => {
  it('covers every field in all six languages', () => {
    for (const field of LABEL_FIELDS) {
      for (const language of LABEL_LANGUAGES) {
        expect(labelVariants(field, language).length, `${field}/${language}`).toBeGreaterThan(0);
      }
    }
  });

  it('recognizes each of its own labels as its field (exact match)', () => {
    for (const field of LABEL_FIELDS) {
      for (const label of labelVariants(field)) {
        const matches = matchLabel(label);
        expect(
          matches.some((m) => m.field === field && m.kind === 'exact'),
          `${field}: ${label}`,
        ).toBe(true);
      }
    }
  });
});

describe('matchLabel: fields in six languages', () => {
  const cases: Array<[string, LabelField]> = [
    // invoice number
    ['Invoice No.', 'invoice_number'],
    ['Invoice #', 'invoice_number'],
    ['Rechnungsnummer', 'invoice_number'],
    ['Rechnungs-Nr.:', 'invoice_number'],
    ['N° de facture', 'invoice_number'],
    ['Facture n°', 'invoice_number'],
    ['Nº Factura', 'invoice_number'],
    ['Número de factura', 'invoice_number'],
    ['Numero fattura', 'invoice_number'],
    ['Fattura n.', 'invoice_number'],
    ['Factuurnummer', 'invoice_number'],
    ['Factuurnr.', 'invoice_number'],
    // dates
    ['Invoice date', 'invoice_date'],
    ['Date of issue', 'invoice_date'],
    ['Statement Date', 'invoice_date'],
    ['STATEMENT GENERATED ON:', 'invoice_date'],
    ['Rechnungsdatum', 'invoice_date'],
    ['Date de facturation', 'invoice_date'],
    ['Fecha de emisión', 'invoice_date'],
    ['Data fattura', 'invoice_date'],
    ['Factuurdatum', 'invoice_date'],
    ['Due date', 'due_date'],
    ['Fälligkeitsdatum', 'due_date'],
    ['Zahlbar bis', 'due_date'],
    ["Date d'échéance", 'due_date'],
    ['Fecha de vencimiento', 'due_date'],
    ['Scadenza', 'due_date'],
    ['Vervaldatum', 'due_date'],
    ['Lieferdatum', 'delivery_date'],
    ['Date of delivery', 'delivery_date'],
    ['Bestelldatum', 'order_date'],
    // purchase order
    ['PO Number', 'po_number'],
    ['P.O. #', 'po_number'],
    ['Purchase order', 'po_number'],
    ['Bestellnummer', 'po_number'],
    ['Bon de commande', 'po_number'],
    ['Número de pedido', 'po_number'],
    ['Numero ordine', 'po_number'],
    ['Inkoopordernummer', 'po_number'],
    ['Kundennummer', 'customer_number'],
    ['Numéro client', 'customer_number'],
    // tax identifiers
    ['VAT No.', 'tax_id'],
    ['VAT Reg. No.', 'tax_id'],
    ['USt-IdNr.', 'tax_id'],
    ['USt.-Id.-Nr.:', 'tax_id'],
    ['Steuernummer', 'tax_id'],
    ['N° TVA intracommunautaire', 'tax_id'],
    ['NIF', 'tax_id'],
    ['CIF', 'tax_id'],
    ['Partita IVA', 'tax_id'],
    ['P.IVA', 'tax_id'],
    ['BTW-nummer', 'tax_id'],
    ['GSTIN', 'tax_id'],
    ['ABN', 'tax_id'],
    ['Your VAT number', 'buyer_tax_id'],
    ['Customer VAT ID', 'buyer_tax_id'],
    ['Ihre USt-IdNr.', 'buyer_tax_id'],
    ['USt-IdNr. des Leistungsempfängers', 'buyer_tax_id'],
    ['N° TVA client', 'buyer_tax_id'],
    ['NIF cliente', 'buyer_tax_id'],
    ['Partita IVA cliente', 'buyer_tax_id'],
    ['BTW-nummer klant', 'buyer_tax_id'],
    ['Our VAT no.', 'vendor_tax_id'],
    ['Supplier VAT number', 'vendor_tax_id'],
    ['N° TVA fournisseur', 'vendor_tax_id'],
    ['KvK-nummer', 'registration_id'],
    ['HRB Nr.', 'registration_id'],
    ['SIRET', 'registration_id'],
    // amounts
    ['Subtotal', 'subtotal'],
    ['Sub-total', 'subtotal'],
    ['Net amount', 'subtotal'],
    ['Zwischensumme', 'subtotal'],
    ['Nettobetrag', 'subtotal'],
    ['Total HT', 'subtotal'],
    ['Base imponible', 'subtotal'],
    ['Imponibile', 'subtotal'],
    ['Subtotaal', 'subtotal'],
    ['Total excl. VAT', 'subtotal'],
    ['Totaal excl. BTW', 'subtotal'],
    ['VAT', 'tax'],
    ['MwSt.', 'tax'],
    ['USt', 'tax'],
    ['Umsatzsteuer', 'tax'],
    ['TVA', 'tax'],
    ['IVA', 'tax'],
    ['BTW', 'tax'],
    ['GST', 'tax'],
    ['Sales tax', 'tax'],
    ['Total tax', 'tax'],
    ['Total TVA', 'tax'],
    ['Total', 'total'],
    ['Grand total', 'total'],
    ['Gesamtbetrag', 'total'],
    ['Rechnungsbetrag', 'total'],
    ['Total TTC', 'total'],
    ['Importe total', 'total'],
    ['Totale', 'total'],
    ['Totaal', 'total'],
    ['Total incl. VAT', 'total'],
    ['Amount due', 'amount_due'],
    ['Balance due', 'amount_due'],
    ['Total amount due', 'amount_due'],
    ['Zahlbetrag', 'amount_due'],
    ['Zu zahlen', 'amount_due'],
    ['Net à payer', 'amount_due'],
    ['A pagar', 'amount_due'],
    ['Total a pagar', 'amount_due'],
    ['Da pagare', 'amount_due'],
    ['Te betalen', 'amount_due'],
    ['Currency', 'currency'],
    ['Währung', 'currency'],
    ['Devise', 'currency'],
    ['Moneda', 'currency'],
    ['Valuta', 'currency'],
    // blocks
    ['Bill to', 'buyer_block'],
    ['Rechnungsempfänger', 'buyer_block'],
    ['Kunde', 'buyer_block'],
    ['Facturé à', 'buyer_block'],
    ['Client', 'buyer_block'],
    ['Cliente', 'buyer_block'],
    ['Klant', 'buyer_block'],
    ['Ship to', 'ship_to_block'],
    ['Lieferadresse', 'ship_to_block'],
    ['Adresse de livraison', 'ship_to_block'],
    ['Seller', 'vendor_block'],
    ['Lieferant', 'vendor_block'],
    ['Fournisseur', 'vendor_block'],
    ['Proveedor', 'vendor_block'],
    ['Fornitore', 'vendor_block'],
    ['Leverancier', 'vendor_block'],
    // columns
    ['Description', 'line_description'],
    ['Bezeichnung', 'line_description'],
    ['Désignation', 'line_description'],
    ['Descripción', 'line_description'],
    ['Descrizione', 'line_description'],
    ['Omschrijving', 'line_description'],
    ['Qty', 'line_quantity'],
    ['Menge', 'line_quantity'],
    ['Qté', 'line_quantity'],
    ['Cantidad', 'line_quantity'],
    ['Quantità', 'line_quantity'],
    ['Aantal', 'line_quantity'],
    ['Unit price', 'line_unit_price'],
    ['Einzelpreis', 'line_unit_price'],
    ['Prix unitaire', 'line_unit_price'],
    ['Precio unitario', 'line_unit_price'],
    ['Prezzo unitario', 'line_unit_price'],
    ['Stukprijs', 'line_unit_price'],
    ['Unit', 'line_unit'],
    ['Einheit', 'line_unit'],
    ['Unité', 'line_unit'],
    ['VAT rate', 'line_tax_rate'],
    ['MwSt %', 'line_tax_rate'],
    ['Taux TVA', 'line_tax_rate'],
    ['% IVA', 'line_tax_rate'],
    ['Aliquota IVA', 'line_tax_rate'],
    ['BTW %', 'line_tax_rate'],
    ['Item code', 'line_product_code'],
    ['Art.-Nr.', 'line_product_code'],
    ['SKU', 'line_product_code'],
    ['Amount', 'line_amount'],
    ['Betrag', 'line_amount'],
    ['Montant', 'line_amount'],
    ['Importe', 'line_amount'],
    ['Importo', 'line_amount'],
    ['Bedrag', 'line_amount'],
    ['Pos.', 'line_position'],
    ['Discount', 'line_discount'],
    ['Rabatt', 'line_discount'],
  ];
  it.each(cases)('%j -> %s', (text, field) => {
    expect(best(text)?.[0]).toBe(field);
  });
});

describe('matchLabel: telling similar labels apart', () => {
  it.each([
    ['Invoice date: 15.03.2026', 'invoice_date', 'Invoice date'],
    ['Invoice number: 4711', 'invoice_number', 'Invoice number'],
    ['Invoice due date: 14.04.2026', 'due_date', 'Invoice due date'],
    ['Due date 14.04.2026', 'due_date', 'Due date'],
    ['Total 1.234,56', 'total', 'Total'],
    ['Subtotal 1.037,44', 'subtotal', 'Subtotal'],
    ['Sub total 1.037,44', 'subtotal', 'Sub total'],
    ['Subtotal less discount 1436', 'subtotal', 'Subtotal less discount'],
    ['Total after discount 1436', 'subtotal', 'Total after discount'],
    ['Total tax 197,12', 'tax', 'Total tax'],
    ['Total excl. VAT 1.037,44', 'subtotal', 'Total excl. VAT'],
    ['Total incl. VAT 1.234,56', 'total', 'Total incl. VAT'],
    ['Total amount due (EUR) 1.234,56', 'amount_due', 'Total amount due'],
    ['Totaal incl. BTW € 121,00', 'total', 'Totaal incl. BTW'],
    ['Totale da pagare 122,00', 'amount_due', 'Totale da pagare'],
    ['Te betalen voor 15-04-2026', 'due_date', 'Te betalen voor'],
    ['Bestell-Datum : 01.08.2013', 'order_date', 'Bestell-Datum'],
    ['Bestell-Nr : B123456789', 'po_number', 'Bestell-Nr'],
    ['Kunden-Nr. : 009420', 'customer_number', 'Kunden-Nr'],
    ['Numéro client : 12', 'customer_number', 'Numéro client'],
    ['Delivery date 2026-03-10', 'delivery_date', 'Delivery date'],
  ] as Array<[string, LabelField, string]>)('%j -> %s', (text, field, printed) => {
    expect(best(text)).toEqual([field, printed]);
  });

  it("reads the customer's order number under its own labels in every language", () => {
    for (const label of [
      'Bestellung Nr. Kunde',
      'Customer order no',
      'N° de commande client',
      'Nº pedido cliente',
      'N. ordine cliente',
      'Ordernummer klant',
    ])
      expect(best(`${label}: 93170095`)?.[0], label).toBe('po_number');
  });

  it('finds several labels in one line, each with its offsets', () => {
    const text = 'Invoice Date: 03/20/2023   Due Date: 04/04/2023';
    const found = matchLabel(text).map((m) => [m.field, text.slice(m.start, m.end)]);
    expect(found).toEqual([
      ['invoice_date', 'Invoice Date'],
      ['due_date', 'Due Date'],
    ]);
  });

  it('reports every field a label can name, with the more likely first', () => {
    expect(matchLabel('Netto').map((m) => [m.field, m.confidence])).toEqual([
      ['subtotal', 0.7],
      ['line_amount', 0.5],
    ]);
  });

  it('narrows to the requested fields without letting shorter labels steal words', () => {
    expect(best('Total', ['line_amount'])).toEqual(['line_amount', 'Total']);
    expect(matchLabel('Total tax', { fields: ['total'] })).toEqual([]);
  });

  it('gives generic words and labels later in the text less confidence', () => {
    const date = matchLabel('Date')[0];
    const invoiceDate = matchLabel('Invoice date')[0];
    expect(date?.confidence).toBeLessThan(invoiceDate?.confidence ?? 0);
    expect(matchLabel('Muster GmbH Total')[0]?.confidence).toBeLessThan(matchLabel('Total')[0]?.confidence ?? 0);
  });

  it('takes short common words as headings only when they stand alone', () => {
    expect(best('De:')?.[0]).toBe('vendor_block');
    expect(best('To')?.[0]).toBe('buyer_block');
    expect(matchLabel('Conditions de paiement')).toEqual([]);
    expect(matchLabel('Send to the address below').some((m) => m.field === 'buyer_block')).toBe(false);
  });

  it('ignores labels inside letter-spaced titles', () => {
    expect(matchLabel('W A R E N R E C H N U N G')).toEqual([]);
  });
});

describe('matchLabel: sums qualified by the tax, in six languages', () => {
  // Without these labels the tax word inside them won ("Exclusief BTW" read as BTW, "Totale IVA esclusa" as
  // "Totale IVA"), so a net or gross amount was taken for the tax.
  const sums = ['subtotal', 'tax', 'total', 'amount_due'] as const;
  it.each([
    ['Exclusief BTW € 593,36', 'subtotal', 'Exclusief BTW'],
    ['Excl. BTW 100,00', 'subtotal', 'Excl. BTW'],
    ['Totaal excl. BTW 100,00', 'subtotal', 'Totaal excl. BTW'],
    ['Totaalbedrag exclusief BTW', 'subtotal', 'Totaalbedrag exclusief BTW'],
    ['Inclusief BTW € 121,00', 'total', 'Inclusief BTW'],
    ['Totaal incl. BTW € 121,00', 'total', 'Totaal incl. BTW'],
    ['Total excl. VAT', 'subtotal', 'Total excl. VAT'],
    ['Net total', 'subtotal', 'Net total'],
    ['Amount excluding VAT', 'subtotal', 'Amount excluding VAT'],
    ['Total VAT excluded', 'subtotal', 'Total VAT excluded'],
    ['Total incl. VAT', 'total', 'Total incl. VAT'],
    ['Total VAT included', 'total', 'Total VAT included'],
    ['Summe netto', 'subtotal', 'Summe netto'],
    ['Rechnungssumme ohne USt. 473,00', 'subtotal', 'Rechnungssumme ohne USt'],
    ['Summe exkl. MwSt', 'subtotal', 'Summe exkl. MwSt'],
    ['Gesamt brutto', 'total', 'Gesamt brutto'],
    ['Summe inkl. USt: 571,04 €', 'total', 'Summe inkl. USt'],
    ['Montant HT', 'subtotal', 'Montant HT'],
    ['Montant total HT', 'subtotal', 'Montant total HT'],
    ['Total hors TVA', 'subtotal', 'Total hors TVA'],
    ['Montant TTC', 'total', 'Montant TTC'],
    ['Total TVA incluse', 'total', 'Total TVA incluse'],
    ['Total sin IVA', 'subtotal', 'Total sin IVA'],
    ['Total IVA excluido', 'subtotal', 'Total IVA excluido'],
    ['Total con IVA', 'total', 'Total con IVA'],
    ['Importe total con IVA', 'total', 'Importe total con IVA'],
    ['Totale imponibile', 'subtotal', 'Totale imponibile'],
    ['Totale IVA esclusa', 'subtotal', 'Totale IVA esclusa'],
    ['Totale documento', 'total', 'Totale documento'],
    ['Totale IVA compresa', 'total', 'Totale IVA compresa'],
  ] as Array<[string, LabelField, string]>)('%j -> %s', (text, field, printed) => {
    expect(best(text, sums)).toEqual([field, printed]);
  });

  it('keeps tax labels and reads a qualifier alone with less confidence than a full label', () => {
    for (const text of ['BTW', 'Totaal BTW', 'Totale IVA', 'Total IVA', 'Montant TVA', 'zzgl. MwSt', 'Total VAT']) {
      expect(best(text, sums)?.[0], text).toBe('tax');
    }
    expect(matchLabel('Exclusief BTW')[0]?.confidence).toBeLessThan(matchLabel('Totaal excl. BTW')[0]?.confidence ?? 0);
  });

  it('reads "Prijs incl. BTW" as the line-amount column beside "Prijs per stuk"', () => {
    const header = 'Artikel  Aantal  Prijs per stuk  BTW Prijs incl. BTW';
    const columns = matchLabel(header, { fields: ['line_unit_price', 'line_amount'] });
    expect(columns.map((m) => [m.field, header.slice(m.start, m.end)])).toEqual([
      ['line_unit_price', 'Prijs per stuk'],
      ['line_amount', 'Prijs incl. BTW'],
    ]);
  });
});

describe('matchLabel: OCR noise (modest)', () => {
  it.each([
    ['lnvoice Number', 'invoice_number', 'ocr'],
    ['Tota1', 'total', 'ocr'],
    ['T0tal', 'total', 'ocr'],
    ['Subtota1', 'subtotal', 'ocr'],
    ['Invoice Oate', 'invoice_date', 'edit'],
    ['Rechnungsnumer', 'invoice_number', 'edit'],
    ['Rechnungsdaturn', 'invoice_date', 'ocr'],
    ['Zwischensurnme', 'subtotal', 'ocr'],
    ['Net amout', 'subtotal', 'edit'],
  ] as Array<[string, LabelField, string]>)('%j -> %s (%s)', (text, field, kind) => {
    const top = matchLabel(text)[0];
    expect([top?.field, top?.kind]).toEqual([field, kind]);
    expect(top?.confidence).toBeLessThan(1);
  });

  it('reads a lone "N" before a word as "N°" whose degree sign OCR dropped', () => {
    expect(matchLabel('N de facture:')[0]).toMatchObject({ field: 'invoice_number', start: 0 });
    expect(matchLabel('N de commande:')[0]?.field).toBe('po_number');
    expect(matchLabel('N client')[0]?.field).toBe('customer_number');
    // With a word that makes no label, no field but the line position an "N." or "#" names anyway.
    expect(matchLabel('N Smith').every((m) => m.field === 'line_position')).toBe(true);
  });

  it('stays exact for short words and can be switched off', () => {
    expect(matchLabel('in')).toEqual([]);
    expect(matchLabel('Rechnungsnumer', { fuzzy: false })).toEqual([]);
    expect(matchLabel('Lieferung in 4 Kartons').some((m) => m.field === 'ship_to_block')).toBe(false);
  });

  it('reads a short totals label with one misread letter in OCR text, alone in its cell ("TOTAY")', () => {
    const ocr = { ocr: true } as const;
    expect(matchLabel('TOTAY', ocr)[0]).toMatchObject({ field: 'total', kind: 'edit' });
    expect(matchLabel('Sunme', ocr)[0]).toMatchObject({ field: 'total', kind: 'edit' });
    expect(matchLabel('SALDA', ocr)[0]).toMatchObject({ field: 'amount_due', kind: 'edit' });
    // Not in a text layer, not with the first letter wrong, not beside other words, not for other fields.
    expect(matchLabel('TOTAY')).toEqual([]);
    expect(matchLabel('POTAL', ocr)).toEqual([]);
    expect(matchLabel('GLOSS PAINT', ocr)).toEqual([]);
    expect(matchLabel('TAXED', ocr)).toEqual([]);
    expect(matchLabel('ISSUED', ocr)).toEqual([]);
    expect(matchLabel('TOTAY', { ...ocr, fuzzy: false })).toEqual([]);
  });

  it('gives such a label every field its exact reading has, and marks it as read through a misread letter', () => {
    // "Anount" over a column is the line amount's header, as "Amount" is; totals.ts takes no amount under it.
    const fields = matchLabel('Anount', { ocr: true }).map((m) => [m.field, m.kind]);
    expect(fields).toEqual([
      ['line_amount', 'edit'],
      ['total', 'edit'],
    ]);
    expect(isMisreadShortLabel('edit', 'Anount')).toBe(true);
    expect(isMisreadShortLabel('edit', 'Invoice Oate')).toBe(false);
    expect(isMisreadShortLabel('exact', 'Amount')).toBe(false);
  });
});

describe('normalizeLabel', () => {
  it.each([
    ['Rechnungs-Nr.:', 'rechnungs nr'],
    ['N° TVA', 'no tva'],
    ['Nº Factura', 'no factura'],
    ['Invoice #', 'invoice no'],
    ['Qté', 'qte'],
    ['RECHNUNGSEMPFÄNGER', 'rechnungsempfanger'],
    ['Straße', 'strasse'],
    ['  MwSt.  %  ', 'mwst %'],
    ['P.IVA', 'p iva'],
  ])('%j -> %j', (text, normalized) => {
    expect(normalizeLabel(text)).toBe(normalized);
  });
});
