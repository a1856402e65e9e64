// Section 3: end-to-end latency, submit -> processed, of a one-page text PDF served on loopback, jobs one at a
// time, through the real service. Baseline: the bare read + extract of the same bytes in this process.
import type { DocumentServer } from '../../test/support/document-server.js';
import { readAndExtract, type BareDeps } from './bare.js';
import type { CorpusFile } from './corpus.js';
import { stageMeansMs, type Service } from './service.js';
import { loadNote, mean, ms, progress, quantile, since } from './stats.js';

const WARM_UP_JOBS = 3;
const JOB_TIMEOUT_MS = 60_000;
const TARGET_P50_MS = 300;

const line = (label: string, values: readonly number[]) =>
  `   ${label.padEnd(52)} p50 ${ms(quantile(values, 0.5)).padStart(8)}   p95 ${ms(quantile(values, 0.95)).padStart(8)}   mean ${ms(mean(values)).padStart(8)}`;

export async function benchLatency(options: {
  service: Service;
  files: DocumentServer;
  pdf: CorpusFile;
  jobs: number;
  bare: BareDeps;
}): Promise<void> {
  const { service, files, pdf, jobs, bare } = options;
  console.log(
    `\n3. End-to-end latency, ${jobs} jobs one at a time: ${pdf.name} (1 page, ${pdf.bytes.length} bytes) served on loopback (${loadNote()})`,
  );
  files.file('/latency.pdf', pdf.bytes);
  const url = files.url('/latency.pdf');

  // Warm-up outside the figures: the service's first job starts its PDF sandboxes and JITs the path.
  for (let i = 0; i < WARM_UP_JOBS; i++)
    await service.delivered(await service.submit(url, `bench/warm-${i}`), JOB_TIMEOUT_MS);

  progress(`${jobs} jobs through the service`);
  const before = await service.stageMetrics();
  const rowMs: number[] = [];
  const clientMs: number[] = [];
  const acceptMs: number[] = [];
  const processingMs: number[] = [];
  const pickupMs: number[] = [];
  let failed = 0;
  for (let i = 0; i < jobs; i++) {
    const start = performance.now();
    const jobId = await service.submit(url, `bench/latency-${i}`);
    acceptMs.push(since(start));
    const d = await service.delivered(jobId, JOB_TIMEOUT_MS);
    if (d.status !== 'processed') failed += 1;
    clientMs.push(d.at - start);
    rowMs.push(d.processedAt - d.createdAt);
    if (d.extractionTimeMs !== null) {
      processingMs.push(d.extractionTimeMs);
      // Commit of the submission -> start of processing: queue wake-up, pickup and the claim of the row.
      pickupMs.push(d.processedAt - d.createdAt - d.extractionTimeMs);
    }
  }
  const stages = stageMeansMs(before, await service.stageMetrics());

  progress(`${jobs} bare read + extract runs in this process`);
  const bareMs: number[] = [];
  // Same warm-up as the service got (the pool's idle workers may have ended since the last section).
  for (let i = 0; i < WARM_UP_JOBS; i++) await readAndExtract(pdf.bytes, bare);
  for (let i = 0; i < jobs; i++) bareMs.push(await readAndExtract(pdf.bytes, bare));

  const p50 = quantile(rowMs, 0.5);
  console.log(line('docex submit commit -> processed (job row)', rowMs));
  console.log(line('  queue pickup + claim (row time - extractionTimeMs)', pickupMs));
  console.log(line('  processing (extractionTimeMs)', processingMs));
  for (const stage of ['download', 'archive', 'read', 'extract']) {
    const s = stages.get(stage);
    if (s)
      console.log(
        `   ${`    ${stage} (mean of /metrics histogram, ${s.count} jobs)`.padEnd(52)} mean ${ms(s.meanMs).padStart(8)}`,
      );
  }
  console.log(line('docex client: POST sent -> webhook received', clientMs));
  console.log(line('  of which POST -> 202', acceptMs));
  console.log(line('baseline bare read + extract, in process', bareMs));
  console.log(
    `   target p50 <= ${TARGET_P50_MS} ms: ${p50 <= TARGET_P50_MS ? 'met' : 'MISSED'} (${ms(p50)}); ` +
      `service overhead over bare p50 ${ms(p50 - quantile(bareMs, 0.5))}${failed > 0 ? `; ${failed} jobs did not end processed` : ''}`,
  );
}
