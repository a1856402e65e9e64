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
import { generateDocument, TEMPLATES, type GeneratedDocument } from '../../bench/synth/generate.js';
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
    let multiPage = 0;
    for (const doc of docs) {
      const { pages, text } = await pdfText(doc.pdf);
      expect(pages, doc.name).toBe(doc.pages);
      if (pages > 1) multiPage++;
      const missing = doc.printed.map((p) => p.replace(/\u00a0/g, ' ')).filter((p) => !text.includes(p));
      expect(missing, doc.name).toEqual([]);
    }
    // Long invoices continue their table on a later page; the sample holds some.
    expect(multiPage).toBeGreaterThan(0);
  });

  it('have labels whose arithmetic holds: lines sum to the subtotal, subtotal + tax = total', () => {
    for (const { label, name, template } of docs) {
      const lines = label.line_items ?? [];
      expect(lines.length, name).toBeGreaterThan(0);
      const sum = lines.reduce((s, l) => s + cents(l.amount), 0);
      for (const l of lines) {
        // A till's one-piece line prints (and labels) its amount only.
        if (l.quantity === undefined && template === 'receipt-till') continue;
        const gross = Math.round(Number(l.quantity) * cents(l.unit_price));
        // Only the discount layout may print an amount below quantity x price.
        if (template === 'itemized-grid') expect(cents(l.amount), name).toBeLessThanOrEqual(gross);
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
