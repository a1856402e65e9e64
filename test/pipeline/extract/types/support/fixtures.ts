// The PDF fixtures of the extractor tests: generated from the synthetic pages by make-pdf, stored under
// test/fixtures/extract-types/ so that other tests (API, benchmarks) can submit real files. Regenerate with
// `npx tsx test/pipeline/extract/types/support/fixtures.ts`; a test fails if the stored files drift.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePdf } from './make-pdf.js';
import { englishGoodsReceivedNote, frenchPurchaseOrder, poNumbersPage } from './order-documents.js';
import { germanStatement, multiAccountStatement, usStatement } from './statement-documents.js';
import type { SyntheticPage } from './synthetic.js';

export const FIXTURE_DIR = fileURLToPath(new URL('../../../../fixtures/extract-types/', import.meta.url));

export const PDF_FIXTURES: Record<string, { pages: () => SyntheticPage[]; typeId: number }> = {
  'credit-card-statement-en.pdf': { pages: usStatement, typeId: 4 },
  'credit-card-statement-de.pdf': { pages: germanStatement, typeId: 4 },
  'multi-account-statement-en.pdf': { pages: multiAccountStatement, typeId: 5 },
  'purchase-order-fr.pdf': { pages: frenchPurchaseOrder, typeId: 1 },
  'goods-received-note-en.pdf': { pages: englishGoodsReceivedNote, typeId: 2 },
  'po-numbers-multilingual.pdf': { pages: poNumbersPage, typeId: 9 },
};

export function fixturePdf(name: string): Buffer {
  const fixture = PDF_FIXTURES[name];
  if (!fixture) throw new Error(`unknown fixture ${name}`);
  return makePdf(fixture.pages(), name.replace(/\.pdf$/, ''));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const name of Object.keys(PDF_FIXTURES)) writeFileSync(path.join(FIXTURE_DIR, name), fixturePdf(name));
  console.log(`wrote ${Object.keys(PDF_FIXTURES).length} PDFs to ${FIXTURE_DIR}`);
}
