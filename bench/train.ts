// Trains the learned candidate ranker (src/pipeline/extract/rank) on every labelled document of the development
// datasets and measures it honestly.
//
//   npm run train [-- --datasets DIR] [--lofo] [--limit N]
//
// Each document is read by the service's own reader (e-invoice XML ignored: the page is what is learnt; cached in
// bench/train/.cache). One model per field is fitted on all documents (in-sample) and, for every family, on all
// the other families to score the left-out one (leave-one-family-out, pooled). A field is enabled in the
// committed weights only when its pooled LOFO accuracy beats the rules' on the same documents. Writes
// src/pipeline/extract/rank/weights/header-fields.json and prints the table docs/ranker.md carries; --lofo only
// prints (writes nothing).
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { featureNames } from '../src/pipeline/extract/rank/features.js';
import { FIELD_KIND, RANK_FIELDS, type RankField } from '../src/pipeline/extract/rank/fields.js';
import { DEFAULT_FIT } from '../src/pipeline/extract/rank/fit.js';
import { FILL_MIN_PROBABILITY } from '../src/pipeline/extract/rank/ranker.js';
import type { RankerWeights } from '../src/pipeline/extract/rank/model.js';
import { examplesOf, trainModels, type Example } from '../src/pipeline/extract/rank/train.js';
import { DEFAULT_DATASETS, readCorpus, readCorpusRows } from './train/corpus.js';
import {
  accuracies,
  emptyFills,
  evaluate,
  type FalseFills,
  type FieldAccuracy,
  type Outcomes,
  type TrainingItem,
} from './train/evaluate.js';

const WEIGHTS_FILE = fileURLToPath(new URL('../src/pipeline/extract/rank/weights/header-fields.json', import.meta.url));
/** LOFO must beat the rules by at least this much (a share) for a field to be enabled. */
const MIN_GAIN = 0.005;
/** ... and fill at most this share of the fields that completely labelled documents lack. */
const MAX_FALSE_FILL_SHARE = 0.1;
/**
 * Fields the engine consults a ranker for (builtin/ranking.ts RankedField). The summary amounts are chosen together
 * by the rules' arithmetic (totals.ts) with no hook yet: their figures are measured, never enabled.
 */
const HOOKED_FIELDS: ReadonlySet<RankField> = new Set(['invoice_number', 'invoice_date', 'due_date', 'po_number']);

interface Args {
  root: string;
  lofo: boolean;
  limit: number;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    root: fileURLToPath(new URL('../../shared/datasets', import.meta.url)),
    lofo: false,
    limit: Infinity,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--datasets') args.root = argv[++i] ?? '';
    else if (arg === '--lofo') args.lofo = true;
    else if (arg === '--limit') args.limit = Number(argv[++i]);
    else throw new Error(`unknown argument ${arg}`);
  }
  if (args.root === '') throw new Error('--datasets needs a folder');
  if (!(args.limit > 0)) throw new Error('--limit must be a positive number');
  return args;
}

function commitId(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}`;

function table(
  inSample: Record<RankField, FieldAccuracy>,
  lofo: Record<RankField, FieldAccuracy>,
  fills: FalseFills,
  enabled: ReadonlySet<RankField>,
): string {
  const lines = [
    '| field | content ids | rules | ranker in-sample | ranker LOFO | LOFO, proposals only | LOFO, always | reachable | false fills (LOFO) | enabled |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const field of RANK_FIELDS) {
    const a = inSample[field];
    const l = lofo[field];
    const f = fills[field];
    lines.push(
      `| ${field} | ${a.contentIds} | ${pct(l.rules)} | ${pct(a.ranker)} | **${pct(l.ranker)}** | ${pct(l.hookOnly)} | ${pct(l.free)} | ${pct(l.reachable)} | ${f.filled}/${f.absent} | ${enabled.has(field) ? 'yes' : 'no'} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const rows = (await readCorpusRows(args.root)).slice(0, args.limit);
  const corpus = await readCorpus(rows);
  const started = performance.now();
  const items: TrainingItem[] = corpus.map(({ row, family, doc }) => {
    // Keys the manifest says not to score are not labels to learn from either.
    const label = Object.fromEntries(Object.entries(row.label).filter(([k]) => !row.skip.has(k)));
    const example = examplesOf([{ document: doc, label, dataset: row.dataset }])[0] as Example;
    return { ...example, dataset: row.dataset, family, contentId: row.contentId };
  });
  const observeMs = performance.now() - started;
  const all = new Set<RankField>(RANK_FIELDS);

  const fitStarted = performance.now();
  const models = trainModels(items, all);
  const fitMs = performance.now() - fitStarted;
  const inSample = accuracies(evaluate(items, models));

  const families = [...new Set(items.map((i) => i.family))].sort();
  const pooled: Outcomes = new Map();
  const fills = emptyFills();
  for (const family of families) {
    const held = items.filter((i) => i.family === family);
    const foldModels = trainModels(
      items.filter((i) => i.family !== family),
      all,
    );
    evaluate(held, foldModels, pooled, fills);
  }
  const lofo = accuracies(pooled);
  const enabled = new Set(
    RANK_FIELDS.filter(
      (f) =>
        HOOKED_FIELDS.has(f) &&
        lofo[f].ranker > lofo[f].rules + MIN_GAIN &&
        fills[f].filled <= MAX_FALSE_FILL_SHARE * fills[f].absent,
    ),
  );

  console.log(
    `${items.length} documents, ${new Set(items.map((i) => `${i.dataset}/${i.contentId}`)).size} content ids, ${families.length} families (${DEFAULT_DATASETS.join(', ')})`,
  );
  console.log(`observing ${observeMs.toFixed(0)} ms, one fit of every field ${fitMs.toFixed(0)} ms\n`);
  console.log(table(inSample, lofo, fills, enabled));
  if (args.lofo) return;

  const weights: RankerWeights = {
    format: 'docex-ranker/1',
    training: {
      datasets: DEFAULT_DATASETS,
      documents: items.length,
      contentIds: new Set(items.map((i) => `${i.dataset}/${i.contentId}`)).size,
      families: families.length,
      commit: commitId(),
      reader: 'service reader, text path (e-invoice XML ignored), OCR for scans and photos',
      fit: { ...DEFAULT_FIT, model: 'L2 conditional logit, full-batch Adam from zero weights' },
      enableRule: `field has an engine hook, LOFO accuracy > rules accuracy + ${MIN_GAIN}, false fills <= ${MAX_FALSE_FILL_SHARE} of absent fields`,
      fillMinProbability: FILL_MIN_PROBABILITY,
    },
    fields: Object.fromEntries(
      RANK_FIELDS.map((field) => [
        field,
        {
          kind: FIELD_KIND[field],
          enabled: enabled.has(field),
          features: [...featureNames(FIELD_KIND[field])],
          weights: [...(models[field]?.weights ?? [])],
          evaluation: {
            contentIds: lofo[field].contentIds,
            rules: round4(lofo[field].rules),
            inSample: round4(inSample[field].ranker),
            lofo: round4(lofo[field].ranker),
            lofoProposalsOnly: round4(lofo[field].hookOnly),
            lofoAlways: round4(lofo[field].free),
            falseFills: fills[field].filled,
            absentInCompleteLabels: fills[field].absent,
            reachable: round4(lofo[field].reachable),
          },
        },
      ]),
    ),
  };
  await writeFile(WEIGHTS_FILE, `${JSON.stringify(weights, null, 1)}\n`);
  console.log(`\nwrote ${WEIGHTS_FILE}`);
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
