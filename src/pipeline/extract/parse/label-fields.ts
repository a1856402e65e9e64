// The canonical fields the label dictionary knows, and the shape of its entries.

export const LABEL_FIELDS = [
  // document references and dates
  'invoice_number',
  'invoice_date',
  'due_date',
  'delivery_date',
  'order_date',
  // another invoice this one refers to (a correction's original, BT-25/26): its number and date are not this one's
  'preceding_invoice',
  'po_number',
  'customer_number',
  // identifiers of the parties; `tax_id` is a label that does not say whose number it is (decide by layout)
  'tax_id',
  'vendor_tax_id',
  'buyer_tax_id',
  'registration_id',
  // summary amounts
  'subtotal',
  'tax',
  'total',
  'amount_due',
  'currency',
  // address block headings
  'buyer_block',
  'ship_to_block',
  'vendor_block',
  // line-item column headers
  'line_position',
  'line_description',
  'line_product_code',
  'line_quantity',
  'line_unit',
  'line_unit_price',
  'line_discount',
  'line_tax_rate',
  'line_amount',
] as const;

export type LabelField = (typeof LABEL_FIELDS)[number];

export const LABEL_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

/** One group of label variants for a field, by language, with one specificity weight for all of them. */
export interface LabelSpec {
  field: LabelField;
  /**
   * How surely the words name this field, 0..1 (default 1). Generic words get less: "Date" (0.6) may be any date,
   * "Total" under a line-item table is a line amount (0.5) far more rarely than a document total (1).
   */
  weight?: number;
  /**
   * Short common words ("To", "De", "Von") count only as a heading: first in the text and either alone or
   * followed by ':'. Otherwise every French "de" would be a vendor block.
   */
  standalone?: boolean;
  variants: Partial<Record<LabelLanguage, readonly string[]>>;
}

/** Every `prefix suffix` pair, e.g. combine(['invoice'], ['no', 'number']) -> ['invoice no', 'invoice number']. */
export function combine(prefixes: readonly string[], suffixes: readonly string[]): string[] {
  return prefixes.flatMap((p) => suffixes.map((s) => `${p} ${s}`));
}
