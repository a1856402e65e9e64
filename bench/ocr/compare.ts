// Sums and compares saved RESULT lines of bench/ocr/run-config.ts:
// `node --import tsx bench/ocr/compare.ts <output file> ...` prints per file the character errors (CER), digit
// tokens, labelled values, CPU and wall seconds per page and peak RSS, and the pages whose figures differ from the
// first file's (an identical reading is the expected result of a change meant to save time only).
import { readFileSync } from 'node:fs';
import { addScores } from './metrics.js';
import type { ConfigResult } from './run-config.js';

const files = process.argv.slice(2);
const results = files.map((file): ConfigResult => {
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('RESULT '));
  if (line === undefined) throw new Error(`${file}: no RESULT line`);
  return JSON.parse(line.slice('RESULT '.length)) as ConfigResult;
});
const first = results[0]!;
for (const [index, result] of results.entries()) {
  const total = addScores(result.samples.map((s) => s.score));
  const cer = ((100 * total.charErrors) / Math.max(1, total.truthChars)).toFixed(2);
  console.log(
    `${files[index]} (${result.config}, ${result.samples.length} pages): char errors ${total.charErrors} (CER ${cer} %), ` +
      `digit tokens ${total.digitTokensFound}/${total.digitTokens}, labelled ${total.labelledFound}/${total.labelled}, ` +
      `words ${total.wordsFound}/${total.truthWords}; CPU ${result.cpuSecondsPerPage.toFixed(2)} s/page, ` +
      `wall ${result.wallSecondsPerPage.toFixed(2)} s/page, peak RSS ${result.peakRssMb} MB`,
  );
  if (index === 0) continue;
  for (const sample of result.samples) {
    const before = first.samples.find((s) => s.name === sample.name);
    if (before === undefined || JSON.stringify(before.score) === JSON.stringify(sample.score)) continue;
    const { charErrors, digitTokensFound, labelledFound, wordsFound } = sample.score;
    const was = before.score;
    console.log(
      `  ${sample.name}: char errors ${was.charErrors} -> ${charErrors}, digit tokens ${was.digitTokensFound} -> ` +
        `${digitTokensFound}, labelled ${was.labelledFound} -> ${labelledFound}, words ${was.wordsFound} -> ${wordsFound}`,
    );
  }
}
