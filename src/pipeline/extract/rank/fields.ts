// The header fields the ranker knows, and what kind of value each holds. The kind decides which candidates a field
// competes over (every date of the page for a date field, every money amount for an amount field, ...).

export const RANK_FIELDS = [
  'invoice_number',
  'invoice_date',
  'due_date',
  'po_number',
  'total',
  'subtotal',
  'tax',
] as const;
export type RankField = (typeof RANK_FIELDS)[number];

export type ValueKind = 'identifier' | 'date' | 'amount';

export const FIELD_KIND = {
  invoice_number: 'identifier',
  invoice_date: 'date',
  due_date: 'date',
  po_number: 'identifier',
  total: 'amount',
  subtotal: 'amount',
  tax: 'amount',
} as const satisfies Record<RankField, ValueKind>;

export function isRankField(name: string): name is RankField {
  return (RANK_FIELDS as readonly string[]).includes(name);
}
