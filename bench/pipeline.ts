// npm run bench:pipeline: the processing pipeline's speed, each figure beside a baseline measured in the same run.
//   1. text-PDF reading pages/s: readPdf through a warm sandbox pool vs. poppler's pdftotext, same files;
//   2. OCR seconds per page on rendered dev invoices: the OCR pool vs. the tesseract CLI (or bare tesseract.js);
//   3. submit -> processed latency p50/p95 of a one-page text PDF on loopback, with its breakdown, vs. the bare
//      read + extract of the same bytes in process;
//   4. documents/minute for a mixed batch with the default worker settings vs. the same batch read in process.
// Sections 3 and 4 run the compiled service (`bin/docex.js start`) as its own process against a throwaway database on
// the test PostgreSQL, with a key made by the CLI and a webhook receiver on loopback. Everything started here is
// stopped, and the database dropped, on success, failure or Ctrl-C.
//
//   BENCH_DATABASE_URL   server to create the throwaway database on (default: the test server)
//   BENCH_LATENCY_JOBS   jobs of section 3 (default 50)
//   BENCH_BATCH_PDFS     text PDFs in the batch of section 4 (default 40; plus 4 image documents)
//   BENCH_PDF_ROUNDS     alternating rounds of section 1 (default 3; the median is printed)
//   BENCH_SECTIONS       comma-separated sections to run (default 1,2,3,4)
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOcrPool } from '../src/pipeline/read/ocr/index.js';
import { createPdfSandboxPool } from '../src/pipeline/read/pdf/index.js';
import { startDocumentServer } from '../test/support/document-server.js';
import { LATENCY_PDF, loadBatch, loadFile, loadPdfs, OCR_PAGES } from './pipeline/corpus.js';
import { benchLatency } from './pipeline/latency.js';
import { benchOcr } from './pipeline/ocr.js';
import { benchPdfReading } from './pipeline/pdf-reading.js';
import { withService } from './pipeline/service.js';
import { benchThroughput } from './pipeline/throughput.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATASETS = path.resolve(ROOT, '../shared/datasets');
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LATENCY_JOBS = Number(process.env.BENCH_LATENCY_JOBS ?? 50);
const BATCH_PDFS = Number(process.env.BENCH_BATCH_PDFS ?? 40);
const PDF_ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 3);
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? '1,2,3,4').split(',').map((s) => Number(s.trim())));

// The worker's defaults (README, Configuration), mirrored for the in-process parts so both sides get the same
// resources: DOCEX_WORKER_CONCURRENCY = cores (min 2), PDF sandboxes = min(concurrency, 4), DOCEX_OCR_WORKERS = 2,
// DOCEX_PDF_TIMEOUT_MS = 60 s, DOCEX_PDF_MAX_MEMORY_MB = 512.
const WORKER_CONCURRENCY = Math.max(2, os.availableParallelism());
const PDF_SANDBOXES = Math.max(1, Math.min(WORKER_CONCURRENCY, 4));
const OCR_WORKERS = 2;

/** Rejects on Ctrl-C or SIGTERM, so that every section's finally blocks run and nothing is left behind. */
const interrupted = new Promise<never>((_, reject) => {
  const onSignal = (signal: string) => reject(new Error(`interrupted by ${signal}`));
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
});
interrupted.catch(() => undefined);
const section = <T>(work: Promise<T>): Promise<T> => Promise.race([work, interrupted]);

async function main(): Promise<void> {
  if (!(LATENCY_JOBS >= 1 && BATCH_PDFS >= 1 && PDF_ROUNDS >= 1)) {
    throw new Error('BENCH_LATENCY_JOBS, BENCH_BATCH_PDFS and BENCH_PDF_ROUNDS must be positive');
  }
  const began = performance.now();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`bench:pipeline  ${os.availableParallelism()} cores, load average ${load}, Node ${process.version}`);
  console.log(
    `worker defaults: concurrency ${WORKER_CONCURRENCY}, PDF sandboxes ${PDF_SANDBOXES}, OCR workers ${OCR_WORKERS}`,
  );

  const pdfs = await loadPdfs(DATASETS);
  const ocrFiles = await Promise.all(OCR_PAGES.map((name) => loadFile(DATASETS, name)));
  const latencyPdf = await loadFile(DATASETS, LATENCY_PDF);
  const batch = await loadBatch(DATASETS, pdfs, BATCH_PDFS);

  const pdfRunner = createPdfSandboxPool({ maxWorkers: PDF_SANDBOXES, timeoutMs: 60_000, maxMemoryMb: 512 });
  const ocr = await createOcrPool({ size: OCR_WORKERS });
  const files = await startDocumentServer();
  try {
    if (SECTIONS.has(1))
      await section(
        benchPdfReading({ datasets: DATASETS, pdfs, runner: pdfRunner, lanes: PDF_SANDBOXES, rounds: PDF_ROUNDS }),
      );
    if (SECTIONS.has(2)) {
      await section(
        benchOcr({ files: ocrFiles, runner: pdfRunner, lanes: PDF_SANDBOXES, pool: ocr, poolSize: OCR_WORKERS }),
      );
    }
    if (SECTIONS.has(3) || SECTIONS.has(4)) {
      console.log('\n   starting the service (bin/docex.js start) on a throwaway database');
      await withService(ROOT, ADMIN_URL, async (service) => {
        const bare = { ocr, pdfRunner };
        if (SECTIONS.has(3)) await section(benchLatency({ service, files, pdf: latencyPdf, jobs: LATENCY_JOBS, bare }));
        if (SECTIONS.has(4))
          await section(benchThroughput({ service, files, batch, concurrency: WORKER_CONCURRENCY, bare }));
      });
    }
  } finally {
    await Promise.allSettled([files.close(), ocr.close(), pdfRunner.close()]);
  }
  console.log(`\nbench:pipeline done in ${((performance.now() - began) / 1000).toFixed(0)} s`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error && error.message.startsWith('interrupted') ? error.message : error);
  process.exitCode = 1;
} finally {
  // Interrupted sections may leave work behind (their pools are closed): do not wait for it.
  process.exit();
}
