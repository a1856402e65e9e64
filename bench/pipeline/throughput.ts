// Section 4: documents per minute with the default worker settings: a mixed batch (text PDFs and image documents)
// submitted at once to the real service, measured until every job finished. Baseline: the same documents read and
// extracted in this process with the same concurrency, sharing one OCR pool of the same size. (The service's OCR
// workers start with the batch's first image, 0.3-0.5 s each; the baseline's pool is already warm.)
import type { DocumentServer } from '../../test/support/document-server.js';
import { sniffFormat } from '../../src/pipeline/fetch/index.js';
import { readAndExtract, type BareDeps } from './bare.js';
import type { CorpusFile } from './corpus.js';
import { stageMeansMs, type Delivery, type Service } from './service.js';
import { loadNote, mapLimit, mean, ms, progress, ratio, since } from './stats.js';

const BATCH_TIMEOUT_MS = 240_000;

export async function benchThroughput(options: {
  service: Service;
  files: DocumentServer;
  batch: readonly CorpusFile[];
  concurrency: number;
  bare: BareDeps;
}): Promise<void> {
  const { service, files, batch, concurrency, bare } = options;
  const formats = batch.map((f) => sniffFormat(f.bytes) ?? 'unknown');
  const kinds = [...new Set(formats)];
  const mix = kinds.map((k) => `${formats.filter((f) => f === k).length} ${k}`).join(' + ');
  console.log(
    `\n4. Throughput, a mixed batch of ${batch.length} documents (${mix}) submitted at once, default worker settings (${loadNote()})`,
  );

  progress(`baseline: bare read + extract in this process, ${concurrency} at a time`);
  let bareFailed = 0;
  // Warm PDF sandboxes, as the service's are after section 3 (idle ones end after a minute).
  const firstPdf = batch.find((f) => sniffFormat(f.bytes) === 'pdf');
  if (firstPdf)
    await mapLimit(
      Array.from({ length: concurrency }, () => firstPdf),
      concurrency,
      (f) => readAndExtract(f.bytes, bare),
    );
  const bareStart = performance.now();
  const bareMs = await mapLimit(batch, concurrency, (f) =>
    readAndExtract(f.bytes, bare).catch(() => {
      bareFailed += 1;
      return Number.NaN;
    }),
  );
  const bareMinutes = since(bareStart) / 60_000;

  progress(`submitting ${batch.length} jobs to the service`);
  const urls = batch.map((f, i) => {
    const route = `/batch/${i}-${f.name.split('/').pop()}`;
    files.file(route, f.bytes);
    return files.url(route);
  });
  const before = await service.stageMetrics();
  const start = performance.now();
  const jobIds = await Promise.all(urls.map((u, i) => service.submit(u, `bench/batch-${i}`)));
  const submittedMs = since(start);
  let done = 0;
  const deliveries: Delivery[] = await Promise.all(
    jobIds.map(async (id) => {
      const d = await service.delivered(id, BATCH_TIMEOUT_MS);
      done += 1;
      if (done % 10 === 0 || done === jobIds.length)
        progress(`${done}/${jobIds.length} finished after ${(since(start) / 1000).toFixed(1)} s`);
      return d;
    }),
  );
  const lastAt = Math.max(...deliveries.map((d) => d.at));
  const clientMinutes = (lastAt - start) / 60_000;
  const dbMinutes =
    (Math.max(...deliveries.map((d) => d.processedAt)) - Math.min(...deliveries.map((d) => d.createdAt))) / 60_000;
  const stages = stageMeansMs(before, await service.stageMetrics());
  const outcomes = new Map<string, number>();
  for (const d of deliveries) {
    const key = d.status === 'processed' ? 'processed' : `error ${d.errorCode ?? ''}`.trim();
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }

  const perMinute = (minutes: number) => `${(batch.length / minutes).toFixed(1).padStart(6)} documents/min`;
  console.log(
    `   docex, first submit -> last processed (job rows)   ${perMinute(dbMinutes)}  (${(dbMinutes * 60).toFixed(1)} s; ` +
      `all ${batch.length} accepted in ${ms(submittedMs)}; ${[...outcomes].map(([k, n]) => `${n} ${k}`).join(', ')})`,
  );
  console.log(
    `   docex, first POST -> last webhook received         ${perMinute(clientMinutes)}  (${(clientMinutes * 60).toFixed(1)} s)`,
  );
  const read = stages.get('read');
  const download = stages.get('download');
  if (read && download) {
    console.log(
      `     mean per job from /metrics: download ${ms(download.meanMs)}, read ${ms(read.meanMs)} (OCR pages wait for the pool)`,
    );
  }
  console.log(
    `   baseline bare read + extract, ${concurrency} at a time            ${perMinute(bareMinutes)}  (${(bareMinutes * 60).toFixed(1)} s` +
      `${bareFailed > 0 ? `; ${bareFailed} failed` : ''})`,
  );
  console.log(`   ratio docex / baseline                             ${ratio(bareMinutes, dbMinutes)}`);
  // Per format: where the time goes (OCR dominates), and whether the service adds to it.
  for (const kind of kinds) {
    const service = deliveries
      .map((d, i) => (formats[i] === kind ? d.extractionTimeMs : null))
      .filter((v): v is number => v !== null);
    const inProcess = bareMs.filter((v, i) => formats[i] === kind && Number.isFinite(v));
    console.log(
      `     ${kind.padEnd(4)} mean per document: docex processing ${ms(mean(service))}, bare read + extract ${ms(mean(inProcess))}`,
    );
  }
}
