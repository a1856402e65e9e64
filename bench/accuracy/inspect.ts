// One document, shown the way the extractor sees it: every line the reader produced (page, position, text) and the
// summary the builtin engine made of it. For finding out why bench:accuracy reports a miss.
//
//   npx tsx bench/accuracy/inspect.ts FILE [--no-einvoice] [--images] [--lines-only | --result-only]
import { createOcrPool } from '../../src/pipeline/read/ocr/index.js';
import { createPdfSandboxPool } from '../../src/pipeline/read/pdf/index.js';
import { runDocument } from './run-document.js';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const file = argv.find((a) => !a.startsWith('--'));
  if (!file) throw new Error('usage: inspect.ts FILE [--no-einvoice] [--images] [--lines-only | --result-only]');
  const images = argv.includes('--images');
  const pdfRunner = createPdfSandboxPool({ maxWorkers: 1 });
  const ocr = await createOcrPool({ size: 1, pageTimeoutMs: 300_000 });
  try {
    const outcome = await runDocument(file, { einvoice: !argv.includes('--no-einvoice'), images, pdfRunner, ocr, keepDocument: true });
    if (!argv.includes('--result-only')) {
      for (const page of outcome.document?.pages ?? []) {
        console.log(`--- page ${page.number} (${page.source}, ${page.width}x${page.height} ${page.unit})`);
        for (const line of page.lines) {
          const conf = line.confidence === undefined ? '' : ` ${(line.confidence * 100).toFixed(0)}%`;
          console.log(`${String(Math.round(line.bbox.x)).padStart(5)},${String(Math.round(line.bbox.y)).padStart(5)}${conf}  ${line.text}`);
        }
      }
    }
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
