// Decode budgets enforced where the bytes are produced: pdfjs's stream decoders, the platform DecompressionStream
// (which pdfjs uses for images), and a warm worker that kept memory after its task. Every bomb is built here, small
// enough to stay fast, against a small configured budget.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { createPdfSandboxPool, readPdf, renderPage } from '../../../../src/pipeline/read/pdf/index.js';
import { PDFJS_WORKER_PATCHES, patchPdfjsWorkerSource } from '../../../../src/pipeline/read/pdf/pdfjs-worker-module.js';
import { releaseFreedMemory } from '../../../../src/pipeline/read/sandbox/release-memory.js';
import { moduleBesideCaller, runInSandbox, sandboxTask } from '../../../../src/pipeline/read/sandbox/run-in-sandbox.js';
import { SandboxPool } from '../../../../src/pipeline/read/sandbox/sandbox-pool.js';
import { attachmentBombPdf, flateBombPdf, imageBombPdf, lyingJpegPdf, manyStreamsPdf } from '../../../poison/bombs.js';
import { pipelineFailure } from './helpers.js';
import type { runTask as echo } from './sandbox-tasks/echo-task.js';
import type { runTask as misbehave } from './sandbox-tasks/misbehaving-task.js';

const MiB = 2 ** 20;
const echoTask = sandboxTask<typeof echo>(moduleBesideCaller(import.meta.url, './sandbox-tasks/echo-task'));
const misbehavingTask = sandboxTask<typeof misbehave>(
  moduleBesideCaller(import.meta.url, './sandbox-tasks/misbehaving-task'),
);

const pools: SandboxPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('the pdfjs patches', () => {
  it('find each of their anchors in the installed pdfjs-dist exactly as often as expected', () => {
    const file = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
    const patched = patchPdfjsWorkerSource(readFileSync(file, 'utf8'), 'file:///pdf.worker.mjs');
    for (const patch of PDFJS_WORKER_PATCHES)
      expect(patched.split(patch.replacement).length - 1).toBe(patch.occurrences);
    expect(patched).not.toContain('import.meta');
  });

  it('refuse a pdfjs whose source no longer matches, naming the file to update', () => {
    expect(() => patchPdfjsWorkerSource('export { WorkerMessageHandler };', 'file:///x.mjs')).toThrow(
      /pdfjs-worker-module\.ts/u,
    );
  });
});

describe('readPdf: decode budget', () => {
  it('refuses a content stream that inflates past the budget, before allocating the buffer over it', async () => {
    const bomb = await flateBombPdf(64 * MiB);
    expect(bomb.length).toBeLessThan(100_000);
    const error = await pipelineFailure(readPdf(bomb, { maxStreamMb: 4 }));
    expect(error).toMatchObject({
      stage: 'parsing',
      code: 'resource_limit',
      transient: false,
      detail: { limit: 'decoded_stream', maxStreamBytes: 4 * MiB },
    });
    expect(error.detail.requestedBytes).toBeGreaterThan(4 * MiB);
    expect(error.detail.requestedBytes).toBeLessThanOrEqual(8 * MiB);
  });

  it('reads the same stream within a budget that fits it', async () => {
    const result = await readPdf(await flateBombPdf(3 * MiB), { maxStreamMb: 4 });
    expect(result.info.pageCount).toBe(1);
  });

  it('catches the bomb behind a filter chain (ASCIIHex over Flate)', async () => {
    const error = await pipelineFailure(
      readPdf(await flateBombPdf(16 * MiB, { hexWrapped: true }), { maxStreamMb: 4 }),
    );
    expect(error).toMatchObject({ code: 'resource_limit', detail: { limit: 'decoded_stream' } });
  });

  it('refuses many streams that each fit the budget but together exceed four times it', async () => {
    const error = await pipelineFailure(readPdf(await manyStreamsPdf(10, 3 * MiB), { maxStreamMb: 4 }));
    expect(error).toMatchObject({
      code: 'resource_limit',
      detail: { limit: 'decoded_total', maxTotalBytes: 16 * MiB },
    });
  });

  it('fails the document for a bomb in an embedded file although pdfjs swallows the error there', async () => {
    // pdfjs drops an embedded file it cannot decode and reads on; the budget remembers the breach.
    const error = await pipelineFailure(readPdf(await attachmentBombPdf(16 * MiB), { maxStreamMb: 4 }));
    expect(error).toMatchObject({ code: 'resource_limit', detail: { limit: 'decoded_stream' } });
  });

  it('refuses an image whose data inflates past the budget when the page is rendered', async () => {
    // 4000 x 4000 grey = 16 MB of pixels, inflated by DecompressionStream (pdfjs's image path), then by pdfjs's own
    // inflater when that fails.
    const error = await pipelineFailure(renderPage(await imageBombPdf(4000, 4000), 1, 72, { maxStreamMb: 4 }));
    expect(error).toMatchObject({
      code: 'resource_limit',
      detail: { limit: 'decoded_stream', maxStreamBytes: 4 * MiB },
    });
  });

  it('refuses a JPEG whose own header declares far more pixels than its image dictionary', async () => {
    // 100 x 100 in the dictionary (within the pixel cap), 30000 x 30000 in the JPEG: 1.8 GB of coefficients.
    const error = await pipelineFailure(renderPage(lyingJpegPdf(30_000, 30_000), 1, 72));
    expect(error).toMatchObject({
      code: 'resource_limit',
      detail: { limit: 'decoded_stream', requestedBytes: 1_800_480_000 },
    });
  });

  it('applies the budget of the pool to the documents it reads', async () => {
    const pool = createPdfSandboxPool({ maxWorkers: 1, maxStreamMb: 4 });
    pools.push(pool);
    const error = await pipelineFailure(readPdf(await flateBombPdf(16 * MiB), { runner: pool }));
    expect(error).toMatchObject({ code: 'resource_limit', detail: { maxStreamBytes: 4 * MiB } });
  });
});

describe('sandbox: decode budget and memory', () => {
  it('bounds the platform DecompressionStream, and fails the task even when it swallowed the refusal', async () => {
    const error = await pipelineFailure(
      runInSandbox(misbehavingTask, { misbehaviour: 'inflate-swallowing-errors', megabytes: 16 }, { maxStreamMb: 4 }),
    );
    expect(error).toMatchObject({
      code: 'resource_limit',
      detail: { limit: 'decoded_stream', maxStreamBytes: 4 * MiB },
    });
    // Within the budget the same task succeeds.
    const fine = await runInSandbox(
      misbehavingTask,
      { misbehaviour: 'inflate-swallowing-errors', megabytes: 2 },
      { maxStreamMb: 4 },
    );
    expect(fine).toBe(`inflated ${2 * MiB} bytes`);
  });

  it('can hand freed memory back to the system with glibc (koffi loads, malloc_trim is found)', () => {
    const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
    expect(releaseFreedMemory()).toBe(process.platform === 'linux' && Boolean(report.header?.glibcVersionRuntime));
  });

  it('replaces a warm worker that kept more memory than allowed after its task', async () => {
    const pool = new SandboxPool({ maxWorkers: 1, maxRetainedMb: 64 });
    pools.push(pool);
    const bytes = new Uint8Array(1);
    const first = await pool.run(echoTask, { text: 'a', bytes });
    expect(await pool.run(misbehavingTask, { misbehaviour: 'retain-memory', megabytes: 16 })).toBe('kept');
    expect((await pool.run(echoTask, { text: 'b', bytes })).threadId).toBe(first.threadId);
    expect(await pool.run(misbehavingTask, { misbehaviour: 'retain-memory', megabytes: 96 })).toBe('kept');
    const afterGrowth = await pool.run(echoTask, { text: 'c', bytes });
    expect(afterGrowth.threadId).not.toBe(first.threadId);
    expect(pool.size).toBe(1);
  });
});
