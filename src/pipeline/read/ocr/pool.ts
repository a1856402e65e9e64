// A bounded set of tesseract worker threads shared by every OCR job of the process. Each worker holds ~130 MB after
// start and ~300 MB once it has read a page (wasm memory only grows), and OCR is CPU-bound: the pool size follows
// the cores, workers start when first needed, are replaced after a timeout or crash, and are recycled after a
// number of pages so memory stays bounded. Pages wait in a FIFO queue when all workers are busy.
import type { Logger } from 'pino';
import { PipelineError } from '../../errors.js';
import type { Line } from '../../model.js';
import type { OcrPool, OcrPoolOptions, OcrPoolStats, ReadOptions } from './engine.js';
import { linesFromBlocks } from './page-lines.js';
import { defaultLanguages, prepareLanguageData, releaseLanguageData, type LanguageData } from './language-data.js';
import { TesseractWorker, type RecognizeOptions, type TesseractBlocks } from './tesseract-worker.js';

/** The tesseract pool also hands out tesseract's own block tree (tests and benchmarks look at it). */
export interface TesseractPool extends OcrPool {
  /** Runs tesseract on one greyscale PNG; rejects with PipelineError (timeout, ocr_failed, resource_limit). */
  recognize(png: Uint8Array, options: PageOptions): Promise<TesseractBlocks>;
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

/** Previews skip tesseract's second pass on inverted (light-on-dark) text: it only slows down reading garbage. */
const PREVIEW_PARAMETERS = { tessedit_do_invert: '0' };

/** Checks the language models (throws LanguageDataError when one is missing); no thread starts until a page comes. */
export async function createTesseractPool(options: OcrPoolOptions = {}): Promise<TesseractPool> {
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

class WorkerPool implements TesseractPool {
  readonly engine = 'tesseract' as const;
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

  async readLines(png: Uint8Array, options: ReadOptions): Promise<Line[]> {
    const parameters = options.preview === true ? PREVIEW_PARAMETERS : undefined;
    return linesFromBlocks(
      await this.recognize(png, parameters === undefined ? { dpi: options.dpi } : { dpi: options.dpi, parameters }),
    );
  }

  recognize(png: Uint8Array, options: PageOptions): Promise<TesseractBlocks> {
    if (this.#closed) return Promise.reject(closedError());
    if (this.#queue.length >= this.settings.maxQueuedPages) {
      const detail = { queued: this.#queue.length };
      return Promise.reject(
        new PipelineError('parsing', 'resource_limit', 'Too many pages wait for OCR.', detail, true),
      );
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
