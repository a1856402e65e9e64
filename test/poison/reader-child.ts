// The process under test of `npm run test:poison`: the real reader with the worker's resources, configured from the
// environment exactly as `docex worker` configures them (loadConfig): a warm PDF sandbox pool and an OCR pool. It
// reads the documents its parent names, one at a time, and reports per document its outcome, the time to it, the
// peak resident memory while reading (VmHWM, reset before each document) and the resident memory once idle.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadConfig } from '../../src/config.js';
import { PipelineError } from '../../src/pipeline/errors.js';
import { sniffFormat } from '../../src/pipeline/fetch/sniff.js';
import { readDocument } from '../../src/pipeline/read/index.js';
import { createOcrPool } from '../../src/pipeline/read/ocr/index.js';
import { createPdfSandboxPool } from '../../src/pipeline/read/pdf/index.js';

export interface ChildRequest {
  name: string;
  file: string;
}

export type ChildMessage =
  | { kind: 'ready'; baselineRssMb: number }
  | { kind: 'result'; name: string; outcome: string; ms: number; peakRssMb: number; rssAfterMb: number };

/** How long the process is left idle after a document before its resident memory is read. */
const SETTLE_MS = 3_000;

function statusMb(field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'mu').exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : Math.round(process.memoryUsage.rss() / 2 ** 20);
}

function resetPeak(): void {
  try {
    // "5" resets the peak resident set size (VmHWM) of this process (Linux 4.0+).
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Without it the peak is the process's peak so far: still an upper bound.
  }
}

async function settle(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  return statusMb('VmRSS');
}

function describeOutcome(error: unknown): string {
  if (error instanceof PipelineError) {
    const limit = typeof error.detail.limit === 'string' ? ` (${error.detail.limit})` : '';
    return `error ${error.stage}/${error.code}${limit}`;
  }
  return `error unclassified: ${error instanceof Error ? error.message : String(error)}`;
}

const config = loadConfig(process.env);
const pdfRunner = createPdfSandboxPool({
  maxWorkers: Math.max(1, Math.min(config.workerConcurrency, 4)),
  timeoutMs: config.pdf.timeoutMs,
  maxMemoryMb: config.pdf.maxMemoryMb,
  maxStreamMb: config.pdf.maxStreamMb,
  maxRssGrowthMb: config.pdf.maxRssGrowthMb,
  maxRetainedMb: config.pdf.maxRetainedMb,
});
const ocr = await createOcrPool({ size: 1, pageTimeoutMs: config.ocr.pageTimeoutMs });

async function read(request: ChildRequest): Promise<ChildMessage> {
  const bytes = readFileSync(request.file);
  resetPeak();
  const startedAt = performance.now();
  let outcome: string;
  try {
    const format = sniffFormat(bytes);
    if (!format) throw new PipelineError('parsing', 'unsupported_format', 'unknown format');
    const doc = await readDocument({ bytes, format }, { ocr, pdfRunner });
    outcome = `processed (${doc.pages.length} pages)`;
  } catch (error) {
    outcome = describeOutcome(error);
  }
  const ms = Math.round(performance.now() - startedAt);
  const peakRssMb = statusMb('VmHWM');
  return { kind: 'result', name: request.name, outcome, ms, peakRssMb, rssAfterMb: await settle() };
}

let queue = Promise.resolve();
process.on('message', (request: ChildRequest | 'exit') => {
  if (request === 'exit') {
    void queue.then(async () => {
      await Promise.allSettled([pdfRunner.close(), ocr.close()]);
      process.exit(0);
    });
    return;
  }
  queue = queue.then(async () => {
    process.send?.(await read(request));
  });
});
process.send?.({ kind: 'ready', baselineRssMb: 0 } satisfies ChildMessage);
