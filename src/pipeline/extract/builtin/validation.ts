// Arithmetic checks on an extracted invoice, in exact decimals with a one-cent tolerance: the line amounts add up
// to the subtotal, subtotal + tax = total, and quantity × unit price = amount on every line (one check per line,
// named by its detail "lineItems[i]", so a client sees which line is off).
import {
  CENT,
  moneyEquals,
  multiplyMoney,
  roundMoney,
  sumMoney,
  toJsonNumber,
  type DecimalString,
} from '../parse/index.js';
import type { Validation, ValidationCheck } from '../schemas/common.js';

export interface CheckedLine {
  quantity: DecimalString | null;
  unit_price: DecimalString | null;
  amount: DecimalString | null;
}

export interface CheckedAmounts {
  subtotal: DecimalString | null;
  tax: DecimalString | null;
  total: DecimalString | null;
  lines: readonly CheckedLine[];
}

const json = (value: DecimalString | null): number | null => (value === null ? null : toJsonNumber(roundMoney(value)));

function check(
  name: string,
  expected: DecimalString | null,
  actual: DecimalString | null,
  detail?: string,
): ValidationCheck {
  const result: ValidationCheck = {
    name,
    passed: expected === null || actual === null ? null : moneyEquals(expected, actual, CENT),
    expected: json(expected),
    actual: json(actual),
  };
  if (detail !== undefined) result.detail = detail;
  return result;
}

export function validateInvoice(amounts: CheckedAmounts): Validation {
  const checks: ValidationCheck[] = [];
  const lineAmounts = amounts.lines.map((l) => l.amount);
  const lineSum =
    amounts.lines.length > 0 && lineAmounts.every((a) => a !== null) ? sumMoney(lineAmounts as DecimalString[]) : null;
  checks.push(
    check(
      'line_items_sum_equals_subtotal',
      amounts.subtotal,
      amounts.lines.length > 0 ? lineSum : null,
      amounts.lines.length === 0 ? 'no line items' : undefined,
    ),
  );
  const subtotalPlusTax =
    amounts.subtotal !== null && amounts.tax !== null ? sumMoney([amounts.subtotal, amounts.tax]) : null;
  checks.push(check('subtotal_plus_tax_equals_total', amounts.total, subtotalPlusTax));
  amounts.lines.forEach((line, i) => {
    const product =
      line.quantity !== null && line.unit_price !== null ? multiplyMoney(line.quantity, line.unit_price) : null;
    checks.push(check('line_quantity_times_unit_price_equals_amount', line.amount, product, `lineItems[${i}]`));
  });
  return { passed: checks.every((c) => c.passed !== false), checks };
}
