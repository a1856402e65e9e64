// npm run bench:api-accuracy: extraction accuracy end to end through the public API, the way a customer (and the
// held-out check) sees it, beside the same documents read in this process by bench:accuracy's path in the same run.
//
//   npm run bench:api-accuracy -- [--dataset DIR ...] [--kinds scan,photo,image-digital | all] [--limit N]
//                                 [--misses] [--no-baseline] [--one-at-a-time]
//
// Every document of the datasets (default: the real scans, photos and images of ../shared/datasets/harvest; any
// folder in the datasets README's format works, e.g. a held-out set) is served by a file server on loopback and
// submitted to the compiled service (`bin/docex.js start`, default settings, a throwaway database on the test
// PostgreSQL: bench/pipeline/service.ts) with its URL, all at once as a batch would arrive (--one-at-a-time: each
// after the previous one was delivered, so submit -> processed is one job's own latency). When a job's webhook
// has come, its row is fetched with GET /v1/documents/:consumerRefId and its extractedData scored against the label
// (bench/accuracy/score.ts: each content id weighs one). Printed: the fields per kind, the receipt targets of issue
// 12 (total, date, vendor) through the API and in process, every document where the two differ, and submit ->
// processed p50 / p95 (from the webhook's created_at and processed_at, both the database's clock).
//
//   BENCH_DATABASE_URL  server for the throwaway database (default: the test server)
//   BENCH_JOB_TIMEOUT_S how long one job may take to be delivered (default 600; the whole batch is queued at once)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InvoiceResult } from '../src/pipeline/extract/schemas/invoice.js';
import { createOcrPool } from '../src/pipeline/read/ocr/index.js';
import { createPdfSandboxPool } from '../src/pipeline/read/pdf/index.js';
import { startDocumentServer } from '../test/support/document-server.js';
import { readDataset, type DatasetRow } from './accuracy/manifest.js';
import { cell, renderMisses, renderTable } from './accuracy/report.js';
import { runDocument } from './accuracy/run-document.js';
import { scoreDocument, summarize, type DocumentScore } from './accuracy/score.js';
import { withService } from './pipeline/service.js';
import { loadNote, quantile } from './pipeline/stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const JOB_TIMEOUT_MS = Number(process.env.BENCH_JOB_TIMEOUT_S ?? 600) * 1000;
const REAL_KINDS = ['scan', 'photo', 'image-digital'];
const TARGETS: ReadonlyArray<readonly [string, number]> = [
  ['total', 0.85],
  ['invoice_date', 0.85],
  ['vendor_name', 0.75],
];

interface Args {
  datasets: string[];
  kinds: string[] | null;
  limit: number;
  misses: boolean;
  baseline: boolean;
  sequential: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    datasets: [],
    kinds: REAL_KINDS,
    limit: Infinity,
    misses: false,
    baseline: true,
    sequential: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--dataset') args.datasets.push(path.resolve(value()));
    else if (arg === '--kinds') args.kinds = value() === 'all' ? null : value().split(',');
    else if (arg === '--limit') args.limit = Number(value());
    else if (arg === '--misses') args.misses = true;
    else if (arg === '--no-baseline') args.baseline = false;
    else if (arg === '--one-at-a-time') args.sequential = true;
    else throw new Error(`unknown option ${arg} (see the comment at the top of bench/api-accuracy.ts)`);
  }
  if (args.datasets.length === 0) args.datasets.push(path.resolve(ROOT, '../shared/datasets/harvest'));
  return args;
}

async function throughApi(
  rows: readonly DatasetRow[],
  sequential: boolean,
): Promise<{ scores: DocumentScore[]; latencies: (number | null)[] }> {
  const files = await startDocumentServer();
  try {
    for (const [i, row] of rows.entries()) files.file(`/${i}/${path.basename(row.file)}`, await readFile(row.file));
    return await withService(ROOT, ADMIN_URL, async (service) => {
      const ref = (i: number) => `api-accuracy-${i}`;
      const submit = (i: number) => service.submit(files.url(`/${i}/${path.basename(rows[i]!.file)}`), ref(i));
      const scores: DocumentScore[] = [];
      const latencies: (number | null)[] = [];
      const collect = async (i: number, jobId: string) => {
        const row = rows[i]!;
        try {
          const delivery = await service.delivered(jobId, JOB_TIMEOUT_MS);
          const job = await service.job(ref(i));
          const latency = delivery.processedAt - delivery.createdAt;
          latencies[i] = latency;
          const failed =
            job.status !== 'processed'
              ? `${String(job.status)}: ${String(job.errorCode)} ${String(job.error)}`
              : undefined;
          scores[i] = scoreDocument(row, (job.extractedData ?? null) as InvoiceResult | null, 1, latency, failed);
        } catch (error) {
          latencies[i] = null;
          scores[i] = scoreDocument(row, null, 1, 0, (error as Error).message);
        }
        process.stderr.write('.');
      };
      if (sequential) {
        for (let i = 0; i < rows.length; i += 1) await collect(i, await submit(i));
      } else {
        const jobs: string[] = [];
        for (let i = 0; i < rows.length; i += 1) jobs.push(await submit(i));
        for (let i = 0; i < rows.length; i += 1) await collect(i, jobs[i]!);
      }
      process.stderr.write('\n');
      return { scores, latencies };
    });
  } finally {
    await files.close();
  }
}

async function inProcess(rows: readonly DatasetRow[]): Promise<DocumentScore[]> {
  const pdfRunner = createPdfSandboxPool({ maxWorkers: 1 });
  const ocr = await createOcrPool({ size: 2, pageTimeoutMs: 300_000 });
  try {
    const scores: DocumentScore[] = [];
    for (const row of rows) {
      try {
        const run = await runDocument(row.file, { einvoice: true, images: false, pdfRunner, ocr });
        scores.push(scoreDocument(row, run.result, run.pages, run.ms));
      } catch (error) {
        scores.push(scoreDocument(row, null, 1, 0, (error as Error).message));
      }
      process.stderr.write('.');
    }
    process.stderr.write('\n');
    return scores;
  } finally {
    await ocr.close();
    await pdfRunner.close();
  }
}

/** The documents whose fields or failure differ between the API's result and the in-process one (same order). */
function differences(apiScores: readonly DocumentScore[], localScores: readonly DocumentScore[]): string[] {
  const lines: string[] = [];
  for (const [i, api] of apiScores.entries()) {
    const local = localScores[i]!;
    const row = api.row;
    const changed = api.fields.filter((f) => {
      const mine = local.fields.find((l) => l.field === f.field);
      return mine !== undefined && mine.actual !== f.actual;
    });
    if (changed.length === 0 && api.error === local.error) continue;
    lines.push(`${row.docPath}${api.error ? ` (API: ${api.error})` : ''}`);
    for (const f of changed) {
      const mine = local.fields.find((l) => l.field === f.field)!;
      lines.push(
        `  ${f.field}: API ${JSON.stringify(f.actual)}, in process ${JSON.stringify(mine.actual)}, want ${JSON.stringify(f.expected)}`,
      );
    }
  }
  return lines;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const rows: DatasetRow[] = [];
  for (const dir of args.datasets) {
    const all = await readDataset(dir);
    rows.push(...all.filter((row) => args.kinds === null || args.kinds.includes(row.kind)).slice(0, args.limit));
  }
  if (rows.length === 0) throw new Error('no document of those kinds in the datasets');
  console.error(`${rows.length} documents through the API (the service's defaults), then in process`);
  const api = await throughApi(rows, args.sequential);
  const local = args.baseline ? await inProcess(rows) : null;
  const receipts = (scores: readonly DocumentScore[]) => scores.filter((s) => s.row.documentType === 'receipt');
  const kinds = [...new Set(rows.map((r) => r.kind))];
  const perKind = [
    ...kinds.map((kind) =>
      summarize(
        kind,
        api.scores.filter((s) => s.row.kind === kind),
      ),
    ),
    summarize('receipt', receipts(api.scores)),
    summarize('all', api.scores),
  ].filter((s) => s.documents > 0);
  const out: string[] = [];
  out.push(
    `# Through the API: ${rows.length} documents from ${args.datasets.map((d) => path.basename(d)).join(', ')}`,
    '',
  );
  out.push(
    renderTable(
      perKind,
      'Accuracy per kind, through the API (ms per page: submit -> processed per document; extraction ms: not measured)',
    ),
    '',
  );
  out.push('### Issue 12 targets, through the API beside in process (same run)', '');
  out.push(
    '| field | target | receipts, API | receipts, in process | all, API | all, in process |',
    '|---|---|---|---|---|---|',
  );
  for (const [field, target] of TARGETS) {
    const cells = [receipts(api.scores), receipts(local ?? []), api.scores, local ?? []].map((s) =>
      s.length === 0 ? '–' : cell(summarize(field, s).fields.get(field)),
    );
    out.push(`| ${field} | ${(100 * target).toFixed(0)}% | ${cells.join(' | ')} |`);
  }
  const latencies = api.latencies.filter((l): l is number => l !== null);
  out.push(
    '',
    `submit -> processed: p50 ${(quantile(latencies, 0.5) / 1000).toFixed(1)} s, p95 ${(quantile(latencies, 0.95) / 1000).toFixed(1)} s (${latencies.length} jobs ${args.sequential ? 'one after the other' : "submitted at once, the worker's default concurrency"}; ${loadNote()})`,
    `failed through the API: ${api.scores.filter((s) => s.error).length}`,
  );
  if (local) {
    const diff = differences(api.scores, local);
    out.push(
      '',
      `### Where the API and the in-process read differ (${diff.length === 0 ? 'nowhere' : 'below'})`,
      '',
      ...diff,
    );
  }
  if (args.misses) out.push('', renderMisses(api.scores));
  console.log(out.join('\n'));
}

await main();
