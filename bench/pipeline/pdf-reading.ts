// Section 1: text-PDF reading throughput, docex's readPdf through a warm sandbox pool (as the worker holds it) vs.
// poppler's pdftotext spawned once per file, both over the same files with the same number of lanes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PipelineError } from '../../src/pipeline/errors.js';
import { readPdf } from '../../src/pipeline/read/pdf/index.js';
import type { SandboxRunner } from '../../src/pipeline/read/sandbox/run-in-sandbox.js';
import type { CorpusFile } from './corpus.js';
import { loadNote, mapLimit, progress, ratio, since } from './stats.js';

export interface ReadingFigures {
  documents: number;
  pages: number;
  failed: Record<string, number>;
  seconds: number;
}

/** pdftotext's exit is bounded: a file it cannot finish in this time counts as failed. */
const PDFTOTEXT_TIMEOUT_MS = 30_000;

export async function readWithDocex(
  pdfs: readonly CorpusFile[],
  runner: SandboxRunner,
  lanes: number,
): Promise<ReadingFigures> {
  // Warm-up outside the clock: one read per lane starts every pooled worker (pdfjs loaded, JIT warm).
  await mapLimit(pdfs.slice(0, lanes * 2), lanes, (f) => readPdf(f.bytes, { runner }).catch(() => null));
  const failed: Record<string, number> = {};
  let pages = 0;
  const start = performance.now();
  await mapLimit(pdfs, lanes, async (f) => {
    try {
      const result = await readPdf(f.bytes, { runner });
      pages += result.info.pageCount;
    } catch (error) {
      const code = error instanceof PipelineError ? error.code : 'unexpected';
      failed[code] = (failed[code] ?? 0) + 1;
    }
  });
  return { documents: pdfs.length, pages, failed, seconds: since(start) / 1000 };
}

/** True when `pdftotext` can be started. */
export function hasPdftotext(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('pdftotext', ['-v'], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

/** Runs pdftotext on one file, text to stdout; pages are counted by the form feed poppler ends each page with. */
function pdftotext(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-enc', 'UTF-8', file, '-'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let pages = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 0x0c) pages += 1;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), PDFTOTEXT_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(pages);
      else reject(new Error(`pdftotext exited with ${code}`));
    });
  });
}

export async function readWithPdftotext(
  datasets: string,
  pdfs: readonly CorpusFile[],
  lanes: number,
): Promise<ReadingFigures> {
  const files = pdfs.map((f) => path.join(datasets, f.name));
  await mapLimit(files.slice(0, lanes * 2), lanes, (f) => pdftotext(f).catch(() => 0));
  const failed: Record<string, number> = {};
  let pages = 0;
  const start = performance.now();
  await mapLimit(files, lanes, async (file) => {
    try {
      const read = await pdftotext(file); // not `pages += await ...`: that reads `pages` before the await
      pages += read;
    } catch {
      failed.pdftotext_failed = (failed.pdftotext_failed ?? 0) + 1;
    }
  });
  return { documents: files.length, pages, failed, seconds: since(start) / 1000 };
}

const describe = (r: ReadingFigures) => {
  const failures = Object.entries(r.failed)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  return (
    `${(r.pages / r.seconds).toFixed(1).padStart(7)} pages/s  (${r.pages} pages of ${r.documents} PDFs in ${r.seconds.toFixed(2)} s` +
    `${failures ? `; failed: ${failures}` : ''})`
  );
};

/** The round with the median speed: the machine is shared, so one round alone may catch someone else's burst. */
function medianRound(rounds: readonly ReadingFigures[]): ReadingFigures {
  const sorted = [...rounds].sort((a, b) => a.pages / a.seconds - b.pages / b.seconds);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchPdfReading(options: {
  datasets: string;
  pdfs: readonly CorpusFile[];
  runner: SandboxRunner;
  lanes: number;
  rounds: number;
}): Promise<void> {
  const { datasets, pdfs, runner, lanes, rounds } = options;
  console.log(
    `\n1. Text-PDF reading, ${pdfs.length} dev PDFs (both sets), ${lanes} at a time, median of ${rounds} alternating rounds (${loadNote()})`,
  );
  const withBaseline = await hasPdftotext();
  if (!withBaseline)
    console.log('   baseline skipped: pdftotext not found (install it with: apt-get install -y poppler-utils)');
  const docexRounds: ReadingFigures[] = [];
  const baselineRounds: ReadingFigures[] = [];
  for (let round = 1; round <= rounds; round++) {
    // Alternating, so that both sides see the same mix of quiet and busy moments of the shared machine.
    const docex = await readWithDocex(pdfs, runner, lanes);
    docexRounds.push(docex);
    let line = `round ${round}: docex ${(docex.pages / docex.seconds).toFixed(1)} pages/s`;
    if (withBaseline) {
      const baseline = await readWithPdftotext(datasets, pdfs, lanes);
      baselineRounds.push(baseline);
      line += `, pdftotext ${(baseline.pages / baseline.seconds).toFixed(1)} pages/s`;
    }
    progress(line);
  }
  const docex = medianRound(docexRounds);
  console.log(`   docex readPdf, warm sandbox pool (words + boxes, attachments)  ${describe(docex)}`);
  if (!withBaseline) return;
  const baseline = medianRound(baselineRounds);
  console.log(`   baseline pdftotext, one process per file (plain text)         ${describe(baseline)}`);
  console.log(
    `   ratio docex / pdftotext                                        ${ratio(docex.pages / docex.seconds, baseline.pages / baseline.seconds)}`,
  );
  if (baseline.pages !== docex.pages)
    console.log(`   (page counts differ: docex ${docex.pages}, pdftotext ${baseline.pages})`);
}
