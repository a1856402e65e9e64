// `npm run test:poison`: hostile documents through the real reader, in a child process under a memory limit.
//
// Builds the documents (nothing hostile is checked in), starts test/poison/reader-child.ts the way `docex worker`
// would read (same configuration from the environment, warm PDF sandboxes, an OCR pool), warms it up with ordinary
// documents to take its baseline, then reads each hostile document and prints its outcome, the time to it, the peak
// resident memory while it was read and the resident memory once idle. The child's resident memory is watched from
// here: past the limit it is killed, as a container's OOM killer would (a process death, counted and restarted).
//
// Targets (issue 11): every hostile document ends in `error` within 2 minutes; the resident memory comes back within
// 200 MB of the baseline; no process death. Exit code 1 when one is missed.
//
// Options: --memory-limit-mb N (default 1024), --heap-mb N (the child's --max-old-space-size, default 512),
// --bomb-mb N (what the decompression bombs inflate to, default 1024). Set DOCEX_PDF_* variables to try budgets.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildPdf, helveticaPage } from '../support/pdf-builder.js';
import {
  attachmentBombPdf,
  billionLaughsXml,
  deepXml,
  flatPng,
  flateBombPdf,
  hugeJpeg,
  hugePng,
  imageBombPdf,
  lyingJpegPdf,
  nestedArraysPdf,
  manyStreamsPdf,
} from './bombs.js';
import type { ChildMessage, ChildRequest } from './reader-child.js';

const { values: args } = parseArgs({
  options: {
    'memory-limit-mb': { type: 'string', default: '1024' },
    'heap-mb': { type: 'string', default: '512' },
    'bomb-mb': { type: 'string', default: '1024' },
  },
});
const memoryLimitMb = Number(args['memory-limit-mb']);
const heapMb = Number(args['heap-mb']);
const bombBytes = Number(args['bomb-mb']) * 2 ** 20;

const TIME_TARGET_MS = 120_000;
const RSS_TARGET_MB = 200;
const MiB = 2 ** 20;

interface Document {
  name: string;
  build: () => Promise<Buffer> | Buffer;
  /** Warm-up and control documents are read to completion; hostile ones must end in an error. */
  role: 'warm-up' | 'hostile' | 'control';
}

const textPdf = (): Buffer =>
  buildPdf(helveticaPage('BT /F1 12 Tf 50 780 Td (Invoice 4711 dated 2026-11-24, total 119.00 EUR) Tj ET'));

const DOCUMENTS: Document[] = [
  { name: 'warm-up: text PDF', role: 'warm-up', build: textPdf },
  { name: 'warm-up: blank PNG 1000x1000 (OCR)', role: 'warm-up', build: () => flatPng(1000, 1000) },
  // A steady-state worker has rendered and OCRed full pages: the OCR engine's memory is sized by them.
  {
    name: 'warm-up: scanned A4 page at 300 dpi (render + OCR)',
    role: 'warm-up',
    build: () => imageBombPdf(2480, 3508),
  },
  { name: 'warm-up: text PDF again', role: 'warm-up', build: textPdf },
  {
    name: `PDF content stream: Flate bomb to ${bombBytes / MiB} MB`,
    role: 'hostile',
    build: () => flateBombPdf(bombBytes),
  },
  {
    name: `PDF content stream: ASCIIHex+Flate bomb to ${bombBytes / MiB} MB`,
    role: 'hostile',
    build: () => flateBombPdf(bombBytes, { hexWrapped: true }),
  },
  {
    name: `PDF embedded factur-x.xml: Flate bomb to ${bombBytes / MiB} MB`,
    role: 'hostile',
    build: () => attachmentBombPdf(bombBytes),
  },
  {
    name: 'PDF 12 pages, each stream inflating to 120 MB',
    role: 'hostile',
    build: () => manyStreamsPdf(12, 120 * MiB),
  },
  {
    name: 'PDF scanned page: 8000x8000 image (64 MP) of blank',
    role: 'hostile',
    build: () => imageBombPdf(8000, 8000),
  },
  {
    name: 'PDF scanned page: 20000x20000 image (400 MP) claim',
    role: 'hostile',
    build: () => imageBombPdf(20000, 20000),
  },
  {
    name: 'PDF scanned page: 100x100 JPEG image whose header declares 30000x30000',
    role: 'hostile',
    build: () => lyingJpegPdf(30_000, 30_000),
  },
  { name: 'PDF page dictionary nested 200,000 arrays deep', role: 'hostile', build: () => nestedArraysPdf(200_000) },
  { name: 'PNG declaring 100000x100000 pixels', role: 'hostile', build: () => hugePng(100_000, 100_000) },
  { name: 'JPEG declaring 65000x65000 pixels', role: 'hostile', build: () => hugeJpeg(65_000, 65_000) },
  { name: 'PNG 10000x10000 (100 MP) of blank, 100 kB', role: 'hostile', build: () => flatPng(10_000, 10_000) },
  { name: 'XML nested 100,000 elements deep', role: 'hostile', build: () => deepXml(100_000) },
  { name: 'XML billion laughs', role: 'hostile', build: () => billionLaughsXml() },
  { name: 'control: text PDF after all of the above', role: 'control', build: textPdf },
];

class ReaderProcess {
  deaths = 0;
  #child: ChildProcess | null = null;
  #pending: ((message: ChildMessage | null) => void) | null = null;
  #watch: NodeJS.Timeout | null = null;

  async start(): Promise<void> {
    const child = fork(new URL('./reader-child.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', 'tsx', '--expose-gc', `--max-old-space-size=${heapMb}`],
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.#child = child;
    child.on('message', (message: ChildMessage) => this.#pending?.(message));
    child.on('exit', () => {
      if (this.#child === child) this.#child = null;
      this.#pending?.(null);
    });
    this.#watch = setInterval(() => this.#enforceLimit(child), 25);
    const ready = await this.#next();
    if (ready?.kind !== 'ready') throw new Error('the reader process did not start');
  }

  /** Reads one document; null when the process died (it is restarted). */
  async read(request: ChildRequest): Promise<ChildMessage | null> {
    if (!this.#child) await this.start();
    const reply = this.#next();
    this.#child!.send(request);
    const message = await reply;
    if (message === null) {
      this.deaths += 1;
      clearInterval(this.#watch!);
      await this.start();
    }
    return message;
  }

  async stop(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('exit');
    await exited;
    clearInterval(this.#watch!);
  }

  #next(): Promise<ChildMessage | null> {
    return new Promise((resolve) => {
      this.#pending = (message) => {
        this.#pending = null;
        resolve(message);
      };
    });
  }

  #enforceLimit(child: ChildProcess): void {
    if (child.pid === undefined || child.exitCode !== null) return;
    const rssMb = residentMb(child.pid);
    if (rssMb > memoryLimitMb) {
      console.log(`  ! reader process at ${rssMb} MB, over the ${memoryLimitMb} MB limit: killed`);
      child.kill('SIGKILL');
    }
  }
}

function residentMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/mu.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'docex-poison-'));
const reader = new ReaderProcess();
let missed = 0;
try {
  console.log(
    `poison documents: memory limit ${memoryLimitMb} MB, child heap ${heapMb} MB, bombs inflate to ${bombBytes / MiB} MB`,
  );
  await reader.start();
  let baselineMb = 0;
  console.log(['document', 'size', 'outcome', 'time', 'peak RSS', 'RSS after', 'vs baseline'].join(' | '));
  for (const [index, document] of DOCUMENTS.entries()) {
    const bytes = await document.build();
    const file = path.join(folder, `${index}.bin`);
    writeFileSync(file, bytes);
    const result = await reader.read({ name: document.name, file });
    if (!result || result.kind !== 'result') {
      missed += 1;
      console.log(`${document.name} | ${kb(bytes.length)} | PROCESS DIED | | | |`);
      continue;
    }
    if (document.role === 'warm-up') baselineMb = result.rssAfterMb;
    const delta = result.rssAfterMb - baselineMb;
    const problems: string[] = [];
    if (document.role === 'hostile' && !result.outcome.startsWith('error')) problems.push('not an error');
    if (document.role === 'control' && !result.outcome.startsWith('processed'))
      problems.push('control document failed');
    if (result.ms > TIME_TARGET_MS) problems.push('slower than 2 min');
    if (document.role !== 'warm-up' && delta > RSS_TARGET_MB) problems.push(`RSS ${delta} MB over baseline`);
    missed += problems.length;
    const row = [
      document.name,
      kb(bytes.length),
      result.outcome,
      `${result.ms} ms`,
      `${result.peakRssMb} MB`,
      `${result.rssAfterMb} MB`,
    ];
    row.push(document.role === 'warm-up' ? '(baseline)' : `${delta >= 0 ? '+' : ''}${delta} MB`);
    console.log(`${row.join(' | ')}${problems.length > 0 ? `  <-- ${problems.join(', ')}` : ''}`);
  }
  console.log(`process deaths: ${reader.deaths}; targets missed: ${missed}`);
  await reader.stop();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.exitCode = missed + reader.deaths > 0 ? 1 : 0;

function kb(bytes: number): string {
  return bytes >= MiB ? `${(bytes / MiB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}
