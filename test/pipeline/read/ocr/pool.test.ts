// The OCR worker pool: lazy start, FIFO queueing, per-page timeout with replacement, a thread dying mid-page,
// recycling, queue bound, shutdown, and refusing to start without local language data. Real tesseract workers on tiny images (English
// only, which starts fastest).
import type { Worker } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from './support/errors.js';
import { createTesseractPool, LanguageDataError, type TesseractPool } from '../../../../src/pipeline/read/ocr/index.js';
import { awsPng, tinyTextImage } from './support/images.js';

let tiny: Buffer;
const pools: TesseractPool[] = [];

async function pool(options: Parameters<typeof createTesseractPool>[0] = {}): Promise<TesseractPool> {
  const created = await createTesseractPool({ size: 1, languages: ['eng'], ...options });
  pools.push(created);
  return created;
}

const read = (target: TesseractPool, png: Buffer) => target.recognize(png, { dpi: 300 });
const wordsOf = (blocks: Awaited<ReturnType<typeof read>>) =>
  blocks.flatMap((block) =>
    block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words.map((word) => word.text))),
  );

beforeAll(async () => {
  tiny = await tinyTextImage();
});

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
});

describe('createTesseractPool', () => {
  it('starts no worker until a page comes, then queues pages first in, first out', async () => {
    const ocr = await pool();
    expect(ocr.stats()).toMatchObject({ size: 1, running: 0, workersStarted: 0 });
    const finished: number[] = [];
    const pages = [1, 2, 3].map((n) =>
      read(ocr, tiny).then((blocks) => {
        finished.push(n);
        return blocks;
      }),
    );
    expect(ocr.stats()).toMatchObject({ busy: 1, queued: 2 });
    const results = await Promise.all(pages);
    expect(finished).toEqual([1, 2, 3]);
    for (const blocks of results) expect(wordsOf(blocks)).toContain('42183017');
    expect(ocr.stats()).toMatchObject({ running: 1, busy: 0, queued: 0, pagesDone: 3, workersStarted: 1 });
  });

  it('times out a page, ends its worker and serves the next page from a new one', async () => {
    const ocr = await pool({ pageTimeoutMs: 1000 });
    await read(ocr, tiny); // the worker start is not part of the page time
    const startedAt = performance.now();
    const error = await rejection(read(ocr, awsPng())); // a full page needs more than a second of CPU
    expect(error).toMatchObject({ stage: 'parsing', code: 'timeout', transient: false });
    expect(performance.now() - startedAt).toBeLessThan(5000);
    expect(ocr.stats()).toMatchObject({ running: 0, workersStarted: 1 });
    expect(wordsOf(await read(ocr, tiny))).toContain('42183017');
    expect(ocr.stats()).toMatchObject({ running: 1, workersStarted: 2 });
  });

  it('fails the page as ocr_failed (transient) when its worker thread dies, and starts a new one', async () => {
    const ocr = await pool();
    const threads: Worker[] = [];
    const onThread = (thread: Worker) => threads.push(thread);
    process.on('worker', onThread);
    try {
      await read(ocr, tiny);
    } finally {
      process.off('worker', onThread);
    }
    expect(threads).toHaveLength(1);
    const page = read(ocr, awsPng());
    page.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await threads[0]!.terminate(); // as if the thread had crashed mid-page
    expect(await rejection(page)).toMatchObject({ code: 'ocr_failed', transient: true });
    expect(wordsOf(await read(ocr, tiny))).toContain('42183017');
    expect(ocr.stats()).toMatchObject({ workersStarted: 2 });
  });

  it('recycles a worker after its page budget', async () => {
    const ocr = await pool({ pagesPerWorker: 2 });
    for (let page = 0; page < 3; page += 1) await read(ocr, tiny);
    expect(ocr.stats()).toMatchObject({ pagesDone: 3, workersStarted: 2 });
  });

  it('refuses pages beyond the queue bound', async () => {
    const ocr = await pool({ maxQueuedPages: 1 });
    const running = read(ocr, tiny);
    const queued = read(ocr, tiny);
    const refused = await rejection(read(ocr, tiny));
    expect(refused).toMatchObject({ code: 'resource_limit', transient: true });
    await Promise.all([running, queued]);
  });

  it('on close lets the running page finish, refuses queued and later pages, and ends its threads', async () => {
    const ocr = await pool();
    const running = read(ocr, tiny);
    const queued = read(ocr, tiny);
    queued.catch(() => undefined);
    await ocr.close();
    expect(wordsOf(await running)).toContain('42183017');
    expect(await rejection(queued)).toMatchObject({ code: 'ocr_failed', transient: true });
    expect(await rejection(read(ocr, tiny))).toMatchObject({ code: 'ocr_failed' });
    expect(ocr.stats()).toMatchObject({ running: 0, busy: 0, queued: 0 });
  });

  it('refuses to start for a language whose model is not installed, before any thread exists', async () => {
    const threads: unknown[] = [];
    const onThread = (thread: unknown) => threads.push(thread);
    process.on('worker', onThread);
    try {
      const error = await createTesseractPool({ languages: ['eng', 'xyz'] }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(LanguageDataError);
      expect((error as Error).message).toContain('xyz');
      await new Promise((resolve) => setImmediate(resolve));
      expect(threads).toHaveLength(0);
    } finally {
      process.off('worker', onThread);
    }
  });
});
