// What the ranker costs at extraction time: every cached document of the corpus extracted with the rules alone
// and with the committed ranker, alternating, three rounds; prints ms per page for both.
//
//   npx tsx bench/train/speed.ts [--all-fields]   (after `npm run train` has filled bench/train/.cache)
//
// --all-fields lets the ranker decide every hooked field (what enabling them all would cost), not only the
// fields the committed weights enable.
import { fileURLToPath } from 'node:url';
import { extractInvoice } from '../../src/pipeline/extract/builtin/index.js';
import { committedModels, committedRanker, enabledFields } from '../../src/pipeline/extract/rank/index.js';
import type { RankField } from '../../src/pipeline/extract/rank/fields.js';
import { rankerOf } from '../../src/pipeline/extract/rank/ranker.js';
import { readCorpus, readCorpusRows } from './corpus.js';

const ROUNDS = 3;

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('../../../shared/datasets', import.meta.url));
  const corpus = await readCorpus(await readCorpusRows(root));
  const docs = corpus.map((c) => ({ ...c.doc, einvoice: null }));
  const pages = docs.reduce((n, d) => n + d.pages.length, 0);
  const allFields = process.argv.includes('--all-fields');
  const fields: Set<RankField> = allFields
    ? new Set(['invoice_number', 'invoice_date', 'due_date', 'po_number'])
    : enabledFields();
  const ranker = allFields ? rankerOf(committedModels(), fields) : committedRanker();
  const time = { rules: 0, ranked: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const doc of docs) {
      let started = performance.now();
      extractInvoice(doc, { requireLineItems: true, documentType: 'invoice' });
      time.rules += performance.now() - started;
      started = performance.now();
      extractInvoice(doc, { requireLineItems: true, documentType: 'invoice', ranker });
      time.ranked += performance.now() - started;
    }
  }
  const perPage = (ms: number) => (ms / ROUNDS / pages).toFixed(1);
  console.log(`${docs.length} documents, ${pages} pages, ranker deciding: ${[...fields].join(', ') || 'no field'}`);
  console.log(
    `extraction, rules alone: ${perPage(time.rules)} ms/page; with the ranker: ${perPage(time.ranked)} ms/page`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
