// The e-invoice path: an embedded CII credit note is mapped exactly and wins over the page text.
import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { detectEInvoice } from '../../../../src/pipeline/read/einvoice/index.js';
import { buildDocument, rightAt } from './build-document.js';

const CREDIT_NOTE = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>CN-2026-7</ram:ID><ram:TypeCode>381</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20260305</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>Returned widget</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>0.10</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">3</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>0.30</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Muster GmbH</ram:Name>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kunde AG</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>0.30</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>0.30</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">0.06</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>0.36</ram:GrandTotalAmount>
        <ram:DuePayableAmount>0.36</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

describe('e-invoice XML', () => {
  const einvoice = detectEInvoice(CREDIT_NOTE);
  // The printed page disagrees on purpose: the XML is what counts.
  const doc = buildDocument(
    [
      {
        lines: [
          [40, [50, 'Gutschrift Nr. WRONG-1']],
          [300, [380, 'Gesamtbetrag'], rightAt(540, '999,00 €')],
        ],
      },
    ],
    einvoice,
  );

  it('maps every field exactly and wins over the page text', () => {
    const result = extractInvoice(doc, { requireLineItems: true, documentType: 'invoice' });
    expect(result.document_type).toBe('credit_note');
    expect(result.summary_data).toEqual({
      invoice_number: 'CN-2026-7',
      invoice_date: '2026-03-05',
      due_date: null,
      vendor_name: 'Muster GmbH',
      vendor_tax_id: 'DE123456789',
      vendor_address: null,
      buyer_name: 'Kunde AG',
      buyer_tax_id: null,
      buyer_address: null,
      po_number: null,
      currency: 'EUR',
      subtotal: 0.3,
      tax: 0.06,
      total: 0.36,
      amount_due: 0.36,
    });
    expect(result.lineItems).toEqual([
      { description: 'Returned widget', quantity: 3, unit_price: 0.1, amount: 0.3, unit: 'C62', tax_rate: 19 },
    ]);
    expect(result.extraction).toMatchObject({
      method: 'einvoice',
      einvoice: { syntax: 'CII', profile: 'urn:cen.eu:en16931:2017' },
    });
  });

  it('gives XML paths as provenance, with confidence 1', () => {
    const result = extractInvoice(doc, { requireLineItems: true, documentType: 'invoice' });
    expect(result.fields['summary_data.total']).toEqual({
      confidence: 1,
      source: 'xml',
      path: expect.stringContaining('GrandTotalAmount'),
    });
    expect(result.fields['lineItems[0].amount']?.path).toContain('LineTotalAmount');
    expect(result.fields['summary_data.due_date']).toBeUndefined();
  });

  it('checks the arithmetic in exact decimals (0.10 × 3 = 0.30, 0.30 + 0.06 = 0.36)', () => {
    const result = extractInvoice(doc, { requireLineItems: true, documentType: 'invoice' });
    expect(result.validation.passed).toBe(true);
    expect(result.validation.checks).toEqual([
      { name: 'line_items_sum_equals_subtotal', passed: true, expected: 0.3, actual: 0.3 },
      { name: 'subtotal_plus_tax_equals_total', passed: true, expected: 0.36, actual: 0.36 },
      {
        name: 'line_quantity_times_unit_price_equals_amount',
        passed: true,
        expected: 0.3,
        actual: 0.3,
        detail: 'lineItems[0]',
      },
    ]);
  });

  it('leaves line items out when they are not required', () => {
    const result = extractInvoice(doc, { requireLineItems: false, documentType: 'debit_note' });
    expect(result.lineItems).toEqual([]);
    expect(result.document_type).toBe('credit_note');
    expect(Object.keys(result.fields).some((k) => k.startsWith('lineItems'))).toBe(false);
  });
});
