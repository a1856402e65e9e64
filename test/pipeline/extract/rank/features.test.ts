// Candidates and their features on a small invoice built in code: every date, amount and identifier is a
// candidate, labels are seen in their direction, and the arithmetic between amounts is visible.
import { describe, expect, it } from 'vitest';
import { buildLayout } from '../../../../src/pipeline/extract/builtin/layout/layout.js';
import { candidatesOf, contextOf } from '../../../../src/pipeline/extract/rank/context.js';
import { featureNames, featuresOf } from '../../../../src/pipeline/extract/rank/features.js';
import type { ValueKind } from '../../../../src/pipeline/extract/rank/fields.js';
import { buildDocument, rightAt } from '../builtin/build-document.js';

const doc = buildDocument([
  {
    lines: [
      [40, [50, 'Northwind Traders Inc.'], [430, 'INVOICE']],
      [110, [50, 'Invoice Date'], [200, 'Due Date'], [350, 'Invoice #']],
      [122, [50, '03/15/2026'], [200, '04/14/2026'], [350, 'INV-1001']],
      [140, [50, 'Ship date: 03/10/2026']],
      [230, [50, 'Description'], [300, 'Qty'], rightAt(540, 'Amount')],
      [246, [50, 'Widget'], [300, '4'], rightAt(540, '$100.00')],
      [300, [380, 'Subtotal'], rightAt(540, '$100.00')],
      [314, [380, 'Sales Tax'], rightAt(540, '$8.25')],
      [328, [380, 'Total'], rightAt(540, '$108.25')],
    ],
  },
]);

function featureTable(kind: ValueKind) {
  const ctx = contextOf(buildLayout(doc));
  const names = featureNames(kind);
  const vectors = featuresOf(ctx, kind, [], null);
  return candidatesOf(ctx, kind).map((c, i) => {
    const vector = vectors[i] as Float64Array;
    return { value: c.value, f: (name: string) => vector[names.indexOf(name)] as number };
  });
}

describe('rank candidates and features', () => {
  it('makes every date a candidate and sees the label above it', () => {
    const dates = featureTable('date');
    expect(dates.map((d) => d.value)).toEqual(['2026-03-15', '2026-04-14', '2026-03-10']);
    const [invoiceDate, dueDate, shipDate] = dates;
    expect(invoiceDate?.f('above:date')).toBeGreaterThan(0);
    expect(invoiceDate?.f('above:due')).toBe(0);
    expect(dueDate?.f('above:due')).toBeGreaterThan(0);
    expect(shipDate?.f('inline:delivery')).toBeGreaterThan(0);
    expect(invoiceDate?.f('earliest')).toBe(0);
    expect(shipDate?.f('earliest')).toBe(1);
    expect(dueDate?.f('latest')).toBe(1);
  });

  it('sees the arithmetic between amounts', () => {
    const amounts = featureTable('amount');
    const total = amounts.find((a) => a.value === '108.25');
    const tax = amounts.find((a) => a.value === '8.25');
    expect(total?.f('is_max')).toBe(1);
    expect(total?.f('sum_of_pair')).toBe(1);
    expect(total?.f('left:total')).toBeGreaterThan(0);
    expect(tax?.f('tax_like')).toBe(1);
    expect(tax?.f('left:tax')).toBeGreaterThan(0);
    expect(total?.f('y_top')).toBe(0);
  });

  it('reads identifiers with the label above them and their shape', () => {
    const ids = featureTable('identifier');
    const number = ids.find((i) => i.value === 'INV-1001');
    expect(number?.f('above:number')).toBeGreaterThan(0);
    expect(number?.f('has_letter')).toBe(1);
    expect(number?.f('has_separator')).toBe(1);
    // Every feature stays within [0, 1].
    for (const kind of ['date', 'amount', 'identifier'] as const) {
      for (const row of featureTable(kind))
        for (const name of featureNames(kind)) expect(row.f(name)).toBeGreaterThanOrEqual(0);
    }
  });
});
