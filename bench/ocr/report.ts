// The tables bench:ocr prints: per kind of capture, every configuration beside the baseline measured in the same run;
// then cost per configuration.
import { BASELINE, CONFIGS } from './configs.js';
import { addScores, type Score } from './metrics.js';
import type { ConfigResult, SampleResult } from './run-config.js';

export function printReport(results: readonly ConfigResult[], verbose: boolean): void {
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

  console.log(
    '\nCER % (lower is better), word accuracy %, digit-token accuracy %, labelled amounts+dates found %, mean seconds',
  );
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
  console.log(
    '\n| configuration | what | CPU s/page | wall s/page (2 at a time) | peak RSS MB | of which samples, before the engine |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.config} | ${CONFIGS[r.config]!.what} | ${r.cpuSecondsPerPage.toFixed(2)} | ${r.wallSecondsPerPage.toFixed(2)} | ${r.peakRssMb} | ${r.samplesRssMb ?? '-'} |`,
    );
  }
  if (verbose) {
    for (const r of results) {
      console.log(`\n${r.config}`);
      for (const s of r.samples)
        console.log(`  ${s.name}: ${cells(s.score, [s]).join(' | ')}${s.error ? ` ERROR ${s.error}` : ''}`);
    }
  }
}
