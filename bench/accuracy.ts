// Accuracy of the builtin extraction engine on labelled datasets (format: ../shared/datasets/README.md).
//
//   npm run bench:accuracy -- [--dataset DIR ...] [--no-einvoice] [--lofo] [--no-ranker] [--images]
//                             [--image-text auto|always|off] [--limit N] [--misses] [--save] [--cache]
//                             [--noise R [--seed N]]
//
// Without --dataset it reads the three development sets under ../shared/datasets (zugferd-corpus, invoice2data,
// harvest). Each document goes through the service's path (PDF reading in the sandbox, embedded e-invoice unless
// --no-einvoice, OCR of degraded page renders with --images, the worker's second look), then the builtin engine.
// Prints per-field accuracy (each content_id counted once), line-item precision/recall/F1 and ms per page, per
// dataset, per kind (born-digital, scan, photo, image-digital, and receipts) and per family.
//
// --lofo (grouped cross-validation): for every family, whatever is learned (bench/accuracy/learned.ts) is fitted on
// all other families and scores the left-out one; the pooled figure is printed beside the in-sample one. Each
// document is read once; only extraction repeats per fold. --save writes the output under bench/accuracy/results/
// named by commit. --misses lists every wrong field. --cache keeps read documents under .bench/ for fast
// iteration on extraction (timings are then meaningless; a final figure is measured without it). --noise R misreads
// the words of OCR pages at R per character (bench/accuracy/misread.ts; seeded per document, --seed N): how much
// of a figure survives a reader with that error rate.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createOcrPool, type OcrPool } from '../src/pipeline/read/ocr/index.js';
import { createPdfSandboxPool } from '../src/pipeline/read/pdf/index.js';
import { loadLearner, type TrainingDocument } from './accuracy/learned.js';
import { readDataset, type DatasetRow } from './accuracy/manifest.js';
import { misreadDocument } from './accuracy/misread.js';
import { renderFamilies, renderMisses, renderTable } from './accuracy/report.js';
import { extractInvoiceOf, fileReadCache, readForBench, type ReadOutcome } from './accuracy/run-document.js';
import { scoreDocument, summarize, type DocumentScore } from './accuracy/score.js';

const DEFAULT_DATASETS = ['zugferd-corpus', 'invoice2data', 'harvest'].map((name) =>
  join('..', 'shared', 'datasets', name),
);
const KIND_GROUPS = ['born-digital', 'scan', 'photo', 'image-digital', 'receipt'] as const;

interface Args {
  datasets: string[];
  einvoice: boolean;
  images: boolean;
  imageText: 'auto' | 'always' | 'off';
  limit: number;
  misses: boolean;
  lofo: boolean;
  ranker: boolean;
  save: boolean;
  cache: boolean;
  noise: number;
  seed: number;
}

function imageTextMode(value: string | undefined): Args['imageText'] {
  if (value === 'auto' || value === 'always' || value === 'off') return value;
  throw new Error(`--image-text takes auto, always or off, not ${value}`);
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    datasets: [],
    einvoice: true,
    images: false,
    imageText: 'auto',
    limit: Infinity,
    misses: false,
    lofo: false,
    ranker: true,
    save: false,
    cache: false,
    noise: 0,
    seed: 1,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dataset') args.datasets.push(argv[++i] ?? '');
    else if (arg === '--no-einvoice') args.einvoice = false;
    else if (arg === '--images') args.images = true;
    else if (arg === '--misses') args.misses = true;
    else if (arg === '--lofo') args.lofo = true;
    else if (arg === '--no-ranker') args.ranker = false;
    else if (arg === '--save') args.save = true;
    else if (arg === '--cache') args.cache = true;
    else if (arg === '--image-text') args.imageText = imageTextMode(argv[++i]);
    else if (arg === '--limit') args.limit = Number(argv[++i]);
    else if (arg === '--noise') args.noise = Number(argv[++i]);
    else if (arg === '--seed') args.seed = Number(argv[++i]);
    else throw new Error(`unknown argument ${arg}`);
  }
  if (args.datasets.length === 0) args.datasets = DEFAULT_DATASETS;
  if (args.datasets.some((d) => d === '')) throw new Error('--dataset needs a folder');
  if (!(args.limit > 0)) throw new Error('--limit must be a positive number');
  if (!(args.noise >= 0 && args.noise < 1)) throw new Error('--noise takes a rate per character, 0 <= R < 1');
  if (!Number.isInteger(args.seed)) throw new Error('--seed takes an integer');
  return args;
}

interface ReadRow {
  row: DatasetRow;
  read: ReadOutcome | null;
  error?: string;
}

const familyKey = (row: DatasetRow) => `${row.dataset}/${row.family}`;

function trainingOf(reads: readonly ReadRow[]): TrainingDocument[] {
  return reads.flatMap(({ row, read }) =>
    read
      ? [
          {
            document: read.document,
            label: row.label,
            dataset: row.dataset,
            family: row.family,
            kind: row.kind,
            contentId: row.contentId,
          },
        ]
      : [],
  );
}

function scoreWith(
  reads: readonly ReadRow[],
  ranker: ReturnType<Awaited<ReturnType<typeof loadLearner>>['fit']>,
  noise: { rate: number; seed: number },
): DocumentScore[] {
  return reads.map(({ row, read, error }) => {
    if (!read) return scoreDocument(row, null, 0, 0, error);
    const document = misreadDocument(read.document, noise.rate, noise.seed, row.docPath);
    const extracted = ranker || noise.rate > 0 ? extractInvoiceOf(document, ranker ?? undefined) : read.rules;
    return { ...scoreDocument(row, extracted.result, read.pages, read.readMs + extracted.ms), extractMs: extracted.ms };
  });
}

/** Summaries per dataset (and overall), per kind, per family, from one set of scores. */
function summariesOf(scores: readonly DocumentScore[], datasets: readonly string[]) {
  const perDataset = datasets.map((name) =>
    summarize(
      name,
      scores.filter((s) => s.row.dataset === name),
    ),
  );
  if (perDataset.length > 1) perDataset.push(summarize('overall', scores));
  const perKind = KIND_GROUPS.map((kind) =>
    summarize(
      kind,
      scores.filter((s) => (kind === 'receipt' ? s.row.documentType === 'receipt' : s.row.kind === kind)),
    ),
  ).filter((s) => s.documents > 0);
  const families = [...new Set(scores.map((s) => familyKey(s.row)))].sort();
  const perFamily = families.map((f) =>
    summarize(
      f,
      scores.filter((s) => familyKey(s.row) === f),
    ),
  );
  return { perDataset, perKind, perFamily };
}

function commitId(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--', 'src/pipeline', 'bench/accuracy'], {
        encoding: 'utf8',
      }).trim() !== '';
    return dirty ? `${head}-dirty` : head;
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const learner = await loadLearner(args.ranker);
  const pdfRunner = createPdfSandboxPool({ maxWorkers: 1 });
  let ocr: OcrPool | null = null;
  try {
    // A generous page limit: the machine is shared and a page may wait for CPU.
    ocr = await createOcrPool({ size: 2, pageTimeoutMs: 300_000 });
  } catch (error) {
    console.error(
      `OCR is not available (${(error as Error).message}); scanned pages stay empty${args.images ? ' and --images cannot run' : ''}.`,
    );
    if (args.images) process.exitCode = 1;
  }
  const out: string[] = [];
  const cache = args.cache ? fileReadCache() : undefined;
  try {
    const reads: ReadRow[] = [];
    const names: string[] = [];
    for (const dir of args.datasets) {
      const rows: DatasetRow[] = (await readDataset(dir)).slice(0, args.limit);
      names.push(rows[0]?.dataset ?? dir);
      for (const row of rows) {
        try {
          reads.push({
            row,
            read: await readForBench(
              row.file,
              { einvoice: args.einvoice, images: args.images, imageText: args.imageText, pdfRunner, ocr },
              cache,
            ),
          });
        } catch (error) {
          reads.push({ row, read: null, error: (error as Error).message });
        }
        process.stderr.write('.');
      }
      process.stderr.write('\n');
    }
    const path = args.images
      ? 'image path (degraded renders, OCR, no e-invoice)'
      : args.einvoice
        ? 'e-invoice XML when present'
        : 'text path (--no-einvoice)';
    const noise = { rate: args.noise, seed: args.seed };
    const inSampleScores = scoreWith(reads, learner.fit(trainingOf(reads)), noise);
    const inSample = summariesOf(inSampleScores, names);
    out.push(
      `Command: npm run bench:accuracy -- ${process.argv.slice(2).join(' ')}`,
      `Commit: ${commitId()}; learned part: ${learner.description}${args.cache ? '; read from the cache: ms per page is not a timing' : ''}${args.noise > 0 ? `; OCR pages misread at ${args.noise} per character, seed ${args.seed}` : ''}`,
      '',
    );
    out.push(renderTable(inSample.perDataset, `Accuracy per dataset, ${path}, in-sample`), '');
    out.push(renderTable(inSample.perKind, `Accuracy per kind (receipt: document type), ${path}, in-sample`), '');
    let lofoScores: DocumentScore[] | null = null;
    if (args.lofo) {
      lofoScores = [];
      const families = [...new Set(reads.map((r) => familyKey(r.row)))];
      for (const family of families) {
        const ranker = learner.fit(trainingOf(reads.filter((r) => familyKey(r.row) !== family)));
        lofoScores.push(
          ...scoreWith(
            reads.filter((r) => familyKey(r.row) === family),
            ranker,
            noise,
          ),
        );
      }
      const lofo = summariesOf(lofoScores, names);
      out.push(
        renderTable(lofo.perDataset, `Accuracy per dataset, ${path}, leave-one-family-out (${families.length} folds)`),
        '',
      );
      out.push(renderTable(lofo.perKind, `Accuracy per kind, ${path}, leave-one-family-out`), '');
      out.push(renderFamilies(inSample.perFamily, lofo.perFamily, `Per family (dataset/family), ${path}`), '');
    } else {
      out.push(renderFamilies(inSample.perFamily, null, `Per family (dataset/family), ${path}, in-sample`), '');
    }
    if (args.misses) out.push('### Misses (in-sample)', '', renderMisses(inSampleScores));
    const text = out.join('\n');
    console.log(text);
    if (args.save) {
      const mode = args.images ? 'images' : args.einvoice ? 'einvoice' : 'text';
      const file = join(
        'bench',
        'accuracy',
        'results',
        `${new Date().toISOString().slice(0, 10)}-${commitId()}-${mode}${args.lofo ? '-lofo' : ''}.md`,
      );
      await writeFile(file, `${text}\n`);
      console.error(`saved ${file}`);
    }
  } finally {
    await pdfRunner.close();
    await ocr?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
