// The layout path on English invoices built in code: label/value pairs beside and under their labels, month-first
// dates, a table continued over a page break, fields that stay null, and line items switched off.
import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { buildDocument, rightAt, type PageSpec } from './build-document.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

const header: PageSpec['lines'] = [
  [40, [50, 'Northwind Traders Inc.'], [430, 'INVOICE']],
  [52, [50, '400 Market Street']],
  [64, [50, 'San Francisco, CA 94105']],
  [76, [50, 'www.northwind-traders.com']],
  [110, [50, 'Invoice Date'], [200, 'Due Date'], [350, 'Invoice #']],
  [122, [50, '03/15/2026'], [200, '04/14/2026'], [350, 'INV-1001']],
  [150, [50, 'Bill To:']],
  [162, [50, 'Contoso Ltd']],
  [174, [50, '1 Main Road']],
  [186, [50, 'Springfield, IL 62701']],
  [150, [350, 'PO Number:'], [430, 'PO-7788']],
];

describe('English invoice, one page', () => {
  const doc = buildDocument([
    {
      lines: [
        ...header,
        [230, [50, 'Description'], [300, 'Qty'], [360, 'Unit Price'], rightAt(540, 'Amount')],
        [246, [50, 'Widget, large'], [300, '4'], rightAt(410, '$25.00'), rightAt(540, '$100.00')],
        [260, [50, 'Service fee'], [300, '1'], rightAt(410, '$1,250.00'), rightAt(540, '$1,250.00')],
        [300, [380, 'Subtotal'], rightAt(540, '$1,350.00')],
        [314, [380, 'Sales Tax 8.25%'], rightAt(540, '$111.38')],
        [328, [380, 'Total'], rightAt(540, '$1,461.38')],
        [342, [380, 'Balance Due'], rightAt(540, '$1,461.38')],
      ],
    },
  ]);
  const result = extractInvoice(doc, OPTIONS);

  it('reads values under a row of labels and beside a label', () => {
    expect(result.summary_data).toMatchObject({
      invoice_number: 'INV-1001',
      invoice_date: '2026-03-15',
      due_date: '2026-04-14',
      po_number: 'PO-7788',
      vendor_name: 'Northwind Traders Inc.',
      buyer_name: 'Contoso Ltd',
      currency: 'USD',
      subtotal: 1350,
      tax: 111.38,
      total: 1461.38,
      amount_due: 1461.38,
    });
    expect(result.fields['summary_data.invoice_date']).toMatchObject({ raw: '03/15/2026', page: 1 });
  });

  it('reads the table with thousands separators and currency symbols', () => {
    expect(result.lineItems.map((l) => [l.description, l.quantity, l.unit_price, l.amount])).toEqual([
      ['Widget, large', 4, 25, 100],
      ['Service fee', 1, 1250, 1250],
    ]);
    expect(result.validation.passed).toBe(true);
  });
});

describe('a table continued on the next page', () => {
  const rows = (from: number, y0: number): PageSpec['lines'] =>
    Array.from({ length: 3 }, (_, i) => {
      const n = from + i;
      return [
        y0 + i * 16,
        [50, `Item ${n} part`],
        [300, String(n)],
        rightAt(410, '10.00'),
        rightAt(540, `${n * 10}.00`),
      ] as const;
    });

  const tableHeader = [230, [50, 'Description'], [300, 'Qty'], [360, 'Unit Price'], rightAt(540, 'Amount')] as const;

  it('goes on over a page break without a repeated header', () => {
    const doc = buildDocument([
      { lines: [...header, tableHeader, ...rows(1, 246), [820, [260, 'Page 1 of 2']]] },
      { lines: [[40, [50, 'Northwind Traders Inc.']], ...rows(4, 80), [160, [380, 'Total'], rightAt(540, '$210.00')]] },
    ]);
    const result = extractInvoice(doc, OPTIONS);
    expect(result.lineItems.map((l) => l.amount)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(result.fields['lineItems[4].amount']).toMatchObject({ page: 2, raw: '50.00' });
    expect(result.summary_data.total).toBe(210);
  });

  it('goes on under a header repeated on the next page', () => {
    const doc = buildDocument([
      { lines: [...header, tableHeader, ...rows(1, 246)] },
      { lines: [[60, [50, 'Description'], [300, 'Qty'], [360, 'Unit Price'], rightAt(540, 'Amount')], ...rows(4, 80)] },
    ]);
    const result = extractInvoice(doc, OPTIONS);
    expect(result.lineItems.map((l) => l.description)).toEqual([
      'Item 1 part',
      'Item 2 part',
      'Item 3 part',
      'Item 4 part',
      'Item 5 part',
      'Item 6 part',
    ]);
  });
});

describe('fields without evidence', () => {
  const doc = buildDocument([
    {
      lines: [
        [40, [50, 'Invoice No: 7781']],
        [60, [50, 'Date: 2026-02-01']],
        [100, [50, 'Consulting, February']],
        [140, [380, 'Total'], rightAt(540, '€ 800.00')],
      ],
    },
  ]);
  const result = extractInvoice(doc, OPTIONS);

  it('stay null, with no provenance entry', () => {
    expect(result.summary_data).toMatchObject({
      invoice_number: '7781',
      invoice_date: '2026-02-01',
      total: 800,
      currency: 'EUR',
      due_date: null,
      po_number: null,
      subtotal: null,
      tax: null,
      buyer_name: null,
    });
    for (const key of ['due_date', 'po_number', 'subtotal', 'tax', 'buyer_name'])
      expect(result.fields[`summary_data.${key}`]).toBeUndefined();
    expect(result.lineItems).toEqual([]);
  });

  it('give the total as the amount due when nothing was prepaid, marked as derived (EN 16931 BT-115)', () => {
    expect(result.summary_data.amount_due).toBe(800);
    expect(result.fields['summary_data.amount_due']).toMatchObject({ source: 'derived', page: 1 });
    expect(result.fields['summary_data.amount_due']!.confidence).toBeLessThan(
      result.fields['summary_data.total']!.confidence,
    );
  });

  it('make checks unverifiable, not failed', () => {
    const check = result.validation.checks.find((c) => c.name === 'subtotal_plus_tax_equals_total');
    expect(check).toMatchObject({ passed: null, expected: 800, actual: null });
    expect(result.validation.passed).toBe(true);
  });
});

describe('requireLineItems false', () => {
  it('returns no line items and no line provenance', () => {
    const doc = buildDocument([
      {
        lines: [
          ...header,
          [230, [50, 'Description'], [300, 'Qty'], [360, 'Unit Price'], rightAt(540, 'Amount')],
          [246, [50, 'Widget'], [300, '2'], rightAt(410, '5.00'), rightAt(540, '10.00')],
          [300, [380, 'Total'], rightAt(540, '10.00')],
        ],
      },
    ]);
    const result = extractInvoice(doc, { requireLineItems: false, documentType: 'debit_note' });
    expect(result.lineItems).toEqual([]);
    expect(Object.keys(result.fields).some((k) => k.startsWith('lineItems'))).toBe(false);
    expect(result.validation.checks.some((c) => c.name === 'line_quantity_times_unit_price_equals_amount')).toBe(false);
    expect(result.document_type).toBe('debit_note');
    expect(result.summary_data.total).toBe(10);
  });
});

describe('choosing between candidates with arithmetic', () => {
  it('takes the net amount that makes subtotal + tax = total over a mislabelled "Subtotal"', () => {
    // A shop layout: "Subtotaal" is printed next to the gross amount; the net amount sits under an unknown label.
    const doc = buildDocument([
      {
        lines: [
          [40, [50, 'Factuurnummer: 993548900']],
          [300, [60, 'Exclusief BTW'], rightAt(200, '€ 593,36'), [420, 'Subtotaal'], rightAt(540, '€ 717,97')],
          [312, [80, 'BTW 21%'], rightAt(200, '€ 124,61')],
          [324, [420, 'Totaal'], rightAt(540, '€ 717,97')],
        ],
      },
    ]);
    const result = extractInvoice(doc, OPTIONS);
    expect(result.summary_data).toMatchObject({ subtotal: 593.36, tax: 124.61, total: 717.97 });
    expect(result.validation.passed).toBe(true);
  });
});

describe('OCR words', () => {
  it('carry source ocr and a lower confidence', () => {
    const lines: PageSpec['lines'] = [
      [40, [50, 'Invoice No: A-17']],
      [140, [380, 'Total'], rightAt(540, '$ 99.50')],
    ];
    const ocr = extractInvoice(buildDocument([{ lines, source: 'ocr', confidence: 0.6 }]), OPTIONS);
    const text = extractInvoice(buildDocument([{ lines }]), OPTIONS);
    expect(ocr.summary_data.total).toBe(99.5);
    expect(ocr.fields['summary_data.total']?.source).toBe('ocr');
    expect(ocr.fields['summary_data.total']!.confidence).toBeLessThan(text.fields['summary_data.total']!.confidence);
    expect(ocr.extraction.ocr_pages).toBe(1);
  });
});

describe('amount due after a prepayment', () => {
  it('stays null when the page speaks of a payment already made and prints no amount due', () => {
    const doc = buildDocument([
      {
        lines: [
          [40, [50, 'Invoice No: 7782']],
          [140, [380, 'Total'], rightAt(540, '€ 800.00')],
          [160, [50, 'Paid by credit card at order time; the invoice was prepaid.']],
        ],
      },
    ]);
    const result = extractInvoice(doc, OPTIONS);
    expect(result.summary_data.total).toBe(800);
    expect(result.summary_data.amount_due).toBeNull();
  });
});

describe('invoice numbers without a label', () => {
  it('reads "# INV-0042" printed under the title', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [50, 'Sammy Maystone']],
          [60, [460, '# invoice_number_1']],
          [100, [436, 'Date: Jan 1, 2022']],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.invoice_number).toBe('invoice_number_1');
  });

  it('takes a leading 1 before capitals for the I that OCR misread, on OCR pages only', () => {
    const lines: PageSpec['lines'] = [
      [60, [50, 'Invoice No: 1BZY2087']],
      [100, [50, 'Date: 2022-01-01']],
    ];
    expect(extractInvoice(buildDocument([{ lines, source: 'ocr' }]), OPTIONS).summary_data.invoice_number).toBe(
      'IBZY2087',
    );
    expect(extractInvoice(buildDocument([{ lines }]), OPTIONS).summary_data.invoice_number).toBe('1BZY2087');
  });
});

describe('a stray amount under the table', () => {
  it('is not a line item: a row with an amount and nothing else', () => {
    const doc = buildDocument([
      {
        lines: [
          ...header,
          [230, [50, 'Description'], [300, 'Qty'], [360, 'Unit Price'], rightAt(540, 'Amount')],
          [246, [50, 'Widget, large'], [300, '4'], rightAt(410, '$25.00'), rightAt(540, '$100.00')],
          [262, rightAt(540, '$0.00')],
          [300, [380, 'Total'], rightAt(540, '$100.00')],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).lineItems.map((l) => l.description)).toEqual(['Widget, large']);
  });
});

describe('a table whose header OCR could not read', () => {
  it('finds the item lines by quantity x unit price = amount, and nothing else', () => {
    const doc = buildDocument([
      {
        source: 'ocr',
        lines: [
          [60, [50, 'Invoice # RE-20190610/507 issued at 2019-06-10']],
          [100, [50, 'on Fae. 7 pe lem 00']],
          [120, [50, '1.00 Design (hours): Of a sample |7% 160.00 € 160.00 €']],
          [140, [50, '400.00 Ballons: various colors, 19% 0.79 € 316.00 €']],
          [180, [50, 'Net total: 476.00 €']],
          [200, [50, '19% 316.00 € 60.04 €']],
          [220, [50, 'Order 4711 of 2019-06-01: 3 parcels, 2 pallets 12.50 €']],
        ],
      },
    ]);
    const items = extractInvoice(doc, OPTIONS).lineItems;
    expect(items.map((i) => [i.description, i.quantity, i.unit_price, i.amount])).toEqual([
      ['Design (hours): Of a sample', 1, 160, 160],
      ['Ballons: various colors', 400, 0.79, 316],
    ]);
  });
});
