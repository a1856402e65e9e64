// npm run bench:ocr [-- --configs tesseract,paddle,... --set all|real|rendered]
// OCR accuracy and cost per engine and setting on the OCR measurement set (bench/ocr/samples.ts), each figure beside
// tesseract.js with docex's settings before issue 12, measured in the same run. Every configuration runs in its own
// process (peak RSS is its own). Figures per kind: rendered (clean renders at 150 and 300 dpi), degraded, scan,
// photo, image-digital, plus receipts (every real receipt) and printed (real receipts and invoices together).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BASELINE } from './ocr/configs.js';
import { printReport } from './ocr/report.js';
import type { ConfigResult } from './ocr/run-config.js';
import { sharedAvailable, transcribedFiles } from './ocr/samples.js';

const run = promisify(execFile);
const argument = (flag: string): string | undefined => {
  const index = process.argv.indexOf(flag);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

if (!sharedAvailable()) {
  console.log(
    'bench:ocr needs ../shared/datasets (harvest, invoice2data): not found beside this checkout; nothing measured.',
  );
  process.exit(0);
}
const configs = (argument('--configs') ?? `${BASELINE},default`).split(',');
if (!configs.includes(BASELINE)) configs.unshift(BASELINE);
const set = argument('--set') ?? 'all';
const verbose = process.argv.includes('--verbose');
console.log(
  `OCR measurement set: ${(await transcribedFiles()).length} transcribed real images (bench/ocr/truth), set=${set}`,
);

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
  console.error(
    `  ${config}: ${result.samples.length} pages in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  for (const s of result.samples.filter((s) => s.error)) console.error(`    ${s.name}: ${s.error}`);
}

printReport(results, verbose);
