// One tesseract.js worker thread, made safe to run inside a long-lived service. This is the only module that imports
// tesseract.js (a test enforces it). What tesseract.js does on its own, and what is done here about it:
// - Without a langPath it downloads models from a CDN: workers start only from a verified local LanguageData.
// - Without an errorHandler a failed job throws inside its message listener and kills the process: one is always
//   given, and a failure while loading never settles createWorker's promise: the start has its own time limit.
// - An uncaught error in the thread is an 'error' event on a Node Worker nobody listens to, which also kills the
//   process: listeners are attached to the thread as soon as it exists (process 'worker' event).
// - recognize() cannot be cancelled and never settles if the thread dies: every page has a time limit, after which
//   the thread is terminated (the pool replaces it).
import type { Worker as ThreadWorker } from 'node:worker_threads';
import Tesseract from 'tesseract.js';
import { PipelineError } from '../../errors.js';
import { assertLanguageDataPresent, type LanguageData } from './language-data.js';

export interface RecognizeOptions {
  timeoutMs: number;
  /** Resolution hint for tesseract's layout analysis (it assumes 70 dpi when the image carries none). */
  dpi: number;
  /** Tesseract parameters for this page only (restored afterwards), e.g. { tessedit_do_invert: '0' }. */
  parameters?: Record<string, string>;
}

export type TesseractBlocks = Tesseract.Block[];

export class TesseractWorker {
  #pagesDone = 0;
  #dead = false;
  #current: ((error: PipelineError) => void) | null = null;
  readonly #exited: Promise<void>;

  private constructor(
    private readonly tesseract: Tesseract.Worker,
    thread: ThreadWorker,
    readonly startMs: number,
  ) {
    this.#exited = new Promise((resolve) => thread.once('exit', () => resolve()));
    thread.on('error', (error) => this.#fail('The OCR worker thread crashed.', error));
    thread.once('exit', (code) => this.#fail(`The OCR worker thread exited (code ${code}).`));
  }

  /** Starts a thread with the models of `languages` loaded (about 0.3-0.5 s and 130 MB for eng+deu+fra). */
  static async start(data: LanguageData, startTimeoutMs: number): Promise<TesseractWorker> {
    await assertLanguageDataPresent(data);
    const startedAt = performance.now();
    const threads: ThreadWorker[] = [];
    let startError: ((reason: unknown) => void) | null = null;
    const onThreadError = (error: unknown) => startError?.(error);
    const onThread = (thread: ThreadWorker) => {
      threads.push(thread);
      thread.on('error', onThreadError);
    };
    const failed = new Promise<never>((_, reject) => {
      startError = reject;
    });
    // createWorker spawns its thread synchronously and Node announces it with a 'worker' event on the next tick:
    // listening from just before the call until a tick after it catches the thread (and any thread another module
    // spawned in this same tick: those are released below).
    process.on('worker', onThread);
    const starting = Tesseract.createWorker([...data.languages], Tesseract.OEM.LSTM_ONLY, {
      langPath: data.langPath,
      gzip: true,
      cacheMethod: 'none',
      legacyCore: false,
      legacyLang: false,
      errorHandler: (error: unknown) => startError?.(error),
    });
    process.nextTick(() => process.off('worker', onThread));
    // A start that loses the race below must not surface later as an unhandled rejection or a stray thread.
    let abandoned = false;
    starting.then(
      (late) => {
        if (abandoned) void late.terminate();
      },
      () => undefined,
    );
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${startTimeoutMs} ms`)), startTimeoutMs);
    });
    let tesseract: Tesseract.Worker;
    try {
      tesseract = await Promise.race([starting, failed, timedOut]);
    } catch (error) {
      abandoned = true;
      for (const thread of threads) void thread.terminate();
      const detail = { reason: describe(error) };
      throw new PipelineError('parsing', 'ocr_failed', 'The OCR engine did not start.', detail, true, { cause: error });
    } finally {
      clearTimeout(timer);
      startError = null;
      for (const thread of threads) thread.off('error', onThreadError);
    }
    // tesseract.js keeps its Node Worker on the (untyped) `worker` property.
    const thread = (tesseract as unknown as { worker: ThreadWorker }).worker;
    if (!threads.includes(thread)) {
      // Only if a future tesseract.js spawned its thread later: without listeners its crash would end the process.
      void tesseract.terminate();
      throw new PipelineError('parsing', 'ocr_failed', 'The OCR worker thread could not be supervised.', {}, false);
    }
    return new TesseractWorker(tesseract, thread, Math.round(performance.now() - startedAt));
  }

  get pagesDone(): number {
    return this.#pagesDone;
  }

  /** False after a crash, a timeout or terminate(): the pool then starts a new worker. */
  get usable(): boolean {
    return !this.#dead;
  }

  /** Recognizes one PNG and returns tesseract's block tree (words with boxes and 0..100 confidences). */
  async recognize(png: Uint8Array, options: RecognizeOptions): Promise<TesseractBlocks> {
    if (this.#dead) throw new PipelineError('parsing', 'ocr_failed', 'The OCR worker is no longer running.', {}, true);
    if (this.#current !== null) throw new Error('TesseractWorker.recognize called while busy');
    let timer: NodeJS.Timeout | undefined;
    const interrupted = new Promise<never>((_, reject) => {
      this.#current = reject;
      timer = setTimeout(() => {
        reject(
          new PipelineError('parsing', 'timeout', `OCR of a page took longer than ${options.timeoutMs / 1000} s.`, {
            timeoutMs: options.timeoutMs,
          }),
        );
        // The wasm engine cannot be interrupted: only ending the thread stops it.
        void this.terminate();
      }, options.timeoutMs);
    });
    try {
      const result = await Promise.race([
        this.tesseract.recognize(
          Buffer.from(png.buffer, png.byteOffset, png.byteLength),
          {
            // Tesseract's diagnostics ("Image too small to scale!!") would go to stdout, into the JSON log stream.
            debug_file: '/dev/null',
            ...options.parameters,
            user_defined_dpi: String(options.dpi),
          } as Partial<Tesseract.RecognizeOptions>,
          { text: false, blocks: true },
        ),
        interrupted,
      ]);
      this.#pagesDone += 1;
      return result.data.blocks ?? [];
    } catch (error) {
      if (error instanceof PipelineError) throw error;
      // A failed recognition may leave the engine in a bad state: replace it.
      void this.terminate();
      const detail = { reason: describe(error) };
      throw new PipelineError('parsing', 'ocr_failed', 'The OCR engine failed on this page.', detail, false, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      this.#current = null;
    }
  }

  /** Ends the thread; resolves once it has exited. */
  async terminate(): Promise<void> {
    this.#dead = true;
    await this.tesseract.terminate();
    await this.#exited;
  }

  #fail(message: string, cause?: unknown): void {
    const wasDead = this.#dead;
    this.#dead = true;
    // An exit after terminate() is expected; anything else fails the page in progress (it may succeed on retry).
    if (!wasDead || cause !== undefined) {
      const detail = cause === undefined ? {} : { reason: describe(cause) };
      this.#current?.(new PipelineError('parsing', 'ocr_failed', message, detail, true, { cause }));
    }
  }
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 300);
}
