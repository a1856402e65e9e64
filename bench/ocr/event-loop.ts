// How long OCR keeps the JavaScript thread busy: `node --import tsx bench/ocr/event-loop.ts [images]` reads real
// pages with the paddle pool (two at a time, as a worker with DOCEX_OCR_WORKERS=2 does) while
// perf_hooks.monitorEventLoopDelay samples the event loop, and prints the longest and the 99th-percentile delay.
// A blocked event loop delays everything else the process does: HTTP answers, queue heartbeats, webhook timers, and
// the OCR pool's own page timer. Engine start (models, first use of sharp) is outside the measurement.
// EVENT_LOOP_THREADS sets onnxruntime's threads per model run (default: the pool's).
import { readFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { createOcrPool, ocrImage } from '../../src/pipeline/read/ocr/index.js';
import { mapLimit } from '../pipeline/stats.js';

const files = process.argv.slice(2);
const images =
  files.length > 0
    ? files
    : [
        'test/fixtures/ocr-real/textractor-receipt.jpg',
        'test/fixtures/ocr-real/FlipkartInvoice.png',
        'test/fixtures/ocr-real/dm-receipt-scan-rotated.jpg',
        'test/fixtures/ocr-real/alfamart-receipt-photo.jpg',
      ];
const inputs = await Promise.all(images.map((file) => readFile(file)));
const threads = process.env.EVENT_LOOP_THREADS;
const pool = await createOcrPool({
  engine: 'paddle',
  size: 2,
  pageTimeoutMs: 3_600_000,
  ...(threads ? { paddle: { threads: Number(threads) } } : {}),
});
const blank = await sharp({ create: { width: 320, height: 96, channels: 3, background: '#fff' } })
  .greyscale()
  .png()
  .toBuffer();
await Promise.all([pool.readLines(blank, { dpi: 300 }), pool.readLines(blank, { dpi: 300 })]);

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const cpu = process.cpuUsage();
const started = performance.now();
const lines = await mapLimit(inputs, 2, async (input) => (await ocrImage(pool, input)).flatMap((p) => p.lines).length);
const wallMs = performance.now() - started;
const used = process.cpuUsage(cpu);
histogram.disable();
await pool.close();
const ms = (nanoseconds: number): number => Math.round(nanoseconds / 1e6);
const result = {
  pages: inputs.length,
  lines,
  wallSecondsPerPage: Number((wallMs / 1000 / inputs.length).toFixed(2)),
  cpuSecondsPerPage: Number(((used.user + used.system) / 1e6 / inputs.length).toFixed(2)),
  eventLoopMaxMs: ms(histogram.max),
  eventLoopP99Ms: ms(histogram.percentile(99)),
  eventLoopMeanMs: ms(histogram.mean),
};
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
