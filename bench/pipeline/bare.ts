// The in-process baseline of the end-to-end sections: the same bytes through the same reader and builtin extractor
// the worker runs, with no HTTP, database, queue, download or archive around them.
import { extractBuiltin } from '../../src/pipeline/extract/index.js';
import { sniffFormat } from '../../src/pipeline/fetch/index.js';
import { readDocument } from '../../src/pipeline/read/index.js';
import type { OcrPool } from '../../src/pipeline/read/ocr/index.js';
import type { SandboxRunner } from '../../src/pipeline/read/sandbox/run-in-sandbox.js';
import { since } from './stats.js';

export interface BareDeps {
  ocr: OcrPool;
  pdfRunner: SandboxRunner;
}

/** Reads and extracts one document as an invoice (typeId 0, line items); resolves with the milliseconds it took. */
export async function readAndExtract(bytes: Buffer, deps: BareDeps): Promise<number> {
  const start = performance.now();
  const format = sniffFormat(bytes);
  if (format === null) throw new Error('unknown document format');
  const doc = await readDocument({ bytes, format }, deps);
  extractBuiltin(doc, 0, true);
  return since(start);
}
