// One bench:ocr configuration in its own process (so peak RSS is this engine's alone): reads every sample, two
// pages at a time like a worker with DOCEX_OCR_WORKERS=2, and prints one RESULT line of JSON.
import sharp from 'sharp';
import { PREPROCESS_DEFAULTS } from '../../src/pipeline/read/image/index.js';
import { createOcrPool, ocrImage, ocrPage } from '../../src/pipeline/read/ocr/index.js';
import { mapLimit } from '../pipeline/stats.js';
import { CONFIGS } from './configs.js';
import { score, type Score } from './metrics.js';
import { fadedSamples, realSamples, renderedSamples, type Sample } from './samples.js';

export interface SampleResult {
  name: string;
  kind: Sample['kind'];
  receipt: boolean;
  latencyMs: number;
  score: Score;
  error?: string;
}

export interface ConfigResult {
  config: string;
  samples: SampleResult[];
  cpuSecondsPerPage: number;
  wallSecondsPerPage: number;
  peakRssMb: number;
  /** RSS once the samples are decoded and rendered, before the engine starts: the bench's own share of the peak. */
  samplesRssMb: number;
}

const name = process.argv[2] ?? 'tesseract';
const only = process.argv[3] ?? 'all';
const config = CONFIGS[name];
if (!config) throw new Error(`unknown configuration ${name}; known: ${Object.keys(CONFIGS).join(', ')}`);

// A fourth argument picks samples by name (comma-separated), to measure a few again.
const picked = process.argv[4]?.split(',');
// 'all' is rendered + real; 'faded' (the real captures faded like old thermal paper) is asked for by name.
const samples = [
  ...(only === 'all' || only === 'rendered' ? await renderedSamples() : []),
  ...(only === 'all' || only === 'real' ? await realSamples() : []),
  ...(only === 'faded' ? await fadedSamples() : []),
].filter((sample) => picked === undefined || picked.includes(sample.name));
const samplesRssMb = Math.round(process.memoryUsage().rss / 1048576);
// No page time limit worth the name: on a loaded machine a slow reading must count as slow, not as a failure.
const pool = await createOcrPool({
  engine: config.engine,
  size: 2,
  pageTimeoutMs: 3_600_000,
  ...(config.paddle ? { paddle: config.paddle } : {}),
});
// Engine start (threads, models) is outside the clock, as in a worker that has already read a page.
const blank = await sharp({ create: { width: 320, height: 96, channels: 3, background: '#fff' } })
  .greyscale()
  .png()
  .toBuffer();
await Promise.all([pool.readLines(blank, { dpi: 300 }), pool.readLines(blank, { dpi: 300 })]);

const preprocess = config.preprocess ?? PREPROCESS_DEFAULTS;
const cpuStart = process.cpuUsage();
const wallStart = performance.now();
const results = await mapLimit(samples, 2, async (sample): Promise<SampleResult> => {
  const started = performance.now();
  try {
    const pages =
      'image' in sample.input
        ? await ocrImage(pool, sample.input.image, 1, { preprocess })
        : [await ocrPage(pool, sample.input.render, 1, { dpi: sample.input.dpi, preprocess })];
    const latencyMs = performance.now() - started;
    return {
      name: sample.name,
      kind: sample.kind,
      receipt: sample.receipt,
      latencyMs,
      score: score(pages, sample.truth),
    };
  } catch (error) {
    const latencyMs = performance.now() - started;
    return {
      name: sample.name,
      kind: sample.kind,
      receipt: sample.receipt,
      latencyMs,
      score: score([], sample.truth),
      error: String(error),
    };
  }
});
const wall = (performance.now() - wallStart) / 1000;
const cpu = process.cpuUsage(cpuStart);
await pool.close();
const result: ConfigResult = {
  config: name,
  samples: results,
  cpuSecondsPerPage: (cpu.user + cpu.system) / 1e6 / samples.length,
  wallSecondsPerPage: wall / samples.length,
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  samplesRssMb,
};
process.stdout.write(`\nRESULT ${JSON.stringify(result)}\n`);
