// The paddle models run in a worker thread of their own (src/pipeline/read/ocr/paddle/model-thread.ts): the event
// loop stays free while pages are read, a page past its time limit fails at once and gets no further model runs
// (without harm to the other pages on the thread), and a thread that dies fails only the runs on it. Real models,
// real pages, no mocks.
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineError } from '../../../../src/pipeline/errors.js';
import { rejection } from './support/errors.js';
import { normalizeImage } from '../../../../src/pipeline/read/image/index.js';
import { createOcrPool, type OcrPool } from '../../../../src/pipeline/read/ocr/index.js';
import { PaddleModelThread } from '../../../../src/pipeline/read/ocr/paddle/model-thread.js';
import { loadPaddleModelFiles } from '../../../../src/pipeline/read/ocr/paddle/models.js';
import { awsPng, flipkartPng, textractorReceiptJpeg, tinyTextImage } from './support/images.js';

const textOf = (lines: { text: string }[]): string => lines.map((line) => line.text).join('\n');

describe('paddle pages off the JavaScript thread', { timeout: 120_000 }, () => {
  let pool: OcrPool;
  let tiny: Buffer;
  beforeAll(async () => {
    pool = await createOcrPool({ engine: 'paddle', size: 2 });
    tiny = await tinyTextImage();
    // Engine start (thread, models) is not what is measured below.
    await pool.readLines(tiny, { dpi: 300 });
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('keeps the event loop free while two real pages are read', async () => {
    const pages = await Promise.all(
      [textractorReceiptJpeg(), flipkartPng()].map(async (image) => (await normalizeImage(image))[0]!.png),
    );
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const [receipt, invoice] = await Promise.all(pages.map((png) => pool.readLines(png, { dpi: 150 })));
    delay.disable();
    expect(textOf(receipt!)).toContain('$1810.46');
    expect(invoice!.length).toBeGreaterThan(20);
    // With the models on this thread the longest delay was a whole model run: 1.1 s on an idle 2-core machine, ~1.9 s
    // at a load of 5. What is left is JavaScript between runs (a detector tensor, DB boxes, one batch's crops and
    // CTC decoding: 10-40 ms each when idle) and garbage collection, stretched by the CPU they share with the model
    // thread's two onnxruntime threads: measured 93-282 ms with this file and paddle.test.ts running side by side
    // at a load of 5-6 (1 onnxruntime thread: 133-210 ms). 500 ms leaves room for a busier machine and is still
    // less than half the longest stall measured before on an idle machine.
    expect(delay.max / 1e6).toBeLessThan(500);
  });

  it('fails a page past its time limit at once, frees its slot, and goes on reading other pages', async () => {
    const hurried = await createOcrPool({ engine: 'paddle', size: 1, pageTimeoutMs: 300 });
    try {
      const [page] = await normalizeImage(awsPng());
      const started = performance.now();
      const error = await rejection(hurried.readLines(page!.png, { dpi: 350 }));
      const elapsedMs = performance.now() - started;
      expect(error).toMatchObject({ code: 'timeout', detail: { timeoutMs: 300 } });
      expect(error.message).toBe('OCR of a page took longer than 0.3 s.');
      // At once: before, the timer could not fire until the detection run (1-2 s on this page) had returned.
      expect(elapsedMs).toBeLessThan(1_000);
      // The page has stopped, so its slot is free again at once.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(hurried.stats()).toMatchObject({ busy: 0, queued: 0 });
      const threadsBefore = pool.stats().workersStarted;
      // The next page (another pool of the process, same model thread) reads, on the same thread.
      expect(textOf(await pool.readLines(tiny, { dpi: 300 }))).toBe('42183017');
      expect(pool.stats().workersStarted).toBe(threadsBefore);
    } finally {
      await hurried.close();
    }
  });
});

describe('the model thread', { timeout: 120_000 }, () => {
  let files: { detection: string; recognition: string };
  /** A file that is no model: the recognizer's dictionary, beside the models. */
  let notAModel: string;
  beforeAll(async () => {
    const loaded = await loadPaddleModelFiles();
    files = { detection: loaded.detection, recognition: loaded.recognition };
    notAModel = join(dirname(loaded.detection), 'ppocr_keys_v1.txt');
  });

  /** A blank detector input of width x height (a 1024 x 1024 one keeps the thread busy for about a second). */
  const blankPage = (side: number): [Float32Array, number[]] => [new Float32Array(3 * side * side), [1, 3, side, side]];

  it('moves tensors both ways instead of copying them', async () => {
    const thread = new PaddleModelThread({ files, threads: 1 });
    try {
      const [input, dims] = blankPage(64);
      const output = await thread.run('detection', input, dims);
      expect(input.byteLength).toBe(0); // transferred to the thread
      expect(output.dims).toEqual([1, 1, 64, 64]);
      expect(output.data.length).toBe(64 * 64);
    } finally {
      await thread.close();
    }
  });

  it('a stopped page fails at once with its reason, its waiting runs are skipped, the other pages go on', async () => {
    const thread = new PaddleModelThread({ files, threads: 1 });
    try {
      await thread.start();
      const page = new AbortController();
      const other = thread.run('detection', ...blankPage(1024));
      const stopped = thread.run('detection', ...blankPage(1024), page.signal);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const reason = new PipelineError('parsing', 'timeout', 'OCR of a page took longer than 0.1 s.');
      const abortedAt = performance.now();
      page.abort(reason);
      await expect(stopped).rejects.toBe(reason);
      expect(performance.now() - abortedAt).toBeLessThan(50);
      // The run ahead of it (another page's) was not harmed, and the stopped one never ran.
      expect((await other).dims).toEqual([1, 1, 1024, 1024]);
      expect((await thread.run('detection', ...blankPage(64))).dims).toEqual([1, 1, 64, 64]);
      expect(thread.skipped).toBe(1);
      expect(thread.started).toBe(1);
    } finally {
      await thread.close();
    }
  });

  it('close waits for the run in progress instead of ending the thread inside onnxruntime', async () => {
    // Terminating a worker thread while onnxruntime-node runs in it aborts the whole process (measured): close()
    // must let the run return first. Were it otherwise, this test's process would die here.
    const thread = new PaddleModelThread({ files, threads: 1 });
    await thread.start();
    const running = rejection(thread.run('detection', ...blankPage(1024)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await thread.close();
    expect(await running).toMatchObject({ code: 'ocr_failed', detail: { reason: 'model_thread_stopped' } });
    await expect(thread.run('detection', ...blankPage(64))).rejects.toMatchObject({ code: 'ocr_failed' });
  });

  it('a thread whose models fail to load refuses the runs that waited for it and exits', async () => {
    const thread = new PaddleModelThread({ files: { ...files, recognition: notAModel }, threads: 1 });
    const error = await rejection(thread.run('detection', ...blankPage(64)));
    expect(error).toMatchObject({ code: 'ocr_failed', message: 'The OCR models could not be loaded.' });
    // The thread was asked to exit between runs and did: close() waits for that and must not hang.
    await thread.close();
    expect(thread.started).toBe(1);
  });

  it('a thread that runs out of memory fails only the runs on it; the next run starts a fresh one', async () => {
    const thread = new PaddleModelThread({ files, threads: 1, maxHeapMb: 64 });
    try {
      await thread.start();
      // "Dimensions" of two million small arrays: deserializing them in the thread needs far more than its 64 MB
      // heap, which ends the thread the way a real exhaustion would. (Not every exhaustion can be survived: V8 aborts
      // the whole process when it runs out while deserializing plain numbers, measured with 20 million doubles.)
      const huge = Array.from({ length: 2_000_000 }, () => [1, 2]) as unknown as number[];
      const error = await rejection(thread.run('detection', new Float32Array(4), huge));
      expect(error).toMatchObject({ code: 'ocr_failed', transient: true });
      expect(['model_thread_out_of_memory', 'model_thread_crashed']).toContain(error.detail.reason);
      const next = await thread.run('detection', ...blankPage(64));
      expect(next.dims).toEqual([1, 1, 64, 64]);
      expect(thread.started).toBe(2);
    } finally {
      await thread.close();
    }
  });
});
