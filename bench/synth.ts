// Synthetic invoices and receipts with labels known by construction (docs/synthetic-data.md).
//
//   npm run synth -- [--out DIR] [--seed N] [--count N] [--images FRACTION] [--layouts LIST]
//
// Writes a dataset laid out like ../shared/datasets (manifest.csv, documents/, labels/fields/) into DIR (default
// .synth/), which `npm run bench:accuracy -- --dataset DIR` scores. --images FRACTION (0-1) also renders that
// share of the single-page documents as a degraded scan or phone photo (same content_id as its PDF). Synthetic
// data is for training and stress tests, never the only measurement. --layouts LIST (comma-separated layout ids,
// or `first`, `second`, `all`) draws only from those layouts; the default is `first`, the first author's seven, so
// the second author's stay out of every run that does not name them.
import { parseArgs } from './synth/args.js';
import { generateDocument } from './synth/generate.js';
import { manifestCsv, prepareFolder, writeDocument, writeLabel, type ManifestRow } from './synth/dataset.js';
import { degradedImage, type ImageKind } from './synth/images.js';
import { createRng } from './synth/random.js';
import { createPdfSandboxPool } from '../src/pipeline/read/pdf/index.js';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  await prepareFolder(args.out);
  const runner = args.images > 0 ? createPdfSandboxPool({ maxWorkers: 1 }) : null;
  const rows: ManifestRow[] = [];
  const counts = new Map<string, number>();
  try {
    for (let index = 0; index < args.count; index++) {
      const doc = generateDocument(args.seed, index, args.layouts);
      const labelPath = await writeLabel(args.out, doc.name, doc.label);
      const contentId = `synth-${args.seed}-${index}`;
      const type = String(doc.label.document_type);
      const language = doc.locale.slice(0, 2);
      const about = `synthetic ${doc.template}, ${doc.locale}, ${doc.fonts.regular} (seed ${args.seed}, index ${index})`;
      rows.push({
        docPath: await writeDocument(args.out, `${doc.name}.pdf`, doc.pdf),
        labelPath,
        contentId,
        family: doc.template,
        note: `${language}; born-digital; ${type}; ${about}`,
      });
      counts.set('born-digital', (counts.get('born-digital') ?? 0) + 1);
      // A separate stream for the image decision, so adding images never changes the PDFs of a seed.
      const imageRng = createRng(doc.seed ^ 0x5bd1e995);
      // One image holds one page: a multi-page invoice's label (lines, total on the last page) would not match it.
      if (runner && imageRng.next() < args.images && doc.pages === 1) {
        const kind: ImageKind = imageRng.chance(0.5) ? 'scan' : 'photo';
        const jpeg = await degradedImage(doc.pdf, kind, doc.seed, runner);
        rows.push({
          docPath: await writeDocument(args.out, `${doc.name}-${kind}.jpg`, jpeg),
          labelPath,
          contentId,
          family: doc.template,
          note: `${language}; ${kind}; ${type}; ${about}, rendered and degraded`,
        });
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
      }
      if (index % 50 === 49) process.stderr.write(`${index + 1} documents\n`);
    }
  } finally {
    await runner?.close();
  }
  await writeFile(join(args.out, 'manifest.csv'), manifestCsv(rows));
  const summary = [...counts].map(([kind, n]) => `${n} ${kind}`).join(', ');
  console.log(`wrote ${rows.length} documents (${summary}) to ${args.out}/ (seed ${args.seed})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
