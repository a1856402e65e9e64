// The synthetic document generator (bench/synth): deterministic per seed, PDFs that pdfjs reads back with every
// labelled value in its printed form, labels that add up, and a dataset the accuracy benchmark's reader accepts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataset } from '../../bench/accuracy/manifest.js';
import { normalizeValue } from '../../bench/accuracy/normalize.js';
import { manifestCsv, prepareFolder, writeDocument, writeLabel } from '../../bench/synth/dataset.js';
import { parseArgs } from '../../bench/synth/args.js';
import {
  ALL_TEMPLATES,
  generateDocument,
  selectTemplates,
  TEMPLATES,
  type GeneratedDocument,
} from '../../bench/synth/generate.js';
import { SECOND_AUTHOR_TEMPLATES } from '../../bench/synth/layout/second/index.js';
import { degradedImage } from '../../bench/synth/images.js';
import { createPdfSandboxPool } from '../../src/pipeline/read/pdf/index.js';
import sharp from 'sharp';

const SEED = 20261127;
/** Enough documents that every layout and locale shows up (asserted below), few enough to stay fast. */
const COUNT = 30;

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));

async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: bytes.slice(),
    standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  try {
    const parts: string[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      // pdfjs may give the words and spaces of one string as separate items; hasEOL marks a line's end.
      for (const item of content.items) if ('str' in item) parts.push(item.str, item.hasEOL ? '\n' : '');
      parts.push('\n');
    }
    // No-break spaces (French thousands) come back as they were written; compare with plain spaces.
    return { pages: doc.numPages, text: parts.join('').replace(/\u00a0/g, ' ') };
  } finally {
    await doc.destroy();
  }
}

const cents = (value: unknown) => Math.round(Number(value) * 100);

/** Every labelled value, as printed, is in the PDF's text; returns how many documents had several pages. */
async function expectPrintedValues(docs: readonly GeneratedDocument[]): Promise<number> {
  let multiPage = 0;
  for (const doc of docs) {
    const { pages, text } = await pdfText(doc.pdf);
    expect(pages, doc.name).toBe(doc.pages);
    if (pages > 1) multiPage++;
    const missing = doc.printed.map((p) => p.replace(/\u00a0/g, ' ')).filter((p) => !text.includes(p));
    expect(missing, doc.name).toEqual([]);
  }
  return multiPage;
}

/** Layouts whose lines print their amount after a discount (amount <= quantity x price). */
const DISCOUNT_LAYOUTS = new Set(['itemized-grid']);
/** Layouts whose one-piece lines print (and label) the amount only. */
const AMOUNT_ONLY_LAYOUTS = new Set(['receipt-till', 'receipt-centered']);

/** Lines sum to the subtotal (or, tax included, to the total) and subtotal + tax = total, in cents. */
function expectArithmetic(docs: readonly GeneratedDocument[]): void {
  for (const { label, name, template } of docs) {
    const lines = label.line_items ?? [];
    expect(lines.length, name).toBeGreaterThan(0);
    // A credit note labels its totals negative (a credit) and prints its lines as positive figures.
    const sign = label.document_type === 'credit_note' ? -1 : 1;
    const sum = sign * lines.reduce((s, l) => s + cents(l.amount), 0);
    for (const l of lines) {
      if (l.quantity === undefined && AMOUNT_ONLY_LAYOUTS.has(template)) continue;
      const gross = Math.round(Number(l.quantity) * cents(l.unit_price));
      if (DISCOUNT_LAYOUTS.has(template)) expect(cents(l.amount), name).toBeLessThanOrEqual(gross);
      else expect(cents(l.amount), name).toBe(gross);
    }
    if (label.subtotal !== undefined) {
      expect(sum, name).toBe(cents(label.subtotal));
      expect(cents(label.subtotal) + cents(label.tax), name).toBe(cents(label.total));
    } else {
      // Receipts with tax included: the items sum to the total.
      expect(sum, name).toBe(cents(label.total));
    }
    expect(String(label.invoice_date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (label.due_date !== undefined) expect(String(label.due_date) > String(label.invoice_date)).toBe(true);
    expect(['USD', 'GBP', 'EUR']).toContain(label.currency);
  }
}

describe('synthetic documents', () => {
  const docs: GeneratedDocument[] = Array.from({ length: COUNT }, (_, i) => generateDocument(SEED, i));

  it('are the same bytes for the same seed and index, and differ across seeds', () => {
    for (const doc of docs.slice(0, 10)) {
      const again = generateDocument(SEED, Number(doc.name.slice(0, 4)));
      expect(Buffer.from(again.pdf).equals(Buffer.from(doc.pdf))).toBe(true);
      expect(again.label).toEqual(doc.label);
    }
    expect(Buffer.from(generateDocument(SEED + 1, 0).pdf).equals(Buffer.from(docs[0]!.pdf))).toBe(false);
  });

  it('cover every layout, several locales and every font family', () => {
    expect(new Set(docs.map((d) => d.template))).toEqual(new Set(TEMPLATES.map((t) => t.id)));
    expect(new Set(docs.map((d) => d.locale)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(docs.map((d) => d.fonts.regular))).toEqual(new Set(['Helvetica', 'Times-Roman', 'Courier']));
  });

  it('parse with pdfjs, and their text holds every labelled value as printed', async () => {
    // Long invoices continue their table on a later page; the sample holds some.
    expect(await expectPrintedValues(docs)).toBeGreaterThan(0);
  });

  it('have labels whose arithmetic holds: lines sum to the subtotal, subtotal + tax = total', () => {
    expectArithmetic(docs);
  });

  it('render as a degraded photo through the service renderer: a JPEG at 150 dpi', async () => {
    const doc = docs.find((d) => d.pages === 1 && d.template !== 'receipt-till') as GeneratedDocument;
    const runner = createPdfSandboxPool({ maxWorkers: 1 });
    try {
      const jpeg = await degradedImage(doc.pdf, 'photo', doc.seed, runner);
      const meta = await sharp(jpeg).metadata();
      expect(meta.format).toBe('jpeg');
      // A4 or Letter width at 150 dpi (1240-1275 px), a little wider for the rotation.
      expect(meta.width).toBeGreaterThan(1230);
      expect(meta.width).toBeLessThan(1400);
    } finally {
      await runner.close();
    }
  });

  describe('as a dataset', () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'docex-synth-'));
      await prepareFolder(dir);
      const rows = [];
      for (const doc of docs.slice(0, 12)) {
        const labelPath = await writeLabel(dir, doc.name, doc.label);
        const docPath = await writeDocument(dir, `${doc.name}.pdf`, doc.pdf);
        const note = `${doc.locale.slice(0, 2)}; born-digital; ${String(doc.label.document_type)}; synthetic, test`;
        rows.push({ docPath, labelPath, contentId: doc.name, family: doc.template, note });
      }
      await writeFile(join(dir, 'manifest.csv'), manifestCsv(rows));
    });
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('reads back through the accuracy benchmark manifest reader with family, kind and type', async () => {
      const rows = await readDataset(dir);
      expect(rows).toHaveLength(12);
      for (const [i, row] of rows.entries()) {
        const doc = docs[i]!;
        expect(row.family).toBe(doc.template);
        expect(row.kind).toBe('born-digital');
        expect(row.documentType).toBe(doc.label.document_type);
        expect(row.label).toEqual(doc.label);
        for (const field of ['invoice_number', 'invoice_date', 'vendor_name', 'total'] as const) {
          expect(normalizeValue(row.label[field], field === 'total' ? 'amount' : 'identifier'), field).not.toBeNull();
        }
      }
    });

    it('refuses to empty a folder it did not write', async () => {
      const other = await mkdtemp(join(tmpdir(), 'docex-not-synth-'));
      try {
        await writeFile(join(other, 'keep.txt'), 'not generated');
        await expect(prepareFolder(other)).rejects.toThrow(/not empty/);
      } finally {
        await rm(other, { recursive: true, force: true });
      }
    });
  });
});

describe("the second author's layouts (--layouts second)", () => {
  const second = selectTemplates('second');
  /** Enough that each of the seven layouts shows up several times. */
  const docs: GeneratedDocument[] = Array.from({ length: 42 }, (_, i) => generateDocument(SEED, i, second));

  it('are chosen by --layouts and kept out of the default run, which generates what it always did', () => {
    expect(parseArgs([]).layouts).toEqual(TEMPLATES);
    expect(parseArgs(['--layouts', 'second']).layouts).toEqual(SECOND_AUTHOR_TEMPLATES);
    expect(parseArgs(['--layouts', 'all']).layouts).toEqual(ALL_TEMPLATES);
    expect(parseArgs(['--layouts', 'credit-note,receipt-till,credit-note']).layouts.map((t) => t.id)).toEqual([
      'credit-note',
      'receipt-till',
    ]);
    expect(() => parseArgs(['--layouts', 'no-such-layout'])).toThrow(/unknown layout no-such-layout/);
    expect(SECOND_AUTHOR_TEMPLATES.filter((t) => TEMPLATES.includes(t))).toEqual([]);
    expect(new Set(ALL_TEMPLATES.map((t) => t.id)).size).toBe(ALL_TEMPLATES.length);
    // The first author's seeds: the explicit list gives the bytes the default gives.
    for (const index of [0, 1, 2]) {
      const named = generateDocument(SEED, index, selectTemplates('first'));
      expect(Buffer.from(named.pdf).equals(Buffer.from(generateDocument(SEED, index).pdf))).toBe(true);
    }
  });

  it('are the same bytes for the same seed, index and layouts', () => {
    for (const doc of docs.slice(0, 14)) {
      const again = generateDocument(SEED, Number(doc.name.slice(0, 4)), second);
      expect(Buffer.from(again.pdf).equals(Buffer.from(doc.pdf)), doc.name).toBe(true);
      expect(again.label).toEqual(doc.label);
    }
  });

  it('cover each of the seven layouts, several locales and every font family', () => {
    expect(SECOND_AUTHOR_TEMPLATES).toHaveLength(7);
    expect(new Set(docs.map((d) => d.template))).toEqual(new Set(SECOND_AUTHOR_TEMPLATES.map((t) => t.id)));
    expect(new Set(docs.map((d) => d.locale)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(docs.map((d) => d.fonts.regular))).toEqual(new Set(['Helvetica', 'Times-Roman', 'Courier']));
  });

  it('parse with pdfjs, and their text holds every labelled value as printed', async () => {
    await expectPrintedValues(docs);
  });

  it('have labels whose arithmetic holds, credit notes with negative totals', () => {
    expectArithmetic(docs);
    const credits = docs.filter((d) => d.template === 'credit-note');
    expect(credits.length).toBeGreaterThan(0);
    for (const { label, name } of credits) {
      expect(label.document_type, name).toBe('credit_note');
      expect(Number(label.total), name).toBeLessThan(0);
      expect(label.due_date, name).toBeUndefined();
    }
  });

  it('print two tax rates on a multi-rate invoice of two lines or more, and the tax is their sum', async () => {
    const multi = docs.filter((d) => d.template === 'multi-rate-vat' && (d.label.line_items ?? []).length >= 2);
    expect(multi.length).toBeGreaterThan(0);
    for (const doc of multi) {
      const { text } = await pdfText(doc.pdf);
      const rates = new Set(text.match(/\b\d+(?:[.,]\d+)?\s?%/g) ?? []);
      expect(rates.size, doc.name).toBeGreaterThanOrEqual(2);
      // Each rate's tax is rounded on its own and the tax line is their sum: the totals still add up.
      expect(cents(doc.label.subtotal) + cents(doc.label.tax)).toBe(cents(doc.label.total));
    }
  });

  it('name the vendor of a logo-only letterhead by the legal name its footer prints', async () => {
    for (const doc of docs.filter((d) => d.template === 'logo-many-dates')) {
      const { text } = await pdfText(doc.pdf);
      const footer = text.split('\n').filter((line) => line.includes(String(doc.label.vendor_name)));
      expect(footer.length, doc.name).toBeGreaterThan(0);
    }
  });
});
