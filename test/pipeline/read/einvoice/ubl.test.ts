// UBL 2.1 (Peppol BIS Billing 3.0 / XRechnung UBL) mapping on hand-written fixtures: an invoice with allowances,
// charges and two VAT rates, a credit note with unusual prefixes, and a foreign-currency invoice.

import { describe, expect, it } from 'vitest';
import { detectEInvoice, mapEInvoice, type EInvoiceData } from '../../../../src/pipeline/read/einvoice/index.js';
import { parseXmlDocument } from '../../../../src/pipeline/read/einvoice/xml-tree.js';
import { fixture, resolvePath } from './support.js';

function map(xml: string): EInvoiceData {
  const source = detectEInvoice(xml);
  expect(source?.syntax).toBe('UBL');
  return mapEInvoice(source!);
}

function withoutProvenance(data: EInvoiceData): unknown {
  const { fields: _fields, ...rest } = data;
  return { ...rest, line_items: data.line_items.map(({ fields: _lineFields, ...line }) => line) };
}

describe('UBL Invoice (Peppol BIS 3)', () => {
  const xml = fixture('ubl-invoice-peppol.xml');
  const data = map(xml);

  it('maps the summary, totals after document-level allowance and charge', () => {
    expect(withoutProvenance(data)).toMatchObject({
      syntax: 'UBL',
      profile: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      document_type_code: '380',
      invoice_number: 'RE-2024-0815',
      invoice_date: '2024-03-15',
      due_date: '2024-04-14',
      vendor_name: 'Muster Bürobedarf GmbH & Co. KG', // legal name (BT-27), not the trading name
      vendor_tax_id: 'DE123456789', // VAT scheme preferred to the FC tax number listed first
      vendor_address: 'Hauptstraße 12, Hinterhaus, 10115 Berlin, DE',
      buyer_name: 'Stadtverwaltung Beispielstadt',
      buyer_tax_id: 'DE987654321',
      buyer_address: 'Rathausplatz 1, 12345 Beispielstadt, Brandenburg, DE',
      buyer_reference: '04011000-12345-34',
      po_number: 'PO-77812',
      currency: 'EUR',
      line_total: 297.4,
      subtotal: 293.3,
      tax: 49.74,
      total: 343.04,
      amount_due: 300,
      decimals: { line_total: '297.40', subtotal: '293.30', tax: '49.74', total: '343.04', amount_due: '300.00' },
    });
  });

  it('maps lines: per-unit price from a base quantity, gross price, product ids, VAT rates', () => {
    expect(withoutProvenance(data)).toMatchObject({
      line_items: [
        {
          line_id: '1',
          description: 'Kopierpapier A4, 80 g',
          quantity: 20,
          unit: 'H87',
          unit_price: 4.5,
          amount: 90,
          tax_rate: 19,
          product_code: 'KP-A4-80',
          price_basis_quantity: null,
          gross_unit_price: null,
        },
        {
          line_id: '2',
          description: 'Kugelschreiber blau',
          quantity: 500,
          unit: 'C62',
          unit_price: 0.35,
          net_price: 35,
          price_basis_quantity: 100,
          gross_unit_price: 40,
          amount: 157.5,
          tax_rate: 19,
          product_code: '4012345000017',
        },
        {
          line_id: '3',
          description: 'Fachbuch Büroorganisation',
          quantity: 2,
          unit: 'C62',
          unit_price: 24.95,
          amount: 49.9,
          tax_rate: 7,
          product_code: 'BU-ORG-2024',
        },
      ],
    });
    expect(data.line_items).toHaveLength(3);
  });

  it('records resolvable provenance paths for every non-null field', () => {
    const root = parseXmlDocument(xml);
    expect(data.fields.vendor_tax_id?.path).toBe(
      '/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme[2]/cbc:CompanyID',
    );
    expect(data.fields.tax?.path).toBe('/ubl:Invoice/cac:TaxTotal/cbc:TaxAmount');
    for (const [name, provenance] of Object.entries(data.fields)) {
      expect(resolvePath(root, provenance.path), name).not.toBeNull();
      expect(provenance).toMatchObject({ source: 'xml', confidence: 1 });
    }
    expect(data.line_items[1]!.fields.gross_unit_price?.path).toBe(
      '/ubl:Invoice/cac:InvoiceLine[2]/cac:Price/cac:AllowanceCharge/cbc:BaseAmount',
    );
    expect(data.line_items[0]!.fields.unit?.path).toBe(
      '/ubl:Invoice/cac:InvoiceLine[1]/cbc:InvoicedQuantity/@unitCode',
    );
  });
});

describe('UBL CreditNote (XRechnung 3.0)', () => {
  const data = map(fixture('ubl-creditnote-xrechnung.xml'));

  it('maps a credit note written with unusual prefixes', () => {
    expect(withoutProvenance(data)).toMatchObject({
      profile: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
      document_type_code: '381',
      invoice_number: 'GS-2024-0042',
      invoice_date: '2024-05-02',
      due_date: '2024-05-16', // PaymentMeans/PaymentDueDate: a UBL 2.1 credit note has no cbc:DueDate
      vendor_name: 'Muster Bürobedarf GmbH & Co. KG',
      vendor_tax_id: 'DE123456789',
      buyer_name: 'Stadtverwaltung Beispielstadt',
      buyer_tax_id: null,
      buyer_address: 'Rathausplatz 1, Zimmer 2.17, Beschaffungsstelle, 12345 Beispielstadt, DE',
      po_number: 'PO-77812',
      currency: 'EUR',
      line_total: 82.45,
      subtotal: 77.45,
      tax: 11.73,
      total: 89.18,
      amount_due: 89.18,
    });
    expect(
      data.line_items.map((line) => [line.description, line.quantity, line.unit_price, line.amount, line.tax_rate]),
    ).toEqual([
      ['Kopierpapier A4, 80 g', 5, 4.5, 22.5, 19],
      ['Fachbuch Büroorganisation', 1, 24.95, 24.95, 7],
      ['Kugelschreiber blau', 100, 0.35, 35, 19],
    ]);
    // Paths use canonical prefixes, not the producer's cn:/agg:/basic:.
    expect(data.fields.due_date?.path).toBe('/ubl:CreditNote/cac:PaymentMeans/cbc:PaymentDueDate');
    expect(data.line_items[0]!.fields.quantity?.path).toBe(
      '/ubl:CreditNote/cac:CreditNoteLine[1]/cbc:CreditedQuantity',
    );
  });
});

describe('UBL Invoice in a foreign currency', () => {
  const data = map(fixture('ubl-invoice-foreign-currency.xml'));

  it('takes the VAT total in the document currency, not the accounting currency listed first', () => {
    expect(data.currency).toBe('USD');
    expect(data.tax).toBe(235.5);
    expect(data.fields.tax?.path).toBe('/ubl:Invoice/cac:TaxTotal[2]/cbc:TaxAmount');
  });

  it('falls back to the national tax number (BT-32) and leaves absent fields null', () => {
    expect(data.vendor_tax_id).toBe('201/113/40209');
    expect(data.buyer_name).toBe('Acme Analytics Deutschland GmbH');
    expect(data.due_date).toBeNull();
    expect(data.po_number).toBeNull();
    expect(data.fields.due_date).toBeUndefined();
  });

  it('leaves the per-unit price null when the base quantity makes it a repeating decimal', () => {
    expect(data.line_items[1]).toMatchObject({
      net_price: 10,
      price_basis_quantity: 3,
      unit_price: null,
      amount: 10,
      decimals: { net_price: '10.00', price_basis_quantity: '3', amount: '10.00' },
    });
    expect(data.line_items[1]!.decimals.unit_price).toBeUndefined();
    expect(data.line_items[2]!.description).toBe('Technical handbook "Racks & Cabling" <2nd ed.>');
  });

  it('uses the trading name only when no legal name is given', () => {
    const xml = fixture('ubl-invoice-foreign-currency.xml').replace(
      '<cbc:RegistrationName>Acme Analytics Deutschland GmbH</cbc:RegistrationName>',
      '',
    );
    const fallback = map(xml);
    expect(fallback.buyer_name).toBe('Acme Analytics');
    expect(fallback.fields.buyer_name?.path).toBe(
      '/ubl:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name',
    );
  });
});
