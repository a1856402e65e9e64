// UN/CEFACT Cross Industry Invoice -> EInvoiceData. Two generations share one mapper: CII D16B (ZUGFeRD 2.x,
// Factur-X, XRechnung CII; root CrossIndustryInvoice) and ZUGFeRD 1.0 (root CrossIndustryDocument), which names
// the same business terms with older element names. Elements are matched by local name below a root whose
// namespace detection has checked, so the producer's prefixes never matter.

import {
  emptyData,
  emptyLineItem,
  joinAddress,
  postcodeAndCity,
  recordDecimal,
  recordLinePrices,
  recordString,
  recordText,
} from './record.js';
import type { EInvoiceData, EInvoiceLineItem } from './types.js';
import { parseCiiDate } from './values.js';
import { child, children, textOf, type XmlElement } from './xml-tree.js';

/** Element names that differ between CII D16B and ZUGFeRD 1.0. */
interface CiiVocabulary {
  context: string;
  document: string;
  transaction: string;
  headerAgreement: string;
  headerSettlement: string;
  headerSummation: string;
  orderId: string;
  lineAgreement: string;
  lineDelivery: string;
  lineSettlement: string;
  lineSummation: string;
  rate: string;
}

const D16B: CiiVocabulary = {
  context: 'ExchangedDocumentContext',
  document: 'ExchangedDocument',
  transaction: 'SupplyChainTradeTransaction',
  headerAgreement: 'ApplicableHeaderTradeAgreement',
  headerSettlement: 'ApplicableHeaderTradeSettlement',
  headerSummation: 'SpecifiedTradeSettlementHeaderMonetarySummation',
  orderId: 'IssuerAssignedID',
  lineAgreement: 'SpecifiedLineTradeAgreement',
  lineDelivery: 'SpecifiedLineTradeDelivery',
  lineSettlement: 'SpecifiedLineTradeSettlement',
  lineSummation: 'SpecifiedTradeSettlementLineMonetarySummation',
  rate: 'RateApplicablePercent',
};

const ZUGFERD_1: CiiVocabulary = {
  context: 'SpecifiedExchangedDocumentContext',
  document: 'HeaderExchangedDocument',
  transaction: 'SpecifiedSupplyChainTradeTransaction',
  headerAgreement: 'ApplicableSupplyChainTradeAgreement',
  headerSettlement: 'ApplicableSupplyChainTradeSettlement',
  headerSummation: 'SpecifiedTradeSettlementMonetarySummation',
  orderId: 'ID',
  lineAgreement: 'SpecifiedSupplyChainTradeAgreement',
  lineDelivery: 'SpecifiedSupplyChainTradeDelivery',
  lineSettlement: 'SpecifiedSupplyChainTradeSettlement',
  lineSummation: 'SpecifiedTradeSettlementMonetarySummation',
  rate: 'ApplicablePercent',
};

export function ciiProfileElement(root: XmlElement): XmlElement | null {
  const vocabulary = root.name === 'CrossIndustryDocument' ? ZUGFERD_1 : D16B;
  return child(root, vocabulary.context, 'GuidelineSpecifiedDocumentContextParameter', 'ID');
}

/** A udt:DateTimeString (format 102) below `holder`, as yyyy-mm-dd. */
function recordDate(data: EInvoiceData, field: 'invoice_date' | 'due_date', holder: XmlElement | null): boolean {
  const dateTime = child(holder, 'DateTimeString');
  const date = parseCiiDate(textOf(dateTime), dateTime?.attrs.get('format') ?? null);
  recordString(data, field, date, dateTime);
  return date !== null;
}

/** BT-31 VAT id (schemeID VA) or, for the seller only, BT-32 tax number (schemeID FC). */
function taxRegistration(party: XmlElement | null, schemes: string[]): XmlElement | null {
  const ids = children(party, 'SpecifiedTaxRegistration')
    .map((registration) => child(registration, 'ID'))
    .filter((id): id is XmlElement => id !== null && textOf(id) !== null);
  for (const scheme of schemes) {
    const match = ids.find((id) => id.attrs.get('schemeID')?.trim().toUpperCase() === scheme);
    if (match) return match;
  }
  return null;
}

function recordParty(data: EInvoiceData, party: XmlElement | null, role: 'vendor' | 'buyer'): void {
  recordText(data, `${role}_name`, child(party, 'Name'));
  recordText(data, `${role}_tax_id`, taxRegistration(party, role === 'vendor' ? ['VA', 'FC'] : ['VA']));
  const address = child(party, 'PostalTradeAddress');
  const text = joinAddress([
    textOf(child(address, 'LineOne')),
    textOf(child(address, 'LineTwo')),
    textOf(child(address, 'LineThree')),
    postcodeAndCity(textOf(child(address, 'PostcodeCode')), textOf(child(address, 'CityName'))),
    textOf(child(address, 'CountrySubDivisionName')),
    textOf(child(address, 'CountryID')),
  ]);
  recordString(data, `${role}_address`, text, address);
}

/**
 * BT-110: CII may state the VAT total twice, in the invoice currency and in the VAT accounting currency (BT-111),
 * told apart by currencyID. Take the invoice currency's; an unmarked one counts as invoice currency; a lone
 * amount is taken only when the invoice currency is unknown.
 */
function invoiceCurrencyTaxTotal(summation: XmlElement | null, currency: string | null): XmlElement | null {
  const totals = children(summation, 'TaxTotalAmount').filter((total) => textOf(total) !== null);
  const currencyOf = (total: XmlElement): string | null => total.attrs.get('currencyID')?.trim() || null;
  if (currency !== null) {
    return (
      totals.find((total) => currencyOf(total) === currency) ??
      totals.find((total) => currencyOf(total) === null) ??
      null
    );
  }
  return totals.length === 1 ? (totals[0] ?? null) : null;
}

/** A line carrying nothing but a note (ZUGFeRD 1.0 text lines) is not an invoice line. */
function isTextOnlyLine(line: EInvoiceLineItem): boolean {
  return line.description === null && line.quantity === null && line.amount === null && line.net_price === null;
}

function mapLine(element: XmlElement, vocabulary: CiiVocabulary): EInvoiceLineItem {
  const line = emptyLineItem();
  const document = child(element, 'AssociatedDocumentLineDocument');
  recordText(line, 'line_id', child(document, 'LineID'));
  recordText(line, 'parent_line_id', child(document, 'ParentLineID'));
  recordText(line, 'line_status_reason_code', child(document, 'LineStatusReasonCode'));

  const product = child(element, 'SpecifiedTradeProduct');
  recordText(line, 'description', child(product, 'Name'));
  const sellerId = child(product, 'SellerAssignedID');
  recordText(line, 'product_code', textOf(sellerId) !== null ? sellerId : child(product, 'GlobalID'));

  const agreement = child(element, vocabulary.lineAgreement);
  const net = child(agreement, 'NetPriceProductTradePrice');
  const gross = child(agreement, 'GrossPriceProductTradePrice');
  const base = child(net, 'BasisQuantity') ?? child(gross, 'BasisQuantity');
  recordLinePrices(line, child(net, 'ChargeAmount'), base, child(gross, 'ChargeAmount'));

  const quantity = child(element, vocabulary.lineDelivery, 'BilledQuantity');
  recordDecimal(line, 'quantity', quantity);
  const unit = quantity?.attrs.get('unitCode')?.trim() || null;
  recordString(line, 'unit', unit, quantity, 'unitCode');

  const settlement = child(element, vocabulary.lineSettlement);
  recordDecimal(line, 'tax_rate', child(settlement, 'ApplicableTradeTax', vocabulary.rate));
  recordDecimal(line, 'amount', child(settlement, vocabulary.lineSummation, 'LineTotalAmount'));
  return line;
}

/** Maps a CII invoice (root CrossIndustryInvoice or CrossIndustryDocument) to the canonical fields. */
export function mapCii(root: XmlElement): EInvoiceData {
  const vocabulary = root.name === 'CrossIndustryDocument' ? ZUGFERD_1 : D16B;
  const data = emptyData('CII');
  recordText(data, 'profile', ciiProfileElement(root));

  const document = child(root, vocabulary.document);
  recordText(data, 'invoice_number', child(document, 'ID'));
  recordText(data, 'document_type_code', child(document, 'TypeCode'));
  recordDate(data, 'invoice_date', child(document, 'IssueDateTime'));

  const transaction = child(root, vocabulary.transaction);
  const agreement = child(transaction, vocabulary.headerAgreement);
  recordText(data, 'buyer_reference', child(agreement, 'BuyerReference'));
  recordParty(data, child(agreement, 'SellerTradeParty'), 'vendor');
  recordParty(data, child(agreement, 'BuyerTradeParty'), 'buyer');
  recordText(data, 'po_number', child(agreement, 'BuyerOrderReferencedDocument', vocabulary.orderId));

  const settlement = child(transaction, vocabulary.headerSettlement);
  recordText(data, 'currency', child(settlement, 'InvoiceCurrencyCode'));
  // BT-9: the first payment term that states a due date (later ones are usually discount deadlines).
  for (const terms of children(settlement, 'SpecifiedTradePaymentTerms')) {
    if (recordDate(data, 'due_date', child(terms, 'DueDateDateTime'))) break;
  }
  const summation = child(settlement, vocabulary.headerSummation);
  recordDecimal(data, 'line_total', child(summation, 'LineTotalAmount'));
  recordDecimal(data, 'subtotal', child(summation, 'TaxBasisTotalAmount'));
  recordDecimal(data, 'tax', invoiceCurrencyTaxTotal(summation, data.currency));
  recordDecimal(data, 'total', child(summation, 'GrandTotalAmount'));
  recordDecimal(data, 'amount_due', child(summation, 'DuePayableAmount'));

  data.line_items = children(transaction, 'IncludedSupplyChainTradeLineItem')
    .map((element) => mapLine(element, vocabulary))
    .filter((line) => !isTextOnlyLine(line));
  return data;
}
