// A bounded set of tesseract worker threads shared by every OCR job of the process. Each worker holds ~130 MB after
// start and ~300 MB once it has read a page (wasm memory only grows), and OCR is CPU-bound: the pool size follows
// the cores, workers start when first needed, are replaced after a timeout or crash, and are recycled after a
// number of pages so memory stays bounded. Pages wait in a FIFO queue when all workers are busy.
import type { Logger } from 'pino';
import { PipelineError } from '../../errors.js';
import { defaultLanguages, prepareLanguageData, releaseLanguageData, type LanguageData } from './language-data.js';
import { TesseractWorker, type RecognizeOptions, type TesseractBlocks } from './tesseract-worker.js';

export interface OcrPoolOptions {
  /** Worker threads; default 2 (one per core on the 2-core machines docex runs on). */
  size?: number;
  /** Tesseract language codes; default eng, deu, fra (+ spa, ita, nld when their model packages are installed). */
  languages?: readonly string[];
  logger?: Logger;
  /** Time limit for one page once a worker runs it (queueing time excluded); default 120 s. */
  pageTimeoutMs?: number;
  /** A worker is replaced after this many pages; default 50. */
  pagesPerWorker?: number;
  /** Time limit for a worker to start; default 30 s. */
  startTimeoutMs?: number;
  /** Pages allowed to wait; more are refused with resource_limit; default 500. */
  maxQueuedPages?: number;
}

export interface OcrPoolStats {
  size: number;
  running: number;
  busy: number;
  queued: number;
  pagesDone: number;
  workersStarted: number;
}

export interface OcrPool {
  readonly languages: readonly string[];
  /** Runs tesseract on one greyscale PNG; rejects with PipelineError (timeout, ocr_failed, resource_limit). */
  recognize(png: Uint8Array, options: PageOptions): Promise<TesseractBlocks>;
  stats(): OcrPoolStats;
  /** Refuses queued pages, lets running pages finish, ends every worker thread. */
  close(): Promise<void>;
}

/** Per-page settings: the dpi hint and tesseract parameters for this page only. */
export type PageOptions = Omit<RecognizeOptions, 'timeoutMs'>;

interface QueuedPage {
  png: Uint8Array;
  options: PageOptions;
  resolve: (blocks: TesseractBlocks) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: TesseractWorker | null;
  busy: boolean;
}

/** Checks the language models (throws LanguageDataError when one is missing); no thread starts until a page comes. */
export async function createOcrPool(options: OcrPoolOptions = {}): Promise<OcrPool> {
  const languageData = await prepareLanguageData(options.languages ?? defaultLanguages());
  return new WorkerPool(languageData, {
    size: Math.max(1, Math.floor(options.size ?? 2)),
    pageTimeoutMs: options.pageTimeoutMs ?? 120_000,
    pagesPerWorker: Math.max(1, options.pagesPerWorker ?? 50),
    startTimeoutMs: options.startTimeoutMs ?? 30_000,
    maxQueuedPages: options.maxQueuedPages ?? 500,
    logger: options.logger,
  });
}

interface PoolSettings {
  size: number;
  pageTimeoutMs: number;
  pagesPerWorker: number;
  startTimeoutMs: number;
  maxQueuedPages: number;
  logger: Logger | undefined;
}

class WorkerPool implements OcrPool {
  readonly #slots: Slot[];
  readonly #queue: QueuedPage[] = [];
  readonly #running = new Set<Promise<void>>();
  readonly #stopping = new Set<Promise<void>>();
  #closed = false;
  #pagesDone = 0;
  #workersStarted = 0;

  constructor(
    private readonly languageData: LanguageData,
    private readonly settings: PoolSettings,
  ) {
    this.#slots = Array.from({ length: settings.size }, () => ({ worker: null, busy: false }));
  }

  get languages(): readonly string[] {
    return this.languageData.languages;
  }

  recognize(png: Uint8Array, options: PageOptions): Promise<TesseractBlocks> {
    if (this.#closed) return Promise.reject(closedError());
    if (this.#queue.length >= this.settings.maxQueuedPages) {
      const detail = { queued: this.#queue.length };
      return Promise.reject(new PipelineError('parsing', 'resource_limit', 'Too many pages wait for OCR.', detail, true));
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ png, options, resolve, reject });
      this.#dispatch();
    });
  }

  stats(): OcrPoolStats {
    return {
      size: this.#slots.length,
      running: this.#slots.filter((slot) => slot.worker?.usable).length,
      busy: this.#slots.filter((slot) => slot.busy).length,
      queued: this.#queue.length,
      pagesDone: this.#pagesDone,
      workersStarted: this.#workersStarted,
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const page of this.#queue.splice(0)) page.reject(closedError());
    await Promise.allSettled([...this.#running]);
    for (const slot of this.#slots) this.#retire(slot, 'pool closed');
    await Promise.allSettled([...this.#stopping]);
    await releaseLanguageData(this.languageData);
  }

  #dispatch(): void {
    while (this.#queue.length > 0 && !this.#closed) {
      const slot = this.#slots.find((candidate) => !candidate.busy);
      if (slot === undefined) return;
      const page = this.#queue.shift()!;
      slot.busy = true;
      const run = this.#run(slot, page).finally(() => {
        this.#running.delete(run);
        slot.busy = false;
        this.#dispatch();
      });
      this.#running.add(run);
    }
  }

  async #run(slot: Slot, page: QueuedPage): Promise<void> {
    try {
      const worker = await this.#workerFor(slot);
      const blocks = await worker.recognize(page.png, { ...page.options, timeoutMs: this.settings.pageTimeoutMs });
      this.#pagesDone += 1;
      page.resolve(blocks);
    } catch (error) {
      if (error instanceof PipelineError && error.code === 'timeout') {
        this.settings.logger?.warn({ timeoutMs: this.settings.pageTimeoutMs }, 'OCR page timed out; worker replaced');
      } else {
        this.settings.logger?.warn({ err: error }, 'OCR page failed');
      }
      page.reject(error);
    } finally {
      const worker = slot.worker;
      if (worker !== null && !worker.usable) this.#retire(slot, 'worker stopped');
      else if (worker !== null && worker.pagesDone >= this.settings.pagesPerWorker) this.#retire(slot, 'recycled');
    }
  }

  async #workerFor(slot: Slot): Promise<TesseractWorker> {
    if (slot.worker?.usable) return slot.worker;
    this.#retire(slot, 'worker stopped while idle');
    slot.worker = await TesseractWorker.start(this.languageData, this.settings.startTimeoutMs);
    this.#workersStarted += 1;
    this.settings.logger?.debug({ startMs: slot.worker.startMs, languages: this.languages }, 'OCR worker started');
    return slot.worker;
  }

  /** Ends the slot's worker in the background; close() waits for every such stop. */
  #retire(slot: Slot, reason: string): void {
    const worker = slot.worker;
    if (worker === null) return;
    slot.worker = null;
    this.settings.logger?.debug({ reason, pages: worker.pagesDone }, 'OCR worker stopped');
    const stop = worker.terminate().finally(() => this.#stopping.delete(stop));
    this.#stopping.add(stop);
  }
}

function closedError(): PipelineError {
  return new PipelineError('parsing', 'ocr_failed', 'The OCR pool is shut down.', {}, true);
}
