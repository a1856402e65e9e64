// The label matchers of purchase orders and goods received notes, over the per-language phrases of
// language/orders.ts (document titles, receipt fields, party headings and a GRN's quantity columns).
import { GRN_COLUMN_PHRASES, ORDER_LABEL_PHRASES, type GrnColumn, type OrderField } from '../language/index.js';
import { PhraseMatcher, phraseSpecs } from './phrases.js';

export type { GrnColumn, OrderField } from '../language/index.js';

export const ORDER_LABELS = new PhraseMatcher<OrderField>(phraseSpecs(ORDER_LABEL_PHRASES));

export const GRN_COLUMNS = new PhraseMatcher<GrnColumn>(phraseSpecs(GRN_COLUMN_PHRASES));
