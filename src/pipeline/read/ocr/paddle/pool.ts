// The PaddleOCR engine behind the OcrPool interface. The models are loaded once per process, in one model thread
// shared by every pool (model-thread.ts); the pool bounds how many pages are read at once and how many wait. With
// two pages at once, one page's model run overlaps the other page's decoding and post-processing on this thread.
// A page past its time limit fails at once (the event loop is free, so its timer fires on time) and is stopped: its
// runs waiting on the model thread are skipped and it gets no further ones; a run of it already inside onnxruntime
// cannot be interrupted and ends on its own, its result dropped. Its slot is freed at once, and at most that one
// run of a timed-out page is ever left over, so timed-out work never piles up.
import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import { PipelineError } from '../../../errors.js';
import type { Line } from '../../../model.js';
import type { OcrPool, OcrPoolOptions, OcrPoolStats, ReadOptions } from '../engine.js';
import { PADDLE_DEFAULTS, PaddleOcr, type PaddleSettings } from './engine.js';
import { loadPaddleModelFiles } from './models.js';

let shared: { engine: Promise<PaddleOcr>; users: number } | null = null;

/** The process's one PaddleOcr, loaded on first use: a second pool never loads the models again. */
function acquireEngine(settings: Partial<PaddleSettings>): Promise<PaddleOcr> {
  if (shared === null) {
    const engine = PaddleOcr.load(settings);
    shared = { engine, users: 0 };
    // A failed load is not cached: the next page tries again (the error goes to the page that asked).
    engine.catch(() => {
      if (shared?.engine === engine) shared = null;
    });
  }
  shared.users += 1;
  return shared.engine;
}

async function releaseEngine(): Promise<void> {
  if (shared === null) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  const { engine } = shared;
  shared = null;
  await engine.then((loaded) => loaded.release()).catch(() => undefined);
}

/** Checks the packaged model files (throws PaddleModelError); the models load when the first page comes. */
export async function createPaddlePool(options: OcrPoolOptions = {}): Promise<OcrPool> {
  await loadPaddleModelFiles();
  const size = Math.max(1, Math.floor(options.size ?? 2));
  // Not cores / pool size any more: the model thread runs one model at a time whatever the pool size (see
  // PADDLE_DEFAULTS.threads for the measurement; more than 2 threads per run was never measured). Never more than
  // the cores: extra threads would only contend for them.
  const threads = Math.min(options.paddle?.threads ?? PADDLE_DEFAULTS.threads, availableParallelism());
  return new PaddlePool({
    size,
    pageTimeoutMs: options.pageTimeoutMs ?? 120_000,
    maxQueuedPages: options.maxQueuedPages ?? 500,
    logger: options.logger,
    paddle: { ...options.paddle, threads },
  });
}

/** One piece of model work (a page reading, an orientation check) waiting for a slot. */
interface QueuedPage {
  /** Stops at the next model run once `signal` is aborted (see model-thread.ts). */
  work: (model: PaddleOcr, signal: AbortSignal) => Promise<unknown>;
  /** Counted in pagesDone (an orientation check is not a page). */
  page: boolean;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

interface Settings {
  size: number;
  pageTimeoutMs: number;
  maxQueuedPages: number;
  logger: Logger | undefined;
  paddle: Partial<PaddleSettings>;
}

class PaddlePool implements OcrPool {
  readonly engine = 'paddle' as const;
  /** The recognizer's dictionary covers these languages' letters except ß ö Ä Ö ç ê ñ (see docs/ocr.md). */
  readonly languages = ['eng', 'deu', 'fra'] as const;
  readonly #queue: QueuedPage[] = [];
  readonly #running = new Set<Promise<void>>();
  #model: Promise<PaddleOcr> | null = null;
  /** The engine once loaded (for stats). */
  #loaded: PaddleOcr | null = null;
  #busy = 0;
  #closed = false;
  #pagesDone = 0;

  constructor(private readonly settings: Settings) {}

  readLines(png: Uint8Array, _options: ReadOptions): Promise<Line[]> {
    return this.#enqueue((model, signal) => model.readLines(png, signal), true);
  }

  suggestTurn(png: Uint8Array): Promise<0 | 90 | 270> {
    return this.#enqueue((model, signal) => model.suggestTurn(png, signal), false);
  }

  #enqueue<T>(work: (model: PaddleOcr, signal: AbortSignal) => Promise<T>, page: boolean): Promise<T> {
    if (this.#closed) return Promise.reject(closedError());
    if (this.#queue.length >= this.settings.maxQueuedPages) {
      const detail = { queued: this.#queue.length };
      return Promise.reject(
        new PipelineError('parsing', 'resource_limit', 'Too many pages wait for OCR.', detail, true),
      );
    }
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, page, resolve: resolve as (result: unknown) => void, reject });
      this.#dispatch();
    });
  }

  stats(): OcrPoolStats {
    return {
      size: this.settings.size,
      running: this.#loaded === null ? 0 : 1,
      busy: this.#busy,
      queued: this.#queue.length,
      pagesDone: this.#pagesDone,
      // The model thread is the process's: a fresh one after a timeout or crash counts here in every pool using it.
      workersStarted: this.#loaded?.threadsStarted ?? 0,
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const page of this.#queue.splice(0)) page.reject(closedError());
    await Promise.allSettled([...this.#running]);
    if (this.#model !== null) await releaseEngine();
  }

  #dispatch(): void {
    while (this.#queue.length > 0 && this.#busy < this.settings.size && !this.#closed) {
      const page = this.#queue.shift()!;
      this.#busy += 1;
      const run = this.#run(page).finally(() => {
        this.#running.delete(run);
        this.#busy -= 1;
        this.#dispatch();
      });
      this.#running.add(run);
    }
  }

  async #run(page: QueuedPage): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const stop = new AbortController();
    const reading = (async () => {
      this.#model ??= acquireEngine(this.settings.paddle);
      this.#loaded = await this.#model;
      return page.work(this.#loaded, stop.signal);
    })();
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const timeoutMs = this.settings.pageTimeoutMs;
        const error = new PipelineError('parsing', 'timeout', `OCR of a page took longer than ${timeoutMs / 1000} s.`, {
          timeoutMs,
        });
        reject(error);
        stop.abort(error);
      }, this.settings.pageTimeoutMs);
    });
    try {
      page.resolve(await Promise.race([reading, timedOut]));
      if (page.page) this.#pagesDone += 1;
    } catch (error) {
      page.reject(asPipelineError(error));
      this.settings.logger?.warn({ err: error }, 'OCR page failed');
    } finally {
      clearTimeout(timer);
    }
    // The slot stays taken until the page has stopped: at once when it waits for a model run (the run is dropped),
    // or when its JavaScript between two runs reaches the next run (milliseconds).
    await reading.catch(() => undefined);
  }
}

function asPipelineError(error: unknown): PipelineError {
  if (error instanceof PipelineError) return error;
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
  if (/unsupported image format|Input buffer/i.test(reason)) {
    return new PipelineError('parsing', 'image_corrupt', 'The page image cannot be decoded.', { reason }, false, {
      cause: error,
    });
  }
  return new PipelineError('parsing', 'ocr_failed', 'The OCR engine failed on this page.', { reason }, false, {
    cause: error,
  });
}

function closedError(): PipelineError {
  return new PipelineError('parsing', 'ocr_failed', 'The OCR pool is shut down.', {}, true);
}
