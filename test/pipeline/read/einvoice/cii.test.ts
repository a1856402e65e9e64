// CII mapping beyond the corpus labels: parties' tax ids and addresses, product codes, VAT rates, provenance
// paths, the invoice-currency VAT total, EXTENDED sub-lines, and independence from namespace prefixes.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectEInvoice, mapEInvoice, type EInvoiceData } from '../../../../src/pipeline/read/einvoice/index.js';
import { CORPUS } from './support.js';

const EN16931_EINFACH = 'XML-Rechnung/FX/EN16931_Einfach.xml';
const ZF1_RABATTE = 'ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_COMFORT_Rabatte.xml';
const FOREIGN_CURRENCY = 'ZUGFeRDv2/correct/intarsys/EXTENDED/zugferd_2p0_EXTENDED_Fremdwaehrung.xml';

function corpusXml(file: string): string {
  return readFileSync(join(CORPUS, 'labels/xml', file), 'utf8');
}

function map(xml: string): EInvoiceData {
  const source = detectEInvoice(xml);
  if (!source) throw new Error('not detected');
  return mapEInvoice(source);
}

describe('CII D16B (Factur-X / ZUGFeRD 2.x)', () => {
  const data = map(corpusXml(EN16931_EINFACH));

  it('maps parties, tax ids and addresses', () => {
    expect(data).toMatchObject({
      syntax: 'CII',
      profile: 'urn:cen.eu:en16931:2017',
      document_type_code: '380',
      invoice_number: '471102',
      invoice_date: '2018-03-05',
      vendor_name: 'Lieferant GmbH',
      vendor_tax_id: 'DE123456789', // BT-31 (VA) wins over the BT-32 tax number listed first
      vendor_address: 'Lieferantenstraße 20, 80333 München, DE',
      buyer_name: 'Kunden AG Mitte',
      buyer_tax_id: null,
      buyer_address: 'Kundenstraße 15, 69876 Frankfurt, DE',
      currency: 'EUR',
      subtotal: 473,
      tax: 56.87,
      total: 529.87,
      amount_due: 529.87,
      decimals: { line_total: '473.00', subtotal: '473.00', tax: '56.87', total: '529.87', amount_due: '529.87' },
    });
  });

  it('maps line items with unit, VAT rate and product code', () => {
    const [first, second] = data.line_items;
    expect(first).toMatchObject({
      line_id: '1',
      description: 'Trennblätter A4',
      quantity: 20,
      unit: 'H87',
      unit_price: 9.9,
      net_price: 9.9,
      gross_unit_price: 9.9,
      price_basis_quantity: null,
      amount: 198,
      tax_rate: 19,
      product_code: 'TB100A4',
      decimals: { quantity: '20.0000', unit_price: '9.9000', amount: '198.00', tax_rate: '19.00' },
    });
    expect(second).toMatchObject({ description: 'Joghurt Banane', tax_rate: 7, product_code: 'ARNR2' });
  });

  it('records the XML path of every field', () => {
    const root = '/rsm:CrossIndustryInvoice';
    const agreement = `${root}/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement`;
    const summation = `${root}/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
    const paths = Object.fromEntries(Object.entries(data.fields).map(([name, provenance]) => [name, provenance.path]));
    expect(paths).toMatchObject({
      invoice_number: `${root}/rsm:ExchangedDocument/ram:ID`,
      invoice_date: `${root}/rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString`,
      vendor_tax_id: `${agreement}/ram:SellerTradeParty/ram:SpecifiedTaxRegistration[2]/ram:ID`,
      vendor_address: `${agreement}/ram:SellerTradeParty/ram:PostalTradeAddress`,
      total: `${summation}/ram:GrandTotalAmount`,
    });
    expect(Object.values(data.fields).every((p) => p.source === 'xml' && p.confidence === 1)).toBe(true);
    const lineFields = data.line_items[1]!.fields;
    expect(lineFields.unit?.path).toBe(
      `${root}/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[2]/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode`,
    );
    // Absent fields are null and carry no provenance.
    expect(data.due_date).toBeNull();
    expect(data.fields.due_date).toBeUndefined();
  });
});

describe('ZUGFeRD 1.0 (CrossIndustryDocument)', () => {
  const data = map(corpusXml(ZF1_RABATTE));

  it('maps the 1.0 element names', () => {
    expect(data).toMatchObject({
      profile: 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort',
      invoice_number: '471102',
      due_date: '2013-07-04',
      po_number: '2013-471331',
      vendor_tax_id: 'DE123456789',
      buyer_tax_id: 'DE234567890',
      buyer_address: 'Kundenstraße 15, 69876 Frankfurt, DE',
      subtotal: 193.83,
      tax: 21.31,
      total: 215.14,
      amount_due: 165.14,
    });
    expect(data.fields.po_number?.path).toBe(
      '/rsm:CrossIndustryDocument/rsm:SpecifiedSupplyChainTradeTransaction/ram:ApplicableSupplyChainTradeAgreement/ram:BuyerOrderReferencedDocument/ram:ID',
    );
  });

  it('skips note-only lines and reads ApplicablePercent as the VAT rate', () => {
    expect(data.line_items.map((line) => line.line_id)).toEqual(['1', '2', '3', '4']);
    expect(data.line_items[0]).toMatchObject({
      description: 'Kunstrasen grün 3m breit',
      unit_price: 3.3333,
      gross_unit_price: 4,
      tax_rate: 19,
      product_code: 'KR3M',
    });
    // CRLF inside element text is normalised to LF, as XML requires.
    expect(data.line_items[2]?.description).toBe('Mineralwasser Medium \n12 x 1,0l PET');
  });
});

describe('CII VAT total in the invoice currency', () => {
  it('takes the GBP amount of an invoice in GBP with VAT also stated in EUR', () => {
    const data = map(corpusXml(FOREIGN_CURRENCY));
    expect(data.currency).toBe('GBP');
    expect(data.tax).toBe(163.16);
    expect(data.fields.tax?.path).toMatch(/ram:TaxTotalAmount\[1\]$/);
    // The document uses a default namespace for rsm elements; paths still use the canonical prefix.
    expect(data.fields.invoice_number?.path).toBe('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID');
  });

  it('picks by currencyID, not by position, and refuses to guess between foreign amounts', () => {
    const xml = corpusXml(FOREIGN_CURRENCY);
    const swapped = xml
      .replace('<ram:TaxTotalAmount currencyID="GBP">163.16</ram:TaxTotalAmount>', '§')
      .replace(
        '<ram:TaxTotalAmount currencyID="EUR">183.14</ram:TaxTotalAmount>',
        '<ram:TaxTotalAmount currencyID="EUR">183.14</ram:TaxTotalAmount><ram:TaxTotalAmount currencyID="GBP">163.16</ram:TaxTotalAmount>',
      )
      .replace('§', '');
    expect(map(swapped).tax).toBe(163.16);
    const noInvoiceCurrency = xml.replace('<ram:TaxTotalAmount currencyID="GBP">163.16</ram:TaxTotalAmount>', '');
    expect(map(noInvoiceCurrency).tax).toBeNull();
  });
});

describe('CII EXTENDED sub-lines', () => {
  it('maps ParentLineID and LineStatusReasonCode, and a price per base quantity', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
  <rsm:ExchangedDocument><ram:ID>X-1</ram:ID></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID><ram:LineStatusReasonCode>GROUP</ram:LineStatusReasonCode></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>Kit</ram:Name></ram:SpecifiedTradeProduct>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1.1</ram:LineID><ram:ParentLineID>1</ram:ParentLineID><ram:LineStatusReasonCode>DETAIL</ram:LineStatusReasonCode></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:GlobalID schemeID="0160">4012345000017</ram:GlobalID><ram:Name>Screws</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>12.50</ram:ChargeAmount><ram:BasisQuantity unitCode="C62">100</ram:BasisQuantity></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">400</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>50.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
    const data = map(xml);
    expect(data.line_items[0]).toMatchObject({ line_id: '1', line_status_reason_code: 'GROUP', parent_line_id: null });
    expect(data.line_items[1]).toMatchObject({
      line_id: '1.1',
      parent_line_id: '1',
      line_status_reason_code: 'DETAIL',
      product_code: '4012345000017', // no seller id: the global id
      net_price: 12.5,
      price_basis_quantity: 100,
      unit_price: 0.125,
      decimals: { unit_price: '0.125', net_price: '12.50', price_basis_quantity: '100' },
    });
    // Nothing more is invented: no dates, no totals.
    expect(data).toMatchObject({ invoice_date: null, total: null, currency: null, vendor_name: null });
  });
});

describe('namespace prefixes', () => {
  it('gives the same result whatever prefixes or default namespaces the producer chose', () => {
    const original = corpusXml(EN16931_EINFACH);
    const renamed = original
      .replace(/(<\/?|xmlns:)rsm([:=])/g, '$1inv$2')
      .replace(/(<\/?|xmlns:)ram([:=])/g, '$1a$2')
      .replace(/(<\/?|xmlns:)udt([:=])/g, '$1dt$2');
    const defaultRam = original.replace(/(<\/?)ram:/g, '$1').replace('xmlns:ram=', 'xmlns=');
    expect(renamed).toContain('<inv:CrossIndustryInvoice');
    expect(defaultRam).toContain('<ID>471102</ID>');
    const expected = map(original);
    expect(map(renamed)).toEqual(expected);
    expect(map(defaultRam)).toEqual(expected);
  });
});
