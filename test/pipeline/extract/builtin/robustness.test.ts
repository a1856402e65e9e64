// Documents that give the engine nothing to work with, or far too much: no crash, no guesses, bounded time.
import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { buildDocument, rightAt, type PageSpec } from './build-document.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

describe('robustness', () => {
  it('returns all fields null for a document without text', () => {
    const result = extractInvoice({ format: 'pdf', pages: [], einvoice: null, info: {} }, OPTIONS);
    expect(Object.values(result.summary_data).every((v) => v === null)).toBe(true);
    expect(result.lineItems).toEqual([]);
    expect(result.fields).toEqual({});
    expect(result.validation.passed).toBe(true);
  });

  it('does not take a sentence or a phone number for a value', () => {
    const doc = buildDocument([
      {
        lines: [
          [40, [50, 'Thank you for your order. Please call +49 30 1234567 with any question.']],
          [60, [50, 'Total satisfaction guaranteed.']],
        ],
      },
    ]);
    const result = extractInvoice(doc, OPTIONS);
    expect(result.summary_data.total).toBeNull();
    expect(result.summary_data.invoice_number).toBeNull();
  });

  it('stays fast on long documents with a total on every page', () => {
    const pages: PageSpec[] = Array.from({ length: 60 }, (_, p) => ({
      lines: [
        [40, [50, `Statement page ${p + 1}`]],
        ...Array.from(
          { length: 40 },
          (_, i) => [60 + i * 16, [50, `Item ${p}-${i}`], rightAt(540, `${i + 1}.00`)] as const,
        ),
        [720, [380, 'Subtotal'], rightAt(540, `${p + 100}.00`)],
        [734, [380, 'Tax'], rightAt(540, `${p + 1}.00`)],
        [748, [380, 'Total'], rightAt(540, `${2 * p + 101}.00`)],
      ],
    }));
    const started = performance.now();
    const result = extractInvoice(buildDocument(pages), OPTIONS);
    expect(performance.now() - started).toBeLessThan(10_000);
    // The last page's block adds up and is the one taken.
    expect(result.summary_data).toMatchObject({ subtotal: 159, tax: 60, total: 219 });
  });
});
