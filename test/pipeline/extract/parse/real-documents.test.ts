// The parsers against the text layers of real invoices (test/fixtures/pipeline/extract/parse, see its README),
// checked against the datasets' ground truth (copied into test/fixtures/datasets): what a layout engine will need must be findable.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectDecimalSeparator, findAmounts } from '../../../../src/pipeline/extract/parse/amount-scan.js';
import { detectCurrency } from '../../../../src/pipeline/extract/parse/currency.js';
import { detectDateOrder, findDates } from '../../../../src/pipeline/extract/parse/date-scan.js';
import { findIbans } from '../../../../src/pipeline/extract/parse/iban.js';
import { matchLabel, type LabelField } from '../../../../src/pipeline/extract/parse/labels.js';
import { moneyEquals, sumMoney } from '../../../../src/pipeline/extract/parse/money.js';
import { findPoNumbers } from '../../../../src/pipeline/extract/parse/po-number.js';
import { findVatIds } from '../../../../src/pipeline/extract/parse/vat-id.js';
import { datasetFile } from '../../../support/datasets.js';

const FIXTURES = 'test/fixtures/pipeline/extract/parse';

interface GroundTruth {
  invoice_number?: string | null;
  invoice_date?: string | null;
  due_date?: string | null;
  currency?: string | null;
  po_number?: string | null;
  subtotal?: number | null;
  tax?: number | null;
  total?: number | null;
  amount_due?: number | null;
}

interface Case {
  name: string;
  fixture: string;
  /** Ground-truth label JSON, relative to the datasets folder. */
  truth: string;
  decimal: '.' | ',';
  dateOrder: 'DMY' | 'MDY' | null;
  /** Fields whose labels the page prints (checked with confidence >= 0.7). */
  labelled: LabelField[];
  /** The invoice number follows a label on the same line. */
  numberAfterLabel: boolean;
  vatIds: string[];
  ibans: string[];
  /** The ground-truth PO number is printed on the page. */
  poPrinted: boolean;
}

const CASES: Case[] = [
  {
    name: 'German credit note with negative amounts (Intarsys, ZUGFeRD 1)',
    fixture: 'intarsys-rechnungskorrektur.txt',
    truth: 'zugferd-corpus/labels/fields/ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_COMFORT_Rechnungskorrektur.json',
    decimal: ',',
    dateOrder: 'DMY',
    labelled: [
      'invoice_number',
      'invoice_date',
      'po_number',
      'customer_number',
      'tax_id',
      'buyer_block',
      'vendor_block',
      'ship_to_block',
      'subtotal',
      'tax',
      'total',
      'line_quantity',
      'line_unit_price',
    ],
    numberAfterLabel: true,
    vatIds: ['DE123456789'],
    ibans: [],
    poPrinted: true,
  },
  {
    name: 'German goods invoice (4s4u, ZUGFeRD 1)',
    fixture: '4s4u-warenrechnung.txt',
    truth: 'zugferd-corpus/labels/fields/ZUGFeRDv1/correct/4s4u/additional-data-sample-1.json',
    decimal: ',',
    dateOrder: 'DMY',
    labelled: [
      'invoice_number',
      'invoice_date',
      'delivery_date',
      'order_date',
      'po_number',
      'tax_id',
      'registration_id',
      'subtotal',
      'tax',
      'total',
      'line_description',
      'line_product_code',
    ],
    numberAfterLabel: true,
    vatIds: ['DE123456789'],
    ibans: [],
    poPrinted: true,
  },
  {
    name: 'English invoice with ISO dates (Mustangproject, ZUGFeRD 2)',
    fixture: 'mustang-re-20201121-508.txt',
    truth:
      'zugferd-corpus/labels/fields/ZUGFeRDv2/correct/Mustangproject/MustangGnuaccountingBeispielRE-20201121_508.json',
    decimal: '.',
    dateOrder: null,
    labelled: [
      'invoice_number',
      'due_date',
      'delivery_date',
      'subtotal',
      'tax',
      'amount_due',
      'tax_id',
      'line_unit_price',
    ],
    numberAfterLabel: true,
    vatIds: ['DE136695976'],
    ibans: ['DE88200800000970375700'],
    poPrinted: false,
  },
  {
    name: 'German data sheet (FeRD XRechnung visualization)',
    fixture: 'xrechnung-en16931-einfach.txt',
    truth: 'zugferd-corpus/labels/fields/XML-Rechnung/FX/EN16931_Einfach.json',
    decimal: ',',
    dateOrder: 'DMY',
    labelled: [
      'currency',
      'delivery_date',
      'tax_id',
      'vendor_block',
      'buyer_block',
      'subtotal',
      'tax',
      'total',
      'amount_due',
      'line_description',
      'line_quantity',
      'line_tax_rate',
      'line_unit_price',
      'due_date',
    ],
    numberAfterLabel: false,
    vatIds: ['DE123456789'],
    ibans: [],
    poPrinted: false,
  },
  {
    name: 'US invoice in dollars with month-first dates (Odoo demo)',
    fixture: 'odoo-azure-interior.txt',
    truth: 'invoice2data/labels/fields/AzureInterior.json',
    decimal: '.',
    dateOrder: 'MDY',
    labelled: [
      'invoice_date',
      'due_date',
      'subtotal',
      'tax',
      'total',
      'line_description',
      'line_quantity',
      'line_unit_price',
      'line_amount',
      'line_discount',
    ],
    numberAfterLabel: false,
    vatIds: [],
    ibans: [],
    // The Odoo label's PO number (444) is not printed on the page.
    poPrinted: false,
  },
];

/** Layout text puts columns apart by runs of spaces: treat those runs as cell borders. */
function cells(lines: readonly string[]): string[] {
  return lines.flatMap((line) =>
    line
      .split(/\s{3,}/)
      .map((c) => c.trim())
      .filter((c) => c.length > 0),
  );
}

describe.each(CASES)('$name', (c) => {
  const text = readFileSync(`${FIXTURES}/${c.fixture}`, 'utf8');
  const truth = JSON.parse(datasetFile(c.truth).toString('utf8')) as GroundTruth;
  const lines = text.split('\n');

  it('detects the decimal separator, the date order and the currency', () => {
    expect(detectDecimalSeparator(lines)).toBe(c.decimal);
    expect(detectDateOrder(lines)).toBe(c.dateOrder);
    expect(detectCurrency(text)).toBe(truth.currency);
  });

  it('finds the invoice and due dates among the dates of the page', () => {
    const order = detectDateOrder(lines);
    const dates = lines.flatMap((line) => findDates(line, order ? { order } : {})).map((d) => d.iso);
    expect(dates).toContain(truth.invoice_date);
    if (truth.due_date) expect(dates).toContain(truth.due_date);
  });

  it('finds the summary amounts exactly, and they add up in decimal arithmetic', () => {
    const decimalSeparator = detectDecimalSeparator(lines);
    const amounts = lines.flatMap((line) => findAmounts(line, { decimalSeparator }));
    const find = (expected: number | null | undefined): string | undefined =>
      expected === null || expected === undefined
        ? undefined
        : amounts.find((a) => moneyEquals(a.value, String(expected), '0'))?.value;
    const total = find(truth.total);
    expect(total, 'total').toBeDefined();
    for (const key of ['subtotal', 'tax', 'amount_due'] as const) {
      if (truth[key] !== null && truth[key] !== undefined && truth[key] !== 0)
        expect(find(truth[key]), key).toBeDefined();
    }
    const subtotal = find(truth.subtotal);
    const tax = find(truth.tax);
    if (subtotal && tax && total) expect(sumMoney([subtotal, tax])).toBe(sumMoney([total]));
  });

  it('recognizes the labels the page prints', () => {
    const found = new Set(
      cells(lines).flatMap((cell) =>
        matchLabel(cell)
          .filter((m) => m.confidence >= 0.7)
          .map((m) => m.field),
      ),
    );
    for (const field of c.labelled) expect(found.has(field), field).toBe(true);
  });

  // Only where the layout prints the number on its label's line (in the others it stands in a cell below).
  if (c.numberAfterLabel) {
    it('reads the invoice number after its label', () => {
      const values = lines.flatMap((line) =>
        matchLabel(line, { fields: ['invoice_number'] }).map(
          (m) =>
            line
              .slice(m.end)
              .replace(/^[\s:#.]+/, '')
              .split(/\s/)[0],
        ),
      );
      expect(values).toContain(truth.invoice_number);
    });
  }

  it('finds VAT ids, IBANs and the PO number', () => {
    expect([...new Set(findVatIds(text).map((v) => v.vatId))]).toEqual(c.vatIds);
    expect(findIbans(text).map((i) => i.iban)).toEqual(c.ibans);
    if (c.poPrinted) {
      expect(lines.flatMap((line) => findPoNumbers(line)).map((p) => p.value)).toContain(truth.po_number);
    }
  });
});
