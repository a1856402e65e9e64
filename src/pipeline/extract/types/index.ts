// Builtin extractors of the non-invoice document types: layout-aware, offline, pure functions of the read document.
export { extractCreditCardStatement } from './credit-card-statement.js';
export { extractGoodsReceivedNote } from './goods-received-note.js';
export { extractMultiAccountStatement } from './multi-account-statement.js';
export { extractPoNumbers } from './po-numbers.js';
export { extractPurchaseOrder, type OrderOptions } from './purchase-order.js';
// Building blocks other extractors may share (see the report): geometry, label -> value lookup, column tables.
export { buildLayout, type Layout, type LayoutLine, type Segment } from './layout.js';
export { findValue, findValues, indexLabels, type FoundValue, type LabelIndex } from './label-values.js';
export { cellsOf, findHeaders, readRows, type Column, type TableHeader, type TableRow } from './table.js';
export { findCardNumbers, maskCardNumbers } from './card-number.js';
