// The documents the pipeline benchmark reads: the development datasets (../shared/datasets, see its README.md).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface CorpusFile {
  /** Path relative to the datasets folder, for display. */
  name: string;
  bytes: Buffer;
}

/** Every PDF of both dev datasets (zugferd-corpus: born-digital, mostly with embedded XML; invoice2data: vendor PDFs). */
export const PDF_SETS = ['zugferd-corpus/documents', 'invoice2data/documents'] as const;

/**
 * Pages OCRed in the OCR section: the first page of real vendor invoices and of the realistic ZUGFeRD layouts
 * (not the stylesheet data sheets), rendered at 300 dpi as a scanner would deliver them.
 */
export const OCR_PAGES = [
  'invoice2data/documents/AmazonWebServices.pdf',
  'invoice2data/documents/AzureInterior.pdf',
  'invoice2data/documents/coolblue1.pdf',
  'invoice2data/documents/NetpresseInvoice.pdf',
  'invoice2data/documents/QualityHosting.pdf',
  'invoice2data/documents/saeco.pdf',
  'zugferd-corpus/documents/ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_BASIC_Einfach.pdf',
  'zugferd-corpus/documents/ZUGFeRDv2/correct/Mustangproject/MustangGnuaccountingBeispielRE-20190610_507.pdf',
] as const;

/** The one-page text PDF (no embedded e-invoice: the layout path) of the latency section. */
export const LATENCY_PDF = 'invoice2data/documents/AzureInterior.pdf';

/** Image documents (PNG renders of vendor invoices) of the mixed batch: each one is OCRed. */
export const BATCH_IMAGES = [
  'invoice2data/documents/AmazonWebServices.png',
  'invoice2data/documents/FlipkartInvoice.png',
  'invoice2data/documents/SammyMaystoneLinesTest.png',
  'invoice2data/documents/oyo.png',
] as const;

async function walk(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await walk(full)));
    else if (entry.isFile()) found.push(full);
  }
  return found;
}

export async function loadFile(datasets: string, name: string): Promise<CorpusFile> {
  return { name, bytes: await readFile(path.join(datasets, name)) };
}

/** Every PDF of PDF_SETS, in a stable order. */
export async function loadPdfs(datasets: string): Promise<CorpusFile[]> {
  const names: string[] = [];
  for (const set of PDF_SETS) {
    const files = await walk(path.join(datasets, set));
    names.push(...files.filter((f) => f.toLowerCase().endsWith('.pdf')).map((f) => path.relative(datasets, f)));
  }
  names.sort();
  return Promise.all(names.map((name) => loadFile(datasets, name)));
}

/**
 * The mixed batch: `pdfCount` text PDFs spread over both sets (every k-th file), with the image documents spread
 * evenly among them (a queue rarely holds all its scans at the end).
 */
export async function loadBatch(
  datasets: string,
  pdfs: readonly CorpusFile[],
  pdfCount: number,
): Promise<CorpusFile[]> {
  const step = pdfs.length / pdfCount;
  const picked = Array.from({ length: Math.min(pdfCount, pdfs.length) }, (_, i) => pdfs[Math.floor(i * step)]!);
  const images = await Promise.all(BATCH_IMAGES.map((name) => loadFile(datasets, name)));
  const batch = [...picked];
  images.forEach((image, i) => batch.splice(Math.floor(((i + 0.5) * picked.length) / images.length) + i, 0, image));
  return batch;
}
