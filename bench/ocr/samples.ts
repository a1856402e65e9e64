// The OCR measurement set. Two parts:
// - rendered: born-digital PDFs printed to images by docex's own renderer at 150 and 300 dpi, and at 200 dpi
//   degraded like a phone photo or scan (bench/accuracy/degrade.ts); the truth is the PDF's text layer.
// - real: the scans and photos of ../shared/datasets/harvest (kinds scan, photo, image-digital); the truth is the
//   lines transcribed by hand in bench/ocr/truth/ plus the labelled amounts and dates. The images stay in
//   ../shared; without it this part is skipped with a message.
import sharp from 'sharp';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readPdf, renderPage } from '../../src/pipeline/read/pdf/index.js';
import { degradePage, pickDegradation } from '../accuracy/degrade.js';
import { readDataset, type CanonicalLabel } from '../accuracy/manifest.js';
import type { Truth } from './metrics.js';

export type SampleKind = 'rendered' | 'degraded' | 'scan' | 'photo' | 'image-digital';

export interface Sample {
  name: string;
  kind: SampleKind;
  receipt: boolean;
  /** An uploaded image (read like a job's image), or a PDF page render at `dpi` (read like a scanned PDF page). */
  input: { image: Buffer } | { render: Buffer; dpi: number };
  truth: Truth;
}

export const SHARED = '../shared/datasets';
const HARVEST = join(SHARED, 'harvest');
const TRUTH_DIR = 'bench/ocr/truth';

/** Born-digital invoices in three languages; page 1 of each. */
const RENDERED_PDFS = [
  'harvest/documents/invoice-maker/examples-de.pdf',
  'harvest/documents/facturx-dotnet/F20220024.pdf',
  'invoice2data/documents/AmazonWebServices.pdf',
];

export function sharedAvailable(): boolean {
  return existsSync(HARVEST) && existsSync(join(SHARED, 'invoice2data'));
}

export async function renderedSamples(): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const [index, path] of RENDERED_PDFS.entries()) {
    const bytes = await readFile(join(SHARED, path));
    const pdf = await readPdf(bytes);
    const lines = (pdf.pages[0]?.lines ?? []).map((line) => line.text).filter((text) => /[\p{L}\p{N}]/u.test(text));
    const truth: Truth = { lines, amounts: [], dates: [] };
    const name = path
      .split('/')
      .at(-1)!
      .replace(/\.pdf$/, '');
    for (const dpi of [150, 300]) {
      samples.push({
        name: `${name}@${dpi}`,
        kind: 'rendered',
        receipt: false,
        input: { image: (await renderPage(bytes, 1, dpi)).png },
        truth,
      });
    }
    const page = await renderPage(bytes, 1, 200);
    const seed = 1000 + index;
    samples.push({
      name: `${name}@200-degraded`,
      kind: 'degraded',
      receipt: false,
      input: { image: await degradePage(page.png, pickDegradation(seed), seed) },
      truth,
    });
  }
  return samples;
}

/** `documents/<source>/<file>` -> `bench/ocr/truth/<source>__<file>.txt`. */
export const truthFileOf = (docPath: string): string =>
  join(TRUTH_DIR, `${docPath.replace(/^documents\//, '').replace('/', '__')}.txt`);

/** Transcribed lines: every line that is not empty and not a '#' comment. */
function transcribedLines(docPath: string): string[] {
  const file = truthFileOf(docPath);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

function labelledValues(label: CanonicalLabel): { amounts: number[]; dates: string[] } {
  const numbers = (values: unknown[]) =>
    values
      .map((v) => (typeof v === 'string' ? Number(v) : v))
      .filter((v): v is number => typeof v === 'number' && Number.isFinite(v) && v !== 0);
  const items = label.line_items ?? [];
  const amounts = numbers([
    label.total,
    label.subtotal,
    label.tax,
    label.amount_due,
    ...items.flatMap((i) => [i.amount, i.unit_price]),
  ]);
  const dates = [label.invoice_date, label.due_date].filter(
    (d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d),
  );
  return { amounts, dates };
}

export async function realSamples(): Promise<Sample[]> {
  const rows = await readDataset(HARVEST);
  const samples: Sample[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.kind === 'born-digital' || seen.has(row.contentId)) continue;
    seen.add(row.contentId);
    const bytes = await readFile(row.file);
    const truth: Truth = { lines: transcribedLines(row.docPath), ...labelledValues(row.label) };
    const input = row.file.endsWith('.pdf')
      ? { render: (await renderPage(bytes, 1, 300)).png, dpi: 300 }
      : { image: bytes };
    const name = row.docPath.replace(/^documents\//, '');
    samples.push({ name, kind: row.kind as SampleKind, receipt: row.documentType === 'receipt', input, truth });
  }
  return samples;
}

/**
 * The real captures again, faded like thermal paper that has lain in a wallet: ink lightened to grey on a grey
 * page (each level v becomes 0.35 v + 140: black -> 140, white -> 229), the same truth. A controlled condition for
 * what the held-out receipts show ("faded thermal paper, low contrast") that the real set has too few of.
 */
export async function fadedSamples(): Promise<Sample[]> {
  const fade = (bytes: Buffer) => sharp(bytes).greyscale().linear(FADE_GAIN, FADE_OFFSET).png().toBuffer();
  return Promise.all(
    (await realSamples()).map(async (sample) => ({
      ...sample,
      name: `${sample.name}~faded`,
      input:
        'image' in sample.input
          ? { image: await fade(sample.input.image) }
          : { render: await fade(sample.input.render), dpi: sample.input.dpi },
    })),
  );
}

const FADE_GAIN = 0.35;
const FADE_OFFSET = 140;

export async function transcribedFiles(): Promise<string[]> {
  return existsSync(TRUTH_DIR) ? (await readdir(TRUTH_DIR)).filter((f) => f.endsWith('.txt')) : [];
}
