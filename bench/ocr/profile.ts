// Where paddle's time goes on one page, end to end: `node --import tsx bench/ocr/profile.ts [image | sample ...]`
// reads each page a few times in one process (models loaded once, outside the clock) along docex's own path
// (ocrPage with the paddle engine: normalize, preprocess with deskew, orientation check for landscape pages,
// detection, recognition) and prints CPU and wall milliseconds per stage, the stage's share of the page's CPU, and
// the process's peak RSS. An argument that is not a file is a sample name of bench/ocr/samples.ts (the real set,
// e.g. `veryfi-java/classify-receipt.png` or `google-docai/google_invoice.pdf`). CPU is the whole process's (a
// model run in the model thread counts), so pages are read one at a time. PROFILE_THREADS, PROFILE_PIXELS,
// PROFILE_STRIP_PIXELS and PROFILE_RUNS override onnxruntime's threads per run, the detector inputs and the
// repetitions; PROFILE_DESKEW=0 turns deskew off, PROFILE_PLAIN_GRAPHS=1 loads the models as packaged (no
// onnx-graph.ts rewrites). Images default to two real pages in test/fixtures: a receipt and
// an A4 invoice. For a function-level view, add `--cpu-prof` to node's options.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { normalizeImage, preprocessPage, PREPROCESS_DEFAULTS } from '../../src/pipeline/read/image/index.js';
import { traced, type StageTrace } from '../../src/pipeline/read/image/stage-trace.js';
import { rotateImage } from '../../src/pipeline/read/image/transform.js';
import { PADDLE_DEFAULTS, PaddleOcr } from '../../src/pipeline/read/ocr/paddle/engine.js';
import { realSamples } from './samples.js';

const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const args = process.argv.slice(2);
const names =
  args.length > 0
    ? args
    : ['test/fixtures/ocr-real/textractor-receipt.jpg', 'test/fixtures/ocr-real/FlipkartInvoice.png'];

/** A page as ocrPage gets it: an uploaded image (normalized first) or a PDF page render (read as it is). */
interface Input {
  name: string;
  image?: Buffer;
  render?: Buffer;
}

async function inputs(): Promise<Input[]> {
  const wanted = names.filter((name) => !existsSync(name));
  const samples = wanted.length > 0 ? await realSamples() : [];
  return Promise.all(
    names.map(async (name): Promise<Input> => {
      if (existsSync(name)) return { name: basename(name), image: await readFile(name) };
      const sample = samples.find((s) => s.name === name);
      if (sample === undefined) throw new Error(`${name}: neither a file nor a real sample of bench/ocr/samples.ts`);
      return 'image' in sample.input
        ? { name, image: sample.input.image }
        : { name: `${name} (rendered at ${sample.input.dpi} dpi)`, render: sample.input.render };
    }),
  );
}

const threads = Number(process.env.PROFILE_THREADS ?? PADDLE_DEFAULTS.threads);
const detectionPixels = Number(process.env.PROFILE_PIXELS ?? PADDLE_DEFAULTS.detectionPixels);
const stripDetectionPixels = Number(process.env.PROFILE_STRIP_PIXELS ?? PADDLE_DEFAULTS.stripDetectionPixels);
const preprocess = { ...PREPROCESS_DEFAULTS, deskew: process.env.PROFILE_DESKEW !== '0' };
const pages = await inputs();
const optimizeGraphs = process.env.PROFILE_PLAIN_GRAPHS !== '1';
const engine = await PaddleOcr.load({ threads, detectionPixels, stripDetectionPixels, optimizeGraphs });
// First use of sharp and of both models outside the clock, as in a worker that has already read a page.
await engine.readLines((await normalizeImage(pages[0]!.image ?? pages[0]!.render!))[0]!.png);
console.log(
  `threads ${threads}, detector input ${detectionPixels} px, receipt strips ${stripDetectionPixels} px, ` +
    `graphs ${optimizeGraphs ? 'rewritten' : 'as packaged'}`,
);

for (const input of pages) {
  const totals = new Map<string, { cpuMs: number; wallMs: number; calls: number }>();
  const add: StageTrace = (stage, cpuMs, wallMs) => {
    const sum = totals.get(stage) ?? { cpuMs: 0, wallMs: 0, calls: 0 };
    totals.set(stage, { cpuMs: sum.cpuMs + cpuMs / RUNS, wallMs: sum.wallMs + wallMs / RUNS, calls: sum.calls + 1 });
  };
  let summary = '';
  let pageCpu = 0;
  let pageWall = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const cpu = process.cpuUsage();
    const wall = performance.now();
    let png = input.render;
    if (input.image !== undefined) {
      const [page] = await traced(add, 'normalize (decode, EXIF, grey, scale)', () => normalizeImage(input.image!));
      png = page!.png;
    }
    const cleaned = await preprocessPage(png!, preprocess, add);
    png = cleaned.png;
    let { width, height } = cleaned;
    if (width > height) {
      // The engine's own stages inside the check are counted as the check, not as the page's detection.
      const turn = await traced(add, 'orientation check (landscape only)', () => engine.suggestTurn(png!));
      if (turn !== 0) {
        const turned = await traced(add, 'orientation: turn', () => rotateImage(png!, turn));
        ({ png, width, height } = turned);
      }
    }
    engine.trace = add;
    const image = await engine.decode(png);
    const boxes = await engine.detect(image);
    const lines = await engine.recognize(image, boxes);
    engine.trace = undefined;
    const used = process.cpuUsage(cpu);
    pageCpu += (used.user + used.system) / 1000 / RUNS;
    pageWall += (performance.now() - wall) / RUNS;
    summary =
      `${width}x${height}, deskewed by ${cleaned.deskewedBy} degrees, ${boxes.length} boxes, ` +
      `${lines.length} lines`;
  }
  console.log(`\n${input.name} (${summary}), mean of ${RUNS}:`);
  console.log(`  ${'stage'.padEnd(38)} ${'cpu ms'.padStart(7)} ${'wall ms'.padStart(8)} ${'cpu %'.padStart(6)}  calls`);
  for (const [stage, t] of totals) {
    console.log(
      `  ${stage.padEnd(38)} ${t.cpuMs.toFixed(0).padStart(7)} ${t.wallMs.toFixed(0).padStart(8)} ` +
        `${((100 * t.cpuMs) / pageCpu).toFixed(1).padStart(6)}  ${(t.calls / RUNS).toFixed(0)}`,
    );
  }
  console.log(
    `  ${'page (all stages and glue)'.padEnd(38)} ${pageCpu.toFixed(0).padStart(7)} ${pageWall.toFixed(0).padStart(8)}`,
  );
}
console.log(`\npeak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
await engine.release();
