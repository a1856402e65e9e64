// typeId 1: a purchase order. Header values by label, the supplier (vendor) and buyer blocks (the buyer is the
// letterhead when no block names it: a PO is issued by its buyer), the delivery address, the line table, totals,
// and the checks: quantity x unit price = amount per line, lines sum to the subtotal, subtotal + tax = total.
import type { ReadDocument } from '../../model.js';
import { moneyEquals, multiplyMoney, roundMoney, sumMoney, type DecimalString } from '../parse/index.js';
import type { ValidationCheck } from '../schemas/common.js';
import type { PurchaseOrderResult } from '../schemas/orders.js';
import { currencyEvidence } from './credit-card-statement.js';
import { cellMoney, cellPercent, cellQuantity, cellText, productCode, type LineColumn } from './line-items.js';
import { dateValue, poNumberValue, take } from './order-fields.js';
import { readBlock } from './parties.js';
import { chooseTotals } from './order-totals.js';
import { extractionInfo, moneyNumber, validationOf, type ReadValue } from './provenance.js';
import type { TableRow } from './table.js';
import { readOrderDocument } from './order-document.js';
import type { ValueContext } from './values.js';

export interface OrderOptions {
  /** When false, line items are not extracted and `lineItems` is []. */
  requireLineItems: boolean;
}

const ANCHORS: readonly LineColumn[] = ['line_quantity', 'line_amount', 'line_unit_price'];
/** Prices may carry more decimals than amounts ("0.125 per piece"); quantities too ("2.5 kg"). */
const PRICE_DECIMALS = 6;

type Item = PurchaseOrderResult['lineItems'][number];

function check(
  name: string,
  expected: DecimalString | null,
  actual: DecimalString | null,
  detail?: string,
): ValidationCheck {
  const out: ValidationCheck = {
    name,
    passed: expected === null || actual === null ? null : moneyEquals(expected, actual),
    expected: expected === null ? null : moneyNumber(roundMoney(expected)),
    actual: actual === null ? null : moneyNumber(roundMoney(actual)),
  };
  if (detail) out.detail = detail;
  return out;
}

/**
 * A "#" column that holds quantities ("400,00"), not positions: taken as the quantity only when it times the unit
 * price gives the amount.
 */
function quantityFromPosition(
  row: TableRow<LineColumn>,
  ctx: ValueContext,
  unitPrice: ReadValue<DecimalString> | null,
  amount: ReadValue<DecimalString> | null,
): { quantity: ReadValue<DecimalString>; unit: string | null } | null {
  const position = row.cells.line_position;
  if (!position || !unitPrice || !amount) return null;
  const value = cellMoney(row, 'line_position', ctx);
  if (!value || !moneyEquals(multiplyMoney(value.value, unitPrice.value), amount.value)) return null;
  return {
    quantity: { value: value.value, evidence: { ...value.evidence, confidence: value.evidence.confidence * 0.8 } },
    unit: null,
  };
}

export function extractPurchaseOrder(
  doc: ReadDocument,
  options: OrderOptions = { requireLineItems: true },
): PurchaseOrderResult {
  // The table is found even without line items: its header and rows must never serve as labels ("Total").
  const { layout, ctx, table, index, recorder, text, vendor, buyer } = readOrderDocument(doc, ANCHORS, false);
  const s = (key: string): string => `summary_data.${key}`;

  const shipTo = readBlock(index, 'ship_to_block', table.lineIndexes);
  const currency = ctx.currency ? currencyEvidence(layout, ctx.currency) : null;
  if (currency) recorder.record(s('currency'), currency);
  const { subtotal, tax, total } = chooseTotals(index, ctx);

  const summary: PurchaseOrderResult['summary_data'] = {
    po_number: take(recorder, s('po_number'), poNumberValue(index, index.lines)),
    po_date: take(recorder, s('po_date'), dateValue(index, ['po_date', 'order_date', 'document_date'], ctx)),
    delivery_date: take(recorder, s('delivery_date'), dateValue(index, ['delivery_date'], ctx)),
    vendor_name: take(recorder, s('vendor_name'), vendor?.name ?? null),
    vendor_tax_id: take(recorder, s('vendor_tax_id'), vendor?.taxId ?? null),
    vendor_address: take(recorder, s('vendor_address'), vendor?.address ?? null),
    buyer_name: take(recorder, s('buyer_name'), buyer?.name ?? null),
    buyer_tax_id: take(recorder, s('buyer_tax_id'), buyer?.taxId ?? null),
    buyer_address: take(recorder, s('buyer_address'), buyer?.address ?? null),
    ship_to_address: take(recorder, s('ship_to_address'), shipTo?.block ?? null),
    payment_terms: take(recorder, s('payment_terms'), text('payment_terms')),
    currency: currency ? ctx.currency : null,
    subtotal: moneyNumber(take(recorder, s('subtotal'), subtotal)),
    tax: moneyNumber(take(recorder, s('tax'), tax)),
    total: moneyNumber(take(recorder, s('total'), total)),
  };

  const lineItems: Item[] = [];
  const checks: ValidationCheck[] = [];
  const amounts: DecimalString[] = [];
  if (options.requireLineItems) {
    const discounted = table.rows.some((r) => r.cells.line_discount);
    table.rows.forEach((row, i) => {
      const p = (key: string): string => `lineItems[${i}].${key}`;
      const unitPrice = cellMoney(row, 'line_unit_price', ctx);
      const amount = cellMoney(row, 'line_amount', ctx);
      const quantity = cellQuantity(row, 'line_quantity', ctx) ?? quantityFromPosition(row, ctx, unitPrice, amount);
      const unitCell = cellText(row, 'line_unit');
      const unit = unitCell ?? (quantity?.unit ? { value: quantity.unit, evidence: quantity.quantity.evidence } : null);
      const rate = cellPercent(row, 'line_tax_rate', ctx);
      lineItems.push({
        description: take(recorder, p('description'), cellText(row, 'line_description')),
        product_code: take(recorder, p('product_code'), productCode(row)),
        quantity: moneyNumber(take(recorder, p('quantity'), quantity?.quantity ?? null), PRICE_DECIMALS),
        unit: take(recorder, p('unit'), unit),
        unit_price: moneyNumber(take(recorder, p('unit_price'), unitPrice), PRICE_DECIMALS),
        amount: moneyNumber(take(recorder, p('amount'), amount)),
        tax_rate: moneyNumber(take(recorder, p('tax_rate'), rate), 3),
      });
      if (amount) amounts.push(amount.value);
      if (quantity && unitPrice && amount) {
        checks.push(
          discounted
            ? check(p('quantity_times_unit_price_equals_amount'), null, null, 'a discount column applies')
            : check(
                p('quantity_times_unit_price_equals_amount'),
                multiplyMoney(quantity.quantity.value, unitPrice.value),
                amount.value,
              ),
        );
      }
    });
    if (amounts.length > 0 && amounts.length === table.rows.length) {
      if (subtotal || !tax) {
        const target = subtotal ?? total;
        checks.push(
          check(
            subtotal ? 'line_amounts_sum_to_subtotal' : 'line_amounts_sum_to_total',
            target?.value ?? null,
            sumMoney(amounts),
          ),
        );
      }
    }
  }
  checks.push(
    check(
      'subtotal_plus_tax_equals_total',
      total?.value ?? null,
      subtotal && tax ? sumMoney([subtotal.value, tax.value]) : null,
    ),
  );

  return {
    document_type: 'purchase_order',
    summary_data: summary,
    lineItems,
    fields: recorder.fields,
    validation: validationOf(checks),
    extraction: extractionInfo(doc, ctx.language),
  };
}
