// OASIS UBL 2.1 Invoice / CreditNote (Peppol BIS Billing 3.0, XRechnung UBL) -> EInvoiceData. Matched by local
// name (cbc:/cac: prefixes vary or are default namespaces) below a root whose namespace detection has checked.

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
import { parseIsoDate } from './values.js';
import { child, children, textOf, type XmlElement } from './xml-tree.js';

function recordDate(data: EInvoiceData, field: 'invoice_date' | 'due_date', element: XmlElement | null): void {
  recordString(data, field, parseIsoDate(textOf(element)), element);
}

/** PartyTaxScheme/CompanyID with TaxScheme/ID VAT (BT-31, BT-48); `otherwise` also takes other schemes (BT-32). */
function taxCompanyId(party: XmlElement | null, otherwise: boolean): XmlElement | null {
  const schemes = children(party, 'PartyTaxScheme').filter((scheme) => textOf(child(scheme, 'CompanyID')) !== null);
  const vat = schemes.find((scheme) => textOf(child(scheme, 'TaxScheme', 'ID'))?.toUpperCase() === 'VAT');
  const chosen = vat ?? (otherwise ? schemes[0] : undefined);
  return chosen ? child(chosen, 'CompanyID') : null;
}

function recordParty(data: EInvoiceData, party: XmlElement | null, role: 'vendor' | 'buyer'): void {
  // BT-27 / BT-44 is the legal registration name; the trading name (BT-28 / BT-45) stands in only when it is absent.
  const legalName = child(party, 'PartyLegalEntity', 'RegistrationName');
  recordText(data, `${role}_name`, textOf(legalName) !== null ? legalName : child(party, 'PartyName', 'Name'));
  recordText(data, `${role}_tax_id`, taxCompanyId(party, role === 'vendor'));
  const address = child(party, 'PostalAddress');
  const text = joinAddress([
    textOf(child(address, 'StreetName')),
    textOf(child(address, 'AdditionalStreetName')),
    ...children(address, 'AddressLine').map((line) => textOf(child(line, 'Line'))),
    postcodeAndCity(textOf(child(address, 'PostalZone')), textOf(child(address, 'CityName'))),
    textOf(child(address, 'CountrySubentity')),
    textOf(child(address, 'Country', 'IdentificationCode')),
  ]);
  recordString(data, `${role}_address`, text, address);
}

/**
 * BT-110: the TaxTotal/TaxAmount in the document currency. UBL repeats TaxTotal for the VAT accounting currency
 * (BT-111, other currencyID); an amount without currencyID is taken as document currency.
 */
function documentCurrencyTaxAmount(root: XmlElement, currency: string | null): XmlElement | null {
  const amounts = children(root, 'TaxTotal')
    .map((total) => child(total, 'TaxAmount'))
    .filter((amount): amount is XmlElement => amount !== null && textOf(amount) !== null);
  const currencyOf = (amount: XmlElement): string | null => amount.attrs.get('currencyID')?.trim() || null;
  if (currency !== null) {
    const inCurrency = amounts.find((amount) => currencyOf(amount) === currency);
    return inCurrency ?? amounts.find((amount) => currencyOf(amount) === null) ?? null;
  }
  return amounts.length === 1 ? (amounts[0] ?? null) : null;
}

function mapLine(element: XmlElement, quantityName: string): EInvoiceLineItem {
  const line = emptyLineItem();
  recordText(line, 'line_id', child(element, 'ID'));
  const item = child(element, 'Item');
  recordText(line, 'description', child(item, 'Name'));
  const sellerId = child(item, 'SellersItemIdentification', 'ID');
  const standardId = child(item, 'StandardItemIdentification', 'ID');
  recordText(line, 'product_code', textOf(sellerId) !== null ? sellerId : standardId);
  recordDecimal(line, 'tax_rate', child(item, 'ClassifiedTaxCategory', 'Percent'));

  const quantity = child(element, quantityName);
  recordDecimal(line, 'quantity', quantity);
  recordString(line, 'unit', quantity?.attrs.get('unitCode')?.trim() || null, quantity, 'unitCode');
  recordDecimal(line, 'amount', child(element, 'LineExtensionAmount'));

  // The gross price (BT-148) is the base amount of the price discount (Price/AllowanceCharge/BaseAmount).
  const price = child(element, 'Price');
  const priceDiscount = children(price, 'AllowanceCharge').find(
    (charge) => textOf(child(charge, 'ChargeIndicator'))?.toLowerCase() === 'false',
  );
  recordLinePrices(line, child(price, 'PriceAmount'), child(price, 'BaseQuantity'), child(priceDiscount, 'BaseAmount'));
  return line;
}

/** Maps a UBL 2.1 Invoice or CreditNote to the canonical fields. */
export function mapUbl(root: XmlElement): EInvoiceData {
  const isCreditNote = root.name === 'CreditNote';
  const data = emptyData('UBL');
  recordText(data, 'profile', child(root, 'CustomizationID'));
  recordText(data, 'invoice_number', child(root, 'ID'));
  recordText(data, 'document_type_code', child(root, isCreditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'));
  recordDate(data, 'invoice_date', child(root, 'IssueDate'));
  // BT-9: cbc:DueDate on an Invoice; a UBL 2.1 CreditNote has none and carries it as PaymentMeans/PaymentDueDate.
  recordDate(data, 'due_date', child(root, 'DueDate'));
  if (data.due_date === null) {
    const dueDates = children(root, 'PaymentMeans').map((means) => child(means, 'PaymentDueDate'));
    recordDate(data, 'due_date', dueDates.find((date) => textOf(date) !== null) ?? null);
  }
  recordText(data, 'currency', child(root, 'DocumentCurrencyCode'));
  recordText(data, 'buyer_reference', child(root, 'BuyerReference'));
  recordText(data, 'po_number', child(root, 'OrderReference', 'ID'));
  recordParty(data, child(root, 'AccountingSupplierParty', 'Party'), 'vendor');
  recordParty(data, child(root, 'AccountingCustomerParty', 'Party'), 'buyer');

  const totals = child(root, 'LegalMonetaryTotal');
  recordDecimal(data, 'line_total', child(totals, 'LineExtensionAmount'));
  recordDecimal(data, 'subtotal', child(totals, 'TaxExclusiveAmount'));
  recordDecimal(data, 'tax', documentCurrencyTaxAmount(root, data.currency));
  recordDecimal(data, 'total', child(totals, 'TaxInclusiveAmount'));
  recordDecimal(data, 'amount_due', child(totals, 'PayableAmount'));

  const [lineName, quantityName] = isCreditNote
    ? ['CreditNoteLine', 'CreditedQuantity']
    : ['InvoiceLine', 'InvoicedQuantity'];
  data.line_items = children(root, lineName).map((element) => mapLine(element, quantityName));
  return data;
}
