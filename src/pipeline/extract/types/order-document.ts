// What the order-like extractors (purchase orders, GRNs) start from: the page layout and its value conventions, the
// line table (its rows are kept out of the label index, so a "Total" column header is never read as a label), a
// provenance recorder, the supplier block and the receiving party (a block, or the letterhead).
import type { ReadDocument } from '../../model.js';
import { valueContext } from './context.js';
import { findValue } from './label-values.js';
import { buildLayout } from './layout.js';
import { readLineTable, type LineColumn } from './line-items.js';
import { orderIndex } from './order-fields.js';
import { readBlock, readLetterhead } from './parties.js';
import { FieldRecorder, type ReadValue } from './provenance.js';
import { readText } from './values.js';

export function readOrderDocument(doc: ReadDocument, anchors: readonly LineColumn[], rowsRequired: boolean) {
  const layout = buildLayout(doc);
  const ctx = valueContext(layout);
  const table = readLineTable(layout.lines, ctx, rowsRequired, anchors);
  const index = orderIndex(layout, table.lineIndexes);
  const text = (field: string): ReadValue<string> | null => {
    const found = findValue(index, field, readText);
    return found ? { value: found.value, evidence: found.evidence } : null;
  };
  return {
    layout,
    ctx,
    table,
    index,
    recorder: new FieldRecorder(),
    text,
    vendor: readBlock(index, 'vendor_block', table.lineIndexes),
    buyer: readBlock(index, 'buyer_block', table.lineIndexes) ?? readLetterhead(index),
  };
}
