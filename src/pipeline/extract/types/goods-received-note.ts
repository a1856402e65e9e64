// typeId 2: a goods received note. Header values by label (GRN number, receipt date, PO and delivery-note
// references, receiving location, who received), the supplier block, the receiving party (a block or the
// letterhead), and the line table with ordered / received / rejected quantities; each line is checked:
// received + rejected <= ordered.
import type { ReadDocument } from '../../model.js';
import { compareMoney, sumMoney, type DecimalString } from '../parse/index.js';
import type { ValidationCheck } from '../schemas/common.js';
import type { GoodsReceivedNoteResult } from '../schemas/orders.js';
import { cellQuantity, cellText, productCode, type LineColumn } from './line-items.js';
import { dateValue, identifierValue, poNumberValue, take } from './order-fields.js';
import { extractionInfo, moneyNumber, validationOf } from './provenance.js';
import type { OrderOptions } from './purchase-order.js';
import { readOrderDocument } from './order-document.js';

const ANCHORS: readonly LineColumn[] = ['qty_ordered', 'qty_received', 'qty_rejected', 'qty_accepted', 'line_quantity'];
const QUANTITY_DECIMALS = 6;
/** A GRN with a single quantity column: it is the quantity received, read with less certainty. */
const PLAIN_QUANTITY_FACTOR = 0.8;

type Item = GoodsReceivedNoteResult['lineItems'][number];

function lineCheck(
  name: string,
  ordered: DecimalString | null,
  received: DecimalString | null,
  rejected: DecimalString | null,
): ValidationCheck {
  if (ordered === null || received === null) {
    return {
      name,
      passed: null,
      expected: moneyNumber(ordered, QUANTITY_DECIMALS),
      actual: moneyNumber(received, QUANTITY_DECIMALS),
      detail: 'ordered or received quantity missing',
    };
  }
  const actual = sumMoney([received, rejected ?? '0']);
  const out: ValidationCheck = {
    name,
    passed: compareMoney(actual, ordered) <= 0,
    expected: moneyNumber(ordered, QUANTITY_DECIMALS),
    actual: moneyNumber(actual, QUANTITY_DECIMALS),
  };
  if (rejected === null) out.detail = 'no rejected quantity printed, taken as 0';
  return out;
}

export function extractGoodsReceivedNote(
  doc: ReadDocument,
  options: OrderOptions = { requireLineItems: true },
): GoodsReceivedNoteResult {
  const { ctx, table, index, recorder, text, vendor, buyer } = readOrderDocument(doc, ANCHORS, true);
  const s = (key: string): string => `summary_data.${key}`;

  const summary: GoodsReceivedNoteResult['summary_data'] = {
    grn_number: take(recorder, s('grn_number'), identifierValue(index, 'grn_number')),
    receipt_date: take(
      recorder,
      s('receipt_date'),
      dateValue(index, ['receipt_date', 'delivery_date', 'document_date'], ctx),
    ),
    po_number: take(recorder, s('po_number'), poNumberValue(index, index.lines)),
    delivery_note_number: take(recorder, s('delivery_note_number'), identifierValue(index, 'delivery_note_number')),
    vendor_name: take(recorder, s('vendor_name'), vendor?.name ?? null),
    vendor_address: take(recorder, s('vendor_address'), vendor?.address ?? null),
    buyer_name: take(recorder, s('buyer_name'), buyer?.name ?? null),
    receiving_location: take(recorder, s('receiving_location'), text('receiving_location')),
    received_by: take(recorder, s('received_by'), text('received_by')),
  };

  const lineItems: Item[] = [];
  const checks: ValidationCheck[] = [];
  if (options.requireLineItems) {
    table.rows.forEach((row, i) => {
      const p = (key: string): string => `lineItems[${i}].${key}`;
      const ordered = cellQuantity(row, 'qty_ordered', ctx);
      const plain = row.cells.qty_received ? null : cellQuantity(row, 'line_quantity', ctx);
      const received =
        cellQuantity(row, 'qty_received', ctx) ??
        (plain && {
          ...plain,
          quantity: {
            ...plain.quantity,
            evidence: {
              ...plain.quantity.evidence,
              confidence: plain.quantity.evidence.confidence * PLAIN_QUANTITY_FACTOR,
            },
          },
        });
      const rejected = cellQuantity(row, 'qty_rejected', ctx);
      const unit =
        cellText(row, 'line_unit') ??
        (() => {
          const withUnit = [received, ordered].find((q) => q?.unit);
          return withUnit?.unit ? { value: withUnit.unit, evidence: withUnit.quantity.evidence } : null;
        })();
      lineItems.push({
        description: take(recorder, p('description'), cellText(row, 'line_description')),
        product_code: take(recorder, p('product_code'), productCode(row)),
        unit: take(recorder, p('unit'), unit),
        quantity_ordered: moneyNumber(
          take(recorder, p('quantity_ordered'), ordered?.quantity ?? null),
          QUANTITY_DECIMALS,
        ),
        quantity_received: moneyNumber(
          take(recorder, p('quantity_received'), received?.quantity ?? null),
          QUANTITY_DECIMALS,
        ),
        quantity_rejected: moneyNumber(
          take(recorder, p('quantity_rejected'), rejected?.quantity ?? null),
          QUANTITY_DECIMALS,
        ),
      });
      checks.push(
        lineCheck(
          p('received_plus_rejected_within_ordered'),
          ordered?.quantity.value ?? null,
          received?.quantity.value ?? null,
          rejected?.quantity.value ?? null,
        ),
      );
    });
  }

  return {
    document_type: 'goods_received_note',
    summary_data: summary,
    lineItems,
    fields: recorder.fields,
    validation: validationOf(checks),
    extraction: extractionInfo(doc, ctx.language),
  };
}
