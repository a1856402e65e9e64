// pdfjs's parsing half (pdf.worker.mjs), loaded with small patches that make its decoders ask the sandbox's decode
// budget (sandbox/decode-budget.ts) before they allocate:
//   - DecodeStream.ensureBuffer, through which every JavaScript decoder grows its output (Flate, LZW, RunLength,
//     ASCII85/Hex, CCITT, predictors, decryption, concatenated content streams): a 1 MB stream inflating to 1 GiB
//     is refused at the first buffer over the budget, before it is allocated;
//   - the JPEG decoder's coefficient buffers and the JavaScript JBIG2 decoder's page bitmap, sized by the image's
//     own header (a JPEG inside a 100 x 100 image may declare 30000 x 30000: 1.8 GB of coefficients);
//   - the heap growth of its two WebAssembly decoders (OpenJPEG for JPEG 2000, JBIG2/CCITT): refused growth makes
//     the decoder fail, and the budget remembers the breach.
// pdfjs has no option for either. The patches are anchored on exact source text of the pinned pdfjs-dist version:
// if an anchor is missing (pdfjs was upgraded), loading fails loudly naming this file instead of running unbounded.
//
// The patched source is evaluated as a script in this thread (vm), not written anywhere: the sandbox needs no
// writable folder, and nothing on disk can be swapped for other code.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { DECODE_BUDGET_GLOBAL } from '../sandbox/decode-budget.js';
import { PDFJS_WORKER_MODULE } from './pdfjs-modules.js';

interface SourcePatch {
  name: string;
  anchor: string;
  replacement: string;
  /** How many times the anchor occurs in the pinned version. */
  occurrences: number;
}

const hook = `globalThis.${DECODE_BUDGET_GLOBAL}`;

export const PDFJS_WORKER_PATCHES: readonly SourcePatch[] = [
  {
    name: 'DecodeStream.ensureBuffer asks the decode budget',
    anchor: '    const buffer2 = new Uint8Array(size);\n    buffer2.set(buffer);\n',
    replacement: `    ${hook}?.stream(size, buffer.byteLength);\n    const buffer2 = new Uint8Array(size);\n    buffer2.set(buffer);\n`,
    occurrences: 1,
  },
  {
    name: 'the JPEG decoder asks the decode budget before allocating the coefficients of a component',
    anchor: '    const blocksBufferSize = 64 * blocksPerColumnForMcu * (blocksPerLineForMcu + 1);\n',
    replacement:
      '    const blocksBufferSize = 64 * blocksPerColumnForMcu * (blocksPerLineForMcu + 1);\n' +
      `    ${hook}?.stream(blocksBufferSize * 2);\n`,
    occurrences: 1,
  },
  {
    name: 'the JavaScript JBIG2 decoder asks the decode budget before allocating its page bitmap',
    anchor:
      '    const rowSize = info.width + 7 >> 3;\n    const buffer = new Uint8ClampedArray(rowSize * info.height);\n',
    replacement: `    const rowSize = info.width + 7 >> 3;\n    ${hook}?.stream(rowSize * info.height);\n    const buffer = new Uint8ClampedArray(rowSize * info.height);\n`,
    occurrences: 1,
  },
  {
    name: 'WebAssembly decoders ask the decode budget before their memory grows',
    anchor: '    var maxHeapSize = getHeapMax();\n    if (requestedSize > maxHeapSize) {\n',
    replacement: `    var maxHeapSize = getHeapMax();\n    if (requestedSize > maxHeapSize || ${hook}?.wasmHeap(requestedSize) === false) {\n`,
    occurrences: 2,
  },
];

const EXPORT_LINE = 'export { WorkerMessageHandler };';

export interface PdfjsWorkerModule {
  WorkerMessageHandler: unknown;
}

/** Reads, patches and evaluates pdf.worker.mjs; returns what pdfjs's fake worker looks for in globalThis.pdfjsWorker. */
export function loadPatchedPdfjsWorker(): PdfjsWorkerModule {
  const require = createRequire(import.meta.url);
  const file = require.resolve(PDFJS_WORKER_MODULE);
  const fileUrl = pathToFileURL(file).href;
  const source = patchPdfjsWorkerSource(readFileSync(file, 'utf8'), fileUrl);
  // A module body is strict code; as a function body it keeps that with the directive. Line numbers in stacks are
  // off by two, names stay right.
  const script = new vm.Script(`(function () {'use strict';\n${source}\nreturn { WorkerMessageHandler };\n})()`, {
    filename: file,
  });
  return script.runInThisContext() as PdfjsWorkerModule;
}

/** The module source turned into a patched script body. Exported for the test that pins the anchors. */
export function patchPdfjsWorkerSource(source: string, fileUrl: string): string {
  let patched = source;
  for (const patch of PDFJS_WORKER_PATCHES) {
    const found = patched.split(patch.anchor).length - 1;
    if (found !== patch.occurrences) {
      throw new Error(
        `pdfjs-dist's ${PDFJS_WORKER_MODULE} does not match the decode-budget patch "${patch.name}" ` +
          `(anchor found ${found} times, expected ${patch.occurrences}): update src/pipeline/read/pdf/pdfjs-worker-module.ts ` +
          'for this pdfjs-dist version',
      );
    }
    patched = patched.split(patch.anchor).join(patch.replacement);
  }
  if (patched.split(EXPORT_LINE).length !== 2)
    throw new Error(`${PDFJS_WORKER_MODULE} does not end with "${EXPORT_LINE}"`);
  // The only module syntax left: the export (returned by the wrapper instead) and import.meta.url (the emscripten
  // glue's base URL for its .wasm files, which pdfjs hands over itself).
  return patched.replace(EXPORT_LINE, '').replaceAll('import.meta.url', JSON.stringify(fileUrl));
}
