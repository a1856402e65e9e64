// One document, shown the way the extractor sees it: every line the reader produced (page, position, text) and the
// summary the builtin engine made of it. For finding out why bench:accuracy reports a miss.
//
//   npx tsx bench/accuracy/inspect.ts FILE [--no-einvoice] [--images] [--lines-only | --result-only] [--candidates] [--tables] [--cache]
import { createOcrPool } from '../../src/pipeline/read/ocr/index.js';
import { createPdfSandboxPool } from '../../src/pipeline/read/pdf/index.js';
import { readHints } from '../../src/pipeline/extract/builtin/hints.js';
import { LabelIndex } from '../../src/pipeline/extract/builtin/layout/label-hits.js';
import { buildLayout } from '../../src/pipeline/extract/builtin/layout/layout.js';
import { findHeaders } from '../../src/pipeline/extract/builtin/table/index.js';
import { valueTest } from '../../src/pipeline/extract/builtin/table/index.js';
import { classifyRow, cutRow, cutTieredRow, defaultAnchorMode } from '../../src/pipeline/extract/builtin/table/rows.js';
import { amountCandidates } from '../../src/pipeline/extract/builtin/totals.js';
import type { ReadDocument } from '../../src/pipeline/model.js';
import { fileReadCache, runDocument } from './run-document.js';

/** The labelled amount candidates per summary field, before the arithmetic chooses. */
function printAmountCandidates(doc: ReadDocument): void {
  const layout = buildLayout(doc);
  const labels = new LabelIndex(layout);
  const areas = findHeaders(layout).map((h) => ({ page: h.page, box: h.box }));
  const pools = amountCandidates(layout, labels, readHints(layout), areas);
  for (const [field, candidates] of Object.entries(pools)) {
    for (const c of candidates)
      console.log(
        `${field.padEnd(10)} ${c.value.padStart(12)}  ${c.confidence.toFixed(3)}  ${c.rule}  p${c.evidence.page} "${c.evidence.raw}"`,
      );
  }
}

/** Every table header found, its columns, and how each line under it is classified (default anchor mode). */
function printTables(doc: ReadDocument): void {
  const layout = buildLayout(doc);
  const isValue = valueTest(readHints(layout));
  for (const header of findHeaders(layout)) {
    const page = layout.pages.find((p) => p.number === header.page);
    if (!page) continue;
    const mode = defaultAnchorMode(header.columns);
    const columns = header.columns.map((c) => `${c.field}@${Math.round(c.box.x)}`).join(' ');
    console.log(`table p${header.page} lines ${header.firstLine}-${header.lastLine} (${mode}): ${columns}`);
    for (const line of page.lines.filter((l) => l.index >= header.firstLine && l.index <= header.lastLine))
      console.log(
        `  header segments: ${line.segments.map((s) => `${JSON.stringify(s.text)}@${Math.round(s.bbox.x)}`).join(' ')}`,
      );
    const width = Math.max(...header.columns.map((c) => c.box.x + c.box.width)) - header.box.x;
    for (const line of page.lines.filter((l) => l.index > header.lastLine).slice(0, 30)) {
      const row = header.tiers ? cutTieredRow(line, header.tiers, page, isValue) : cutRow(line, header.columns, page);
      const kind = classifyRow(row, header.columns, isValue, width, mode);
      const cells = [...row.cells.entries()].map(([f, r]) => `${f}=${JSON.stringify(r.text)}`).join(' ');
      console.log(`  ${String(Math.round(line.bbox.y)).padStart(5)} ${kind.padEnd(8)} ${cells}`);
    }
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const file = argv.find((a) => !a.startsWith('--'));
  if (!file)
    throw new Error('usage: inspect.ts FILE [--no-einvoice] [--images] [--lines-only | --result-only] [--candidates]');
  const images = argv.includes('--images');
  const pdfRunner = createPdfSandboxPool({ maxWorkers: 1 });
  const ocr = await createOcrPool({ size: 1, pageTimeoutMs: 300_000 });
  try {
    const cache = argv.includes('--cache') ? fileReadCache() : undefined;
    const outcome = await runDocument(
      file,
      { einvoice: !argv.includes('--no-einvoice'), images, pdfRunner, ocr, keepDocument: true },
      cache,
    );
    if (!argv.includes('--result-only')) {
      for (const page of outcome.document?.pages ?? []) {
        console.log(`--- page ${page.number} (${page.source}, ${page.width}x${page.height} ${page.unit})`);
        for (const line of page.lines) {
          const conf = line.confidence === undefined ? '' : ` ${(line.confidence * 100).toFixed(0)}%`;
          console.log(
            `${String(Math.round(line.bbox.x)).padStart(5)},${String(Math.round(line.bbox.y)).padStart(5)}${conf}  ${line.text}`,
          );
        }
      }
    }
    if (argv.includes('--candidates') && outcome.document) printAmountCandidates(outcome.document);
    if (argv.includes('--tables') && outcome.document) printTables(outcome.document);
    if (!argv.includes('--lines-only')) {
      const { summary_data, lineItems, validation } = outcome.result;
      console.log(JSON.stringify({ summary_data, lineItems, validation }, null, 2));
    }
  } finally {
    await pdfRunner.close();
    await ocr.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
