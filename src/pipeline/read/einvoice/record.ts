// Writing mapped values together with their provenance, so that no field can be set without saying where it came
// from. Absent or empty XML nodes leave the field null and record nothing.

import type { EInvoiceData, EInvoiceLineItem, EInvoiceProvenanceMap } from './types.js';
import { decimalText, exactNumber, exactQuotient, parseDecimal, type ExactDecimal } from './values.js';
import { elementPath, textOf, type XmlElement } from './xml-tree.js';

interface Recordable {
  fields: EInvoiceProvenanceMap;
  decimals: Record<string, string>;
}

/** Sets a string field from explicit value and node; the path may point at an attribute (`attribute`). */
export function recordString<T extends Recordable>(
  target: T,
  field: keyof T & string,
  value: string | null,
  node: XmlElement | null,
  attribute?: string,
): void {
  if (value === null || node === null) return;
  (target as Record<string, unknown>)[field] = value;
  const path = elementPath(node);
  target.fields[field] = { source: 'xml', path: attribute ? `${path}/@${attribute}` : path, confidence: 1 };
}

/** Sets a string field from an element's trimmed text. */
export function recordText<T extends Recordable>(target: T, field: keyof T & string, node: XmlElement | null): void {
  recordString(target, field, textOf(node), node);
}

/** Sets a numeric field from an element holding an xsd:decimal; keeps the exact text in `decimals`. */
export function recordDecimal<T extends Recordable>(
  target: T,
  field: keyof T & string,
  node: XmlElement | null,
): ExactDecimal | null {
  const text = textOf(node);
  const value = parseDecimal(text);
  if (value === null || text === null || node === null) return null;
  recordExact(target, field, value, decimalText(text), node);
  return value;
}

/** Sets a numeric field from an already computed exact value (e.g. a per-unit price). */
export function recordExact<T extends Recordable>(
  target: T,
  field: keyof T & string,
  value: ExactDecimal,
  exactText: string,
  node: XmlElement,
): void {
  (target as Record<string, unknown>)[field] = exactNumber(value);
  target.decimals[field] = exactText;
  target.fields[field] = { source: 'xml', path: elementPath(node), confidence: 1 };
}

/** Postal address lines joined with ", "; postcode and city share one part ("80333 München"). */
export function joinAddress(parts: Array<string | null>): string | null {
  const present = parts.filter((part): part is string => part !== null && part.trim() !== '');
  return present.length > 0 ? present.map((part) => part.replace(/\s+/g, ' ').trim()).join(', ') : null;
}

export function postcodeAndCity(postcode: string | null, city: string | null): string | null {
  const joined = [postcode, city].filter((part) => part !== null).join(' ');
  return joined === '' ? null : joined;
}

export function emptyData(syntax: EInvoiceData['syntax']): EInvoiceData {
  return {
    syntax,
    profile: null,
    document_type_code: null,
    invoice_number: null,
    invoice_date: null,
    due_date: null,
    vendor_name: null,
    vendor_tax_id: null,
    vendor_address: null,
    buyer_name: null,
    buyer_tax_id: null,
    buyer_address: null,
    buyer_reference: null,
    po_number: null,
    currency: null,
    line_total: null,
    subtotal: null,
    tax: null,
    total: null,
    amount_due: null,
    line_items: [],
    decimals: {},
    fields: {},
  };
}

export function emptyLineItem(): EInvoiceLineItem {
  return {
    line_id: null,
    description: null,
    quantity: null,
    unit: null,
    unit_price: null,
    net_price: null,
    price_basis_quantity: null,
    gross_unit_price: null,
    amount: null,
    tax_rate: null,
    product_code: null,
    parent_line_id: null,
    line_status_reason_code: null,
    decimals: {},
    fields: {},
  };
}

/**
 * Records BT-146 net price, BT-149 base quantity, BT-148 gross price, and the per-unit price: the net price divided
 * by the base quantity (10.00 per 100 units -> 0.1), left null when that quotient does not terminate.
 */
export function recordLinePrices(
  line: EInvoiceLineItem,
  netPrice: XmlElement | null,
  baseQuantity: XmlElement | null,
  grossPrice: XmlElement | null,
): void {
  const net = recordDecimal(line, 'net_price', netPrice);
  const base = recordDecimal(line, 'price_basis_quantity', baseQuantity);
  recordDecimal(line, 'gross_unit_price', grossPrice);
  if (net === null || netPrice === null) return;
  if (base === null || base.equals(1)) {
    recordExact(line, 'unit_price', net, line.decimals.net_price ?? net.toFixed(), netPrice);
    return;
  }
  const perUnit = exactQuotient(net, base);
  if (perUnit !== null) recordExact(line, 'unit_price', perUnit, perUnit.toFixed(), netPrice);
}
