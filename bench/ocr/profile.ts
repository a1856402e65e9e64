// Where paddle's time goes on one page: `node --import tsx bench/ocr/profile.ts [image ...]` reads each image a few
// times in one process (models loaded once, outside the clock) and prints CPU and wall milliseconds per stage
// (decode, detection, recognition) and the process's peak RSS. PROFILE_THREADS, PROFILE_PIXELS, PROFILE_STRIP_PIXELS
// and PROFILE_RUNS override onnxruntime's threads per run, the detector inputs and the repetitions. Images default to two real pages in test/fixtures:
// a receipt and an A4 invoice. For a function-level view, add `--cpu-prof` to node's options.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { normalizeImage, preprocessPage, PREPROCESS_DEFAULTS } from '../../src/pipeline/read/image/index.js';
import { PADDLE_DEFAULTS, PaddleOcr } from '../../src/pipeline/read/ocr/paddle/engine.js';

const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const files = process.argv.slice(2);
const images =
  files.length > 0
    ? files
    : ['test/fixtures/ocr-real/textractor-receipt.jpg', 'test/fixtures/ocr-real/FlipkartInvoice.png'];

/** CPU (all threads) and wall milliseconds of one awaited step. */
async function timed<T>(step: () => Promise<T>): Promise<{ value: T; cpuMs: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const value = await step();
  const used = process.cpuUsage(cpu);
  return { value, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - wall };
}

const threads = Number(process.env.PROFILE_THREADS ?? PADDLE_DEFAULTS.threads);
const detectionPixels = Number(process.env.PROFILE_PIXELS ?? PADDLE_DEFAULTS.detectionPixels);
const stripDetectionPixels = Number(process.env.PROFILE_STRIP_PIXELS ?? PADDLE_DEFAULTS.stripDetectionPixels);
const engine = await PaddleOcr.load({ threads, detectionPixels, stripDetectionPixels });
console.log(`threads ${threads}, detector input ${detectionPixels} px, receipt strips ${stripDetectionPixels} px`);
for (const file of images) {
  const [page] = await normalizeImage(await readFile(file));
  const png = (await preprocessPage(page!.png, PREPROCESS_DEFAULTS)).png;
  const totals = new Map<string, { cpuMs: number; wallMs: number }>();
  const add = (stage: string, t: { cpuMs: number; wallMs: number }) => {
    const sum = totals.get(stage) ?? { cpuMs: 0, wallMs: 0 };
    totals.set(stage, { cpuMs: sum.cpuMs + t.cpuMs / RUNS, wallMs: sum.wallMs + t.wallMs / RUNS });
  };
  let summary = '';
  for (let run = 0; run < RUNS; run += 1) {
    const decode = await timed(() => engine.decode(png));
    const detect = await timed(() => engine.detect(decode.value));
    const recognize = await timed(() => engine.recognize(decode.value, detect.value));
    add('decode', decode);
    add('detect', detect);
    add('recognize', recognize);
    add('total', {
      cpuMs: decode.cpuMs + detect.cpuMs + recognize.cpuMs,
      wallMs: decode.wallMs + detect.wallMs + recognize.wallMs,
    });
    summary = `${decode.value.width}x${decode.value.height}, ${detect.value.length} boxes, ${recognize.value.length} lines`;
  }
  console.log(`${basename(file)} (${summary}), mean of ${RUNS}:`);
  for (const [stage, t] of totals) {
    console.log(
      `  ${stage.padEnd(10)} cpu ${t.cpuMs.toFixed(0).padStart(6)} ms   wall ${t.wallMs.toFixed(0).padStart(6)} ms`,
    );
  }
}
console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
await engine.release();
