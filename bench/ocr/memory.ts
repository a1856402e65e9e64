// Where one OCR worker's memory goes: `node --import tsx bench/ocr/memory.ts [--passes N] [--at-once K]
// [--band-rows R] [names]`
// reads the real set of bench:ocr page by page (K at a time, default 1) along a worker's path (normalizeImage for
// uploaded images, then ocrPage with the paddle pool and docex's defaults) and prints process.memoryUsage() (rss,
// heapUsed, external, arrayBuffers) at each stage: after start, once the pool exists, once the model thread has
// loaded both models, around every page (before, sampled peak, after, after malloc_trim as the reader does after a
// document), and at the end of each pass over the set (does it grow?). The models' own cost is measured apart, one
// model after the other, in a child process (`--models`): onnxruntime loaded, then each session created.
// The set's PDF pages are rendered beforehand in a child process (`--prepare`), so the renderer's memory is not in
// the figures, and every input is read from disk when its turn comes (the bench holds one page at a time).
// `--stages` reads with the engine itself instead of the pool (profile.ts's path: preprocess, orientation check
// of landscape pages, decode, detection, recognition per batch) and prints the peak RSS reached in each stage.
// The process's peak (maxRSS) is printed last. MALLOC_ARENA_MAX and the like are read by glibc at start: set them
// on the command line. Needs ../shared/datasets (the real set) unless image files are given as arguments.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaddleOcr as PaddleOcrEngine } from '../../src/pipeline/read/ocr/paddle/engine.js';

const MB = 1048576;
const self = fileURLToPath(import.meta.url);
const argv = process.argv.slice(2);
const option = (flag: string, fallback: number): number => {
  const at = argv.indexOf(flag);
  if (at < 0) return fallback;
  const value = Number(argv[at + 1]);
  argv.splice(at, 2);
  return value;
};

interface Row {
  stage: string;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

function sample(stage: string): Row {
  const m = process.memoryUsage();
  return {
    stage,
    rss: m.rss,
    heapTotal: m.heapTotal,
    heapUsed: m.heapUsed,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
  };
}

function printTable(title: string, rows: Row[]): void {
  const mb = (bytes: number): string => (bytes / MB).toFixed(0).padStart(7);
  console.log(`\n${title}`);
  console.log(
    `  ${'stage'.padEnd(58)} ${'rss'.padStart(7)} ${'delta'.padStart(7)} ${'heapTot'.padStart(7)} ${'heap'.padStart(7)} ` +
      `${'extern'.padStart(7)} ${'arrbuf'.padStart(7)}   (MB)`,
  );
  let previous = rows[0]?.rss ?? 0;
  for (const row of rows) {
    const delta = row.rss - previous;
    previous = row.rss;
    console.log(
      `  ${row.stage.padEnd(58)} ${mb(row.rss)} ${((delta >= 0 ? '+' : '') + (delta / MB).toFixed(0)).padStart(7)} ` +
        `${mb(row.heapTotal)} ${mb(row.heapUsed)} ${mb(row.external)} ${mb(row.arrayBuffers)}`,
    );
  }
}

/** malloc_trim(0), synchronously (the reader runs it off the event loop after each document; here we wait). */
function trimNow(): void {
  if (process.platform !== 'linux') return;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as {
      load(path: string): { func(signature: string): () => number };
    };
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as unknown as (pad: number) => number;
    trim(0);
  } catch {
    // No glibc: memory is only reused, not returned.
  }
}

/** The process's peak RSS since the last reset (VmHWM; Linux: writing 5 to clear_refs resets it), or null. */
function highWater(reset = false): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (reset) writeFileSync('/proc/self/clear_refs', '5');
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

// --models: the models alone, one after the other, as the model thread loads them (same session options).
if (argv[0] === '--models') {
  const ort = createRequire(import.meta.url)('onnxruntime-node') as typeof import('onnxruntime-node');
  const { loadPaddleModelFiles } = await import('../../src/pipeline/read/ocr/paddle/models.js');
  const { optimizeGraph } = await import('../../src/pipeline/read/ocr/paddle/onnx-graph.js');
  const { sessionOptions } = await import('../../src/pipeline/read/ocr/paddle/model-task.js');
  const files = await loadPaddleModelFiles();
  const rows = [sample('onnxruntime-node loaded')];
  const sessions = [];
  for (const model of ['detection', 'recognition'] as const) {
    const bytes = readFileSync(files[model]);
    const rewritten = optimizeGraph(bytes).model;
    rows.push(sample(`${model}: file read + graph rewritten (${(rewritten.length / MB).toFixed(1)} MB)`));
    sessions.push(await ort.InferenceSession.create(rewritten, sessionOptions(2)));
    rows.push(sample(`${model}: session created`));
  }
  globalThis.gc?.();
  trimNow();
  rows.push(sample('both sessions, after GC + malloc_trim'));
  process.stdout.write(`MODELS ${JSON.stringify(rows)}\n`);
  process.exit(0);
}

// --prepare <dir>: the real set's inputs written to <dir> (images as they are, PDF pages rendered at 300 dpi).
if (argv[0] === '--prepare') {
  const { realSamples } = await import('./samples.js');
  const list = [];
  for (const [index, s] of (await realSamples()).entries()) {
    const file = join(argv[1]!, `${index}`);
    writeFileSync(file, 'image' in s.input ? s.input.image : s.input.render);
    list.push({ name: s.name, file, render: !('image' in s.input) });
  }
  writeFileSync(join(argv[1]!, 'list.json'), JSON.stringify(list));
  process.exit(0);
}

const passes = option('--passes', 2);
const atOnce = option('--at-once', 1);
// The detector in bands of at most this many input rows (DOCEX_OCR_DETECTION_BAND_ROWS; 0: the whole page).
const bandRows = option('--band-rows', 0);
const stagesAt = argv.indexOf('--stages');
const byStage = stagesAt >= 0;
if (byStage) argv.splice(stagesAt, 1);
const rows: Row[] = [sample('start (node, tsx, bench modules)')];
const { normalizeImage } = await import('../../src/pipeline/read/image/index.js');
const { createOcrPool, ocrPage } = await import('../../src/pipeline/read/ocr/index.js');
const { PaddleOcr } = await import('../../src/pipeline/read/ocr/paddle/engine.js');
const { preprocessPage } = await import('../../src/pipeline/read/image/preprocess.js');
const { rotateImage } = await import('../../src/pipeline/read/image/transform.js');
const { traced } = await import('../../src/pipeline/read/image/stage-trace.js');
const { mapLimit } = await import('../pipeline/stats.js');
const sharp = (await import('sharp')).default;
// Experiments with sharp's settings (docs/ocr.md, "Memory"): MEMORY_SHARP_CACHE=off, MEMORY_SHARP_CONCURRENCY=<n>.
if (process.env.MEMORY_SHARP_CACHE === 'off') sharp.cache(false);
if (process.env.MEMORY_SHARP_CONCURRENCY !== undefined) sharp.concurrency(Number(process.env.MEMORY_SHARP_CONCURRENCY));
rows.push(sample('docex read modules + sharp imported'));

interface Input {
  name: string;
  file: string;
  render: boolean;
}
let inputs: Input[];
let scratch: string | undefined;
if (argv.length > 0) {
  inputs = argv.map((file) => ({ name: basename(file), file, render: false }));
} else {
  scratch = mkdtempSync(join(tmpdir(), 'docex-ocr-memory-'));
  const prepared = spawnSync(process.execPath, [...process.execArgv, self, '--prepare', scratch], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (prepared.status !== 0 || !existsSync(join(scratch, 'list.json'))) {
    throw new Error('preparing the real set failed (is ../shared/datasets beside the checkout?)');
  }
  inputs = JSON.parse(readFileSync(join(scratch, 'list.json'), 'utf8')) as Input[];
}

const models = spawnSync(process.execPath, ['--expose-gc', ...process.execArgv, self, '--models'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
const modelRows = JSON.parse(/^MODELS (.*)$/m.exec(models.stdout)?.[1] ?? '[]') as Row[];

// --stages: the engine itself instead of the pool (one page at a time, ocrPage's path for upright and sideways
// pages as bench/ocr/profile.ts takes it), so that the peak of each stage can be told apart.
const engine = byStage ? await PaddleOcr.load() : null;
const pool =
  engine === null
    ? await createOcrPool({
        engine: 'paddle',
        size: atOnce,
        pageTimeoutMs: 3_600_000,
        paddle: { detectionBandRows: bandRows },
      })
    : null;
rows.push(sample('paddle pool created (model files checked)'));
const blank = await sharp({ create: { width: 320, height: 96, channels: 3, background: '#fff' } })
  .greyscale()
  .png()
  .toBuffer();
if (engine !== null) await engine.readLines(blank);
else await pool!.readLines(blank, { dpi: 300 });
rows.push(sample('model thread started, both models loaded (1 blank page)'));
trimNow();
rows.push(sample('  the same after malloc_trim'));

// The highest RSS seen while a page is read (sampled every 5 ms on the main thread, whose event loop is free while
// the models run in their thread); maxRSS catches what the sampling misses, once it is above every earlier peak.
let peak = 0;
let peakBuffers = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peak = Math.max(peak, m.rss);
  peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
}, 5);
sampler.unref();

interface PageRow {
  name: string;
  before: number;
  peak: number;
  /** The main thread's ArrayBuffers (decoded images, tensors, model outputs) at their highest during the page. */
  peakBuffers: number;
  after: number;
  trimmed: number;
}
const pageRows: PageRow[] = [];
let processPeak = 0;
/** Per stage (--stages): the peak RSS reached while it ran, for every page of pass 1. */
const stagePeaks = new Map<string, { peak: number; page: string }[]>();
let currentPage = '';
const stageTrace = (stage: string): void => {
  const peakNow = highWater(true);
  if (peakNow === null) return;
  const list = stagePeaks.get(stage) ?? [];
  list.push({ peak: peakNow, page: currentPage });
  stagePeaks.set(stage, list);
};
async function readWithEngine(engine: PaddleOcrEngine, png: Buffer): Promise<void> {
  const cleaned = await preprocessPage(png, undefined, stageTrace);
  let page = cleaned.png;
  if (cleaned.width > cleaned.height) {
    const turn = await traced(stageTrace, 'orientation check (landscape only)', () => engine.suggestTurn(page));
    if (turn !== 0) page = (await traced(stageTrace, 'orientation: turn', () => rotateImage(page, turn))).png;
  }
  engine.trace = stageTrace;
  const image = await engine.decode(page);
  await engine.recognize(image, await engine.detect(image));
  engine.trace = undefined;
}
const passRows: Row[] = [];
const seconds: { cpu: number; wall: number }[] = [];
for (let pass = 1; pass <= passes; pass += 1) {
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  await mapLimit(inputs, atOnce, async (input) => {
    const before = process.memoryUsage.rss();
    peak = before;
    peakBuffers = 0;
    currentPage = input.name;
    if (atOnce === 1) highWater(true);
    const bytes = readFileSync(input.file);
    const pngs = input.render
      ? [bytes]
      : (await traced(byStage && pass === 1 ? stageTrace : undefined, 'normalize', () => normalizeImage(bytes))).map(
          (image) => image.png,
        );
    for (const [index, png] of pngs.entries()) {
      if (engine !== null) await readWithEngine(engine, png);
      else await ocrPage(pool!, png, index + 1);
    }
    const after = process.memoryUsage.rss();
    // One page at a time, the kernel's high-water mark is this page's exact peak (sampling misses short spikes).
    peak = Math.max(peak, after, (atOnce === 1 ? highWater() : null) ?? 0);
    if (atOnce === 1) trimNow();
    const trimmed = process.memoryUsage.rss();
    processPeak = Math.max(processPeak, peak);
    if (pass === 1) pageRows.push({ name: input.name, before, peak, peakBuffers, after, trimmed });
  });
  const cpu = process.cpuUsage(cpuStart);
  seconds.push({ cpu: (cpu.user + cpu.system) / 1e6, wall: (performance.now() - wallStart) / 1000 });
  passRows.push(sample(`after pass ${pass} (${pass * inputs.length} pages)`));
  trimNow();
  passRows.push(sample(`after pass ${pass}, malloc_trim`));
  if (globalThis.gc !== undefined) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
    globalThis.gc();
    trimNow();
    passRows.push(sample(`after pass ${pass}, garbage collection + malloc_trim`));
  }
}
clearInterval(sampler);
const sharpCache = sharp.cache();
await pool?.close();
await engine?.release();
if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });

console.log(
  `node ${process.version}, ${inputs.length} pages x ${passes} passes, ${atOnce} at a time; ` +
    `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '(unset)'}`,
);
printTable(
  'The models alone (child process: onnxruntime-node, then each session as the model thread creates it)',
  modelRows,
);
printTable('Worker process', [...rows, ...passRows]);
console.log(
  `\nPer page, pass 1 (MB; peak: the kernel's high-water mark, one page at a time; arrbuf: the main thread's arrayBuffers at their highest, sampled every 5 ms${atOnce > 1 ? '; pages overlap, no trim per page' : ''}):`,
);
console.log(
  `  ${'page'.padEnd(58)} ${'before'.padStart(7)} ${'peak'.padStart(7)} ${'arrbuf'.padStart(7)} ${'after'.padStart(7)} ${'trimmed'.padStart(8)}`,
);
for (const p of pageRows) {
  const mb = (bytes: number): string => (bytes / MB).toFixed(0).padStart(7);
  console.log(
    `  ${p.name.slice(0, 58).padEnd(58)} ${mb(p.before)} ${mb(p.peak)} ${mb(p.peakBuffers)} ${mb(p.after)} ${mb(p.trimmed).padStart(8)}`,
  );
}
if (stagePeaks.size > 0) {
  console.log(`\nPeak RSS by stage, pass 1 (MB; the high-water mark while the stage ran, over the pages):`);
  console.log(`  ${'stage'.padEnd(44)} ${'median'.padStart(7)} ${'max'.padStart(7)}  page of the max`);
  for (const [stage, list] of stagePeaks) {
    const sorted = list.map((entry) => entry.peak).sort((a, b) => a - b);
    const top = list.reduce((a, b) => (b.peak > a.peak ? b : a));
    const mb = (bytes: number): string => (bytes / MB).toFixed(0).padStart(7);
    console.log(`  ${stage.padEnd(44)} ${mb(sorted[Math.floor(sorted.length / 2)]!)} ${mb(top.peak)}  ${top.page}`);
  }
}
const peaks = pageRows.map((p) => p.peak).sort((a, b) => a - b);
const median = peaks[Math.floor(peaks.length / 2)] ?? 0;
console.log(
  `\nsharp's cache: ${(sharpCache.memory.current / MB).toFixed(0)} MB held (high ${(sharpCache.memory.high / MB).toFixed(0)}), ` +
    `${sharpCache.items.current} operations, ${sharpCache.files.current} files`,
);
const summary = {
  // maxRSS follows the kernel's high-water mark, which the per-page measurement resets: the pages' peaks count too.
  peakRssMb: Math.round(Math.max(process.resourceUsage().maxRSS * 1024, processPeak, ...rows.map((r) => r.rss)) / MB),
  medianPagePeakMb: Math.round(median / MB),
  modelsLoadedMb: Math.round((rows.at(-2)?.rss ?? 0) / MB),
  endMb: Math.round((passRows.at(-1)?.rss ?? 0) / MB),
  // Whole process (the model thread's runs count); trimming and garbage collection between passes are outside.
  cpuSecondsPerPage: Number((seconds.reduce((t, s) => t + s.cpu, 0) / (passes * inputs.length)).toFixed(2)),
  wallSecondsPerPage: Number((seconds.reduce((t, s) => t + s.wall, 0) / (passes * inputs.length)).toFixed(2)),
};
console.log(`peak RSS of the process ${summary.peakRssMb} MB`);
process.stdout.write(`MEMORY ${JSON.stringify(summary)}\n`);
