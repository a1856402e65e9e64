// npm run bench:ocr [-- --configs tesseract,paddle,... --set all|real|rendered]
// OCR accuracy and cost per engine and setting on the OCR measurement set (bench/ocr/samples.ts), each figure beside
// tesseract.js with docex's settings before issue 12, measured in the same run. Every configuration runs in its own
// process (peak RSS is its own). Figures per kind: rendered (clean renders at 150 and 300 dpi), degraded, scan,
// photo, image-digital, plus receipts (every real receipt) and printed (real receipts and invoices together).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BASELINE, CONFIGS } from './ocr/configs.js';
import { addScores, type Score } from './ocr/metrics.js';
import type { ConfigResult, SampleResult } from './ocr/run-config.js';
import { sharedAvailable, transcribedFiles } from './ocr/samples.js';

const run = promisify(execFile);
const argument = (flag: string): string | undefined => {
  const index = process.argv.indexOf(flag);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

if (!sharedAvailable()) {
  console.log('bench:ocr needs ../shared/datasets (harvest, invoice2data): not found beside this checkout; nothing measured.');
  process.exit(0);
}
const configs = (argument('--configs') ?? `${BASELINE},paddle,paddle+deskew,paddle+contrast`).split(',');
if (!configs.includes(BASELINE)) configs.unshift(BASELINE);
const set = argument('--set') ?? 'all';
const verbose = process.argv.includes('--verbose');
console.log(`OCR measurement set: ${(await transcribedFiles()).length} transcribed real images (bench/ocr/truth), set=${set}`);

const results: ConfigResult[] = [];
for (const config of configs) {
  const started = performance.now();
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/ocr/run-config.ts', config, set], {
    maxBuffer: 50_000_000,
    env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' },
  });
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`configuration ${config} printed no result:\n${stdout.slice(-2000)}`);
  const result = JSON.parse(line.slice('RESULT '.length)) as ConfigResult;
  results.push(result);
  console.error(`  ${config}: ${result.samples.length} pages in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const s of result.samples.filter((s) => s.error)) console.error(`    ${s.name}: ${s.error}`);
}

const groups: Record<string, (s: SampleResult) => boolean> = {
  rendered: (s) => s.kind === 'rendered',
  degraded: (s) => s.kind === 'degraded',
  scan: (s) => s.kind === 'scan',
  photo: (s) => s.kind === 'photo',
  'image-digital': (s) => s.kind === 'image-digital',
  receipts: (s) => s.receipt,
  'all real': (s) => s.kind === 'scan' || s.kind === 'photo' || s.kind === 'image-digital',
};

const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}`);
const cells = (score: Score, samples: SampleResult[]) => [
  pct(score.charErrors, score.truthChars),
  pct(score.wordsFound, score.truthWords),
  pct(score.digitTokensFound, score.digitTokens),
  pct(score.labelledFound, score.labelled),
  samples.length === 0 ? '-' : (samples.reduce((t, s) => t + s.latencyMs, 0) / samples.length / 1000).toFixed(2),
];

console.log('\nCER % (lower is better), word accuracy %, digit-token accuracy %, labelled amounts+dates found %, mean seconds');
console.log('per page (two pages at a time); in brackets: tesseract.js before issue 12, same run.\n');
console.log('| kind (pages) | configuration | CER % | words % | digit tokens % | amounts+dates % | s/page |');
console.log('|---|---|---|---|---|---|---|');
const baseline = results.find((r) => r.config === BASELINE)!;
for (const [group, keep] of Object.entries(groups)) {
  const baseSamples = baseline.samples.filter(keep);
  if (baseSamples.length === 0) continue;
  const base = cells(addScores(baseSamples.map((s) => s.score)), baseSamples);
  for (const result of results) {
    const samples = result.samples.filter(keep);
    const own = cells(addScores(samples.map((s) => s.score)), samples);
    const shown = result.config === BASELINE ? own : own.map((value, i) => `${value} (${base[i]})`);
    console.log(`| ${group} (${samples.length}) | ${result.config} | ${shown.join(' | ')} |`);
  }
}
console.log('\n| configuration | what | CPU s/page | wall s/page (2 at a time) | peak RSS MB |');
console.log('|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.config} | ${CONFIGS[r.config]!.what} | ${r.cpuSecondsPerPage.toFixed(2)} | ${r.wallSecondsPerPage.toFixed(2)} | ${r.peakRssMb} |`);
}
if (verbose) {
  for (const r of results) {
    console.log(`\n${r.config}`);
    for (const s of r.samples) console.log(`  ${s.name}: ${cells(s.score, [s]).join(' | ')}${s.error ? ` ERROR ${s.error}` : ''}`);
  }
}
