// The labelled documents the ranker learns from: every scored row of the development datasets (read with the
// accuracy benchmark's manifest reader), each with its family (as that reader names it: the manifest's `family`
// column, else the issuer or the document), read by the service's own reader and cached on disk so that
// retraining takes seconds.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDataset, type DatasetRow } from '../accuracy/manifest.js';
import { runDocument } from '../accuracy/run-document.js';
import type { ReadDocument } from '../../src/pipeline/model.js';
import { createOcrPool, type OcrPool } from '../../src/pipeline/read/ocr/index.js';
import { createPdfSandboxPool } from '../../src/pipeline/read/pdf/index.js';

export interface CorpusDocument {
  row: DatasetRow;
  family: string;
  doc: ReadDocument;
}

export const DEFAULT_DATASETS = ['harvest', 'invoice2data', 'zugferd-corpus'];

const CACHE_DIR = fileURLToPath(new URL('./.cache/', import.meta.url));
/** Bump when the reader changes in a way that makes cached documents stale. */
const CACHE_VERSION = 1;

/** Every scored row of the datasets, in a stable order (dataset, then document path). */
export async function readCorpusRows(
  root: string,
  datasets: readonly string[] = DEFAULT_DATASETS,
): Promise<Array<{ row: DatasetRow; family: string }>> {
  const rows: Array<{ row: DatasetRow; family: string }> = [];
  for (const name of datasets) {
    // Families as the accuracy benchmark's --lofo groups them (its manifest reader names them).
    for (const row of await readDataset(join(root, name))) rows.push({ row, family: `${row.dataset}/${row.family}` });
  }
  return rows.sort((a, b) => (a.row.dataset + a.row.docPath < b.row.dataset + b.row.docPath ? -1 : 1));
}

async function cacheKey(file: string): Promise<string> {
  const hash = createHash('sha256')
    .update(await readFile(file))
    .digest('hex')
    .slice(0, 24);
  return `v${CACHE_VERSION}-${hash}`;
}

/**
 * Reads every row through the service's reader (text layers, OCR for scans and photos; e-invoice XML ignored so the
 * page is what is learnt), reusing the on-disk cache. Progress goes to stderr.
 */
export async function readCorpus(rows: ReadonlyArray<{ row: DatasetRow; family: string }>): Promise<CorpusDocument[]> {
  await mkdir(CACHE_DIR, { recursive: true });
  const out: CorpusDocument[] = [];
  let pdfRunner: ReturnType<typeof createPdfSandboxPool> | null = null;
  let ocr: OcrPool | null = null;
  try {
    for (const { row, family } of rows) {
      const path = join(CACHE_DIR, `${await cacheKey(row.file)}.json`);
      let doc: ReadDocument | null = null;
      let cached: (ReadDocument & { unreadable?: string }) | null = null;
      try {
        cached = JSON.parse(await readFile(path, 'utf8')) as ReadDocument & { unreadable?: string };
      } catch {
        cached = null;
      }
      if (cached) {
        // A document the reader could not read is remembered as such, not read again on every run.
        if (cached.unreadable === undefined) doc = cached;
      } else {
        pdfRunner ??= createPdfSandboxPool({ maxWorkers: 1 });
        ocr ??= await createOcrPool({ size: 2, pageTimeoutMs: 300_000 });
        try {
          const outcome = await runDocument(row.file, {
            einvoice: false,
            images: false,
            pdfRunner,
            ocr,
            keepDocument: true,
          });
          doc = outcome.document ?? null;
          if (doc) await writeFile(path, JSON.stringify(doc));
        } catch (error) {
          process.stderr.write(`\n${row.dataset}/${row.docPath}: not read (${(error as Error).message})\n`);
          await writeFile(path, JSON.stringify({ unreadable: (error as Error).message }));
        }
        process.stderr.write('.');
      }
      if (doc) out.push({ row, family, doc });
    }
  } finally {
    await pdfRunner?.close();
    await ocr?.close();
  }
  process.stderr.write('\n');
  return out;
}
