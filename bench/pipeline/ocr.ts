// Section 2: OCR seconds per page on dev invoices rendered at 300 dpi. docex: ocrPage through the OCR pool with its
// default size (pages queued at once, orientation check on, as the worker runs them). Baseline in the same run: the
// tesseract CLI when installed, else bare tesseract.js (one worker, same models and settings, no orientation check).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import type { Page } from '../../src/pipeline/model.js';
import { defaultLanguages, ocrPage, type OcrPool } from '../../src/pipeline/read/ocr/index.js';
import { prepareLanguageData, releaseLanguageData } from '../../src/pipeline/read/ocr/language-data.js';
import { renderPage } from '../../src/pipeline/read/pdf/index.js';
import type { SandboxRunner } from '../../src/pipeline/read/sandbox/run-in-sandbox.js';
import type { CorpusFile } from './corpus.js';
import { loadNote, mapLimit, mean, progress, ratio, since } from './stats.js';

const DPI = 300;
/** The CLI baseline is bounded per page like docex's pool (DOCEX_OCR_PAGE_TIMEOUT_MS default). */
const CLI_PAGE_TIMEOUT_MS = 120_000;

interface RenderedInvoice {
  name: string;
  png: Buffer;
}

interface OcrFigures {
  secondsPerPage: number;
  meanPageLatencyS: number;
  words: number;
}

const wordsOfPage = (page: Page) => page.lines.reduce((n, line) => n + line.words.length, 0);

async function renderAll(
  files: readonly CorpusFile[],
  runner: SandboxRunner,
  lanes: number,
): Promise<RenderedInvoice[]> {
  const start = performance.now();
  const rendered = await mapLimit(files, lanes, async (f) => ({
    name: f.name,
    png: (await renderPage(f.bytes, 1, DPI, { runner })).png,
  }));
  progress(
    `rendered ${rendered.length} pages at ${DPI} dpi in ${(since(start) / 1000).toFixed(1)} s (${lanes} at a time)`,
  );
  return rendered;
}

/** Starts every pool worker (thread + models) outside the clock, as in a worker that has already read a page. */
async function warmPool(pool: OcrPool, size: number): Promise<void> {
  const blank = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#fff' } })
    .greyscale()
    .png()
    .toBuffer();
  await Promise.all(Array.from({ length: size }, () => pool.readLines(blank, { dpi: DPI })));
}

async function ocrWithDocex(pool: OcrPool, poolSize: number, pages: readonly RenderedInvoice[]): Promise<OcrFigures> {
  await warmPool(pool, poolSize);
  const latencies: number[] = [];
  const start = performance.now();
  const read = await Promise.all(
    pages.map(async (p) => {
      const t = performance.now();
      const page = await ocrPage(pool, p.png, 1);
      latencies.push(since(t) / 1000);
      return page;
    }),
  );
  const wall = since(start) / 1000;
  return {
    secondsPerPage: wall / pages.length,
    meanPageLatencyS: mean(latencies),
    words: read.reduce((n, p) => n + wordsOfPage(p), 0),
  };
}

async function ocrWithTesseractJs(pages: readonly RenderedInvoice[]): Promise<OcrFigures> {
  const data = await prepareLanguageData(defaultLanguages());
  const worker = await Tesseract.createWorker([...data.languages], Tesseract.OEM.LSTM_ONLY, {
    langPath: data.langPath,
    gzip: true,
    cacheMethod: 'none',
    legacyCore: false,
    legacyLang: false,
    errorHandler: (error: unknown) => console.error('tesseract.js baseline error', error),
  });
  try {
    const options = { user_defined_dpi: String(DPI), debug_file: '/dev/null' } as Partial<Tesseract.RecognizeOptions>;
    const latencies: number[] = [];
    let words = 0;
    for (const p of pages) {
      const t = performance.now();
      const { data: result } = await worker.recognize(p.png, options, { text: false, blocks: true });
      latencies.push(since(t) / 1000);
      for (const block of result.blocks ?? []) {
        for (const paragraph of block.paragraphs) for (const line of paragraph.lines) words += line.words.length;
      }
    }
    return { secondsPerPage: mean(latencies), meanPageLatencyS: mean(latencies), words };
  } finally {
    await worker.terminate();
    await releaseLanguageData(data);
  }
}

function run(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${command} exited with ${code}`));
    });
  });
}

/** The languages of docex's default set that the tesseract CLI has, or null when the CLI is not installed. */
async function cliLanguages(): Promise<string[] | null> {
  try {
    const listed = (await run('tesseract', ['--list-langs'], 10_000)).split('\n').map((l) => l.trim());
    const wanted = defaultLanguages().filter((l) => listed.includes(l));
    return wanted.length > 0 ? wanted : null;
  } catch {
    return null;
  }
}

async function ocrWithCli(pages: readonly RenderedInvoice[], languages: string[]): Promise<OcrFigures> {
  const folder = await mkdtemp(path.join(tmpdir(), 'docex-bench-ocr-'));
  try {
    const files = await Promise.all(
      pages.map(async (p, i) => {
        const file = path.join(folder, `page-${i}.png`);
        await writeFile(file, p.png);
        return file;
      }),
    );
    const latencies: number[] = [];
    let words = 0;
    for (const file of files) {
      const t = performance.now();
      const text = await run(
        'tesseract',
        [file, '-', '-l', languages.join('+'), '--oem', '1', '--dpi', String(DPI)],
        CLI_PAGE_TIMEOUT_MS,
      );
      latencies.push(since(t) / 1000);
      words += text.split(/\s+/).filter(Boolean).length;
    }
    return { secondsPerPage: mean(latencies), meanPageLatencyS: mean(latencies), words };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function benchOcr(options: {
  files: readonly CorpusFile[];
  runner: SandboxRunner;
  lanes: number;
  pool: OcrPool;
  poolSize: number;
}): Promise<void> {
  const { files, runner, lanes, pool, poolSize } = options;
  console.log(
    `\n2. OCR, first pages of ${files.length} dev invoices rendered at ${DPI} dpi (languages ${pool.languages.join('+')}; ${loadNote()})`,
  );
  const pages = await renderAll(files, runner, lanes);
  progress(`docex ocrPage through the OCR pool (${poolSize} workers, all pages queued at once)`);
  const docex = await ocrWithDocex(pool, poolSize, pages);
  const cli = await cliLanguages();
  let baseline: OcrFigures;
  let baselineLabel: string;
  if (cli) {
    progress(`tesseract CLI (${cli.join('+')}), one page at a time`);
    baseline = await ocrWithCli(pages, cli);
    baselineLabel = `baseline tesseract CLI ${cli.join('+')}, --oem 1, per page`;
  } else {
    console.log(
      '   tesseract CLI not installed (apt-get install -y tesseract-ocr): baseline is bare tesseract.js instead',
    );
    progress('bare tesseract.js, one worker, one page at a time, no orientation check');
    baseline = await ocrWithTesseractJs(pages);
    baselineLabel = 'baseline tesseract.js, 1 worker, no orientation check';
  }
  const label = (text: string) => `   ${text.padEnd(56)}`;
  console.log(
    `${label(`docex ocrPage, OCR pool of ${poolSize}, pages queued at once`)}${docex.secondsPerPage.toFixed(2)} s/page` +
      `  (throughput; each page ${docex.meanPageLatencyS.toFixed(2)} s from queueing to result on average; ${docex.words} words)`,
  );
  console.log(`${label(baselineLabel)}${baseline.secondsPerPage.toFixed(2)} s/page  (${baseline.words} words)`);
  console.log(`${label('speed-up docex vs baseline')}${ratio(baseline.secondsPerPage, docex.secondsPerPage)}`);
}
