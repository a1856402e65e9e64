// Accuracy of the builtin extraction engine on labelled datasets (format: ../shared/datasets/README.md).
//
//   npm run bench:accuracy -- --dataset DIR [--dataset DIR2 ...] [--no-einvoice] [--images] [--image-text auto|always|off] [--limit N] [--misses]
//
// Each document goes through the service's path (PDF reading in the sandbox, embedded e-invoice unless
// --no-einvoice, OCR of degraded page renders with --images, then the builtin engine). Prints per-field accuracy
// (each content_id counted once), line-item precision/recall/F1 and ms per page, per dataset and overall, as a
// Markdown table. --misses lists every wrong field. --image-text says when the images on PDF text pages are read
// by OCR, as DOCEX_OCR_PDF_IMAGES does (default auto), to measure what it costs and gains.
import { createOcrPool, type OcrPool } from '../src/pipeline/read/ocr/index.js';
import { createPdfSandboxPool } from '../src/pipeline/read/pdf/index.js';
import { readDataset, type DatasetRow } from './accuracy/manifest.js';
import { renderMisses, renderTable } from './accuracy/report.js';
import { runDocument } from './accuracy/run-document.js';
import { scoreDocument, summarize, type DocumentScore } from './accuracy/score.js';

interface Args {
  datasets: string[];
  einvoice: boolean;
  images: boolean;
  imageText: 'auto' | 'always' | 'off';
  limit: number;
  misses: boolean;
}

function imageTextMode(value: string | undefined): Args['imageText'] {
  if (value === 'auto' || value === 'always' || value === 'off') return value;
  throw new Error(`--image-text takes auto, always or off, not ${value}`);
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { datasets: [], einvoice: true, images: false, imageText: 'auto', limit: Infinity, misses: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dataset') args.datasets.push(argv[++i] ?? '');
    else if (arg === '--no-einvoice') args.einvoice = false;
    else if (arg === '--images') args.images = true;
    else if (arg === '--misses') args.misses = true;
    else if (arg === '--image-text') args.imageText = imageTextMode(argv[++i]);
    else if (arg === '--limit') args.limit = Number(argv[++i]);
    else throw new Error(`unknown argument ${arg}`);
  }
  if (args.datasets.length === 0 || args.datasets.some((d) => d === '')) throw new Error('give at least one --dataset DIR');
  if (!(args.limit > 0)) throw new Error('--limit must be a positive number');
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const pdfRunner = createPdfSandboxPool({ maxWorkers: 1 });
  let ocr: OcrPool | null = null;
  try {
    // A generous page limit: the machine is shared and a page may wait for CPU.
    ocr = await createOcrPool({ size: 2, pageTimeoutMs: 300_000 });
  } catch (error) {
    console.error(`OCR is not available (${(error as Error).message}); scanned pages stay empty${args.images ? ' and --images cannot run' : ''}.`);
    if (args.images) process.exitCode = 1;
  }
  const summaries = [];
  const all: DocumentScore[] = [];
  try {
    for (const dir of args.datasets) {
      const rows: DatasetRow[] = (await readDataset(dir)).slice(0, args.limit);
      const scores: DocumentScore[] = [];
      for (const row of rows) {
        try {
          const outcome = await runDocument(row.file, { einvoice: args.einvoice, images: args.images, imageText: args.imageText, pdfRunner, ocr });
          scores.push(scoreDocument(row, outcome.result, outcome.pages, outcome.ms));
        } catch (error) {
          scores.push(scoreDocument(row, null, 0, 0, (error as Error).message));
        }
        process.stderr.write('.');
      }
      process.stderr.write('\n');
      summaries.push(summarize(rows[0]?.dataset ?? dir, scores));
      all.push(...scores);
    }
    if (summaries.length > 1) summaries.push(summarize('overall', all));
    const path = args.images ? 'image path (degraded renders, OCR, no e-invoice)' : args.einvoice ? 'e-invoice XML when present' : 'text path (--no-einvoice)';
    console.log(renderTable(summaries, `Accuracy, ${path}`));
    if (args.misses) console.log(`\n${renderMisses(all)}`);
  } finally {
    await pdfRunner.close();
    await ocr?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
