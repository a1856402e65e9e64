// The paddle models' thread, seen from the main thread: one worker thread holds the onnxruntime sessions (models
// loaded once per process) and runs one model at a time; the main thread keeps decoding, tensor building and
// post-processing, so its event loop stays free and two pages overlap (one in a model run, the other in JS).
// The thread is started through the parsers' sandbox (spawn, TypeScript bootstrap, start watch) and then talks over
// a MessagePort of its own, which lets tensors move as transferred buffers both ways.
//
// Stopping a page (its time limit): its runs still waiting on the thread are skipped and it gets no further runs; a
// run already inside onnxruntime cannot be interrupted and ends normally (at most one model run, a second or two),
// its result dropped. The thread is never terminated from outside while it may be inside onnxruntime: measured, that
// aborts the whole process ("terminate called after throwing an instance of 'Napi::Error'"); it is asked to exit
// between runs instead. A thread that dies on its own (out of memory) fails the runs on it with a retryable error,
// and the next run starts a fresh one.
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { PipelineError } from '../../../errors.js';
import { releaseFreedMemory } from '../../sandbox/release-memory.js';
import { moduleBesideCaller, sandboxTask, taskRequest, watchContext } from '../../sandbox/run-in-sandbox.js';
import { spawnSandboxWorker } from '../../sandbox/spawn-worker.js';
import { watchTask } from '../../sandbox/watch-task.js';
import type { ModelRunReply, ModelThreadInput, ModelThreadMessage, PaddleModelName } from './model-protocol.js';
import type { runTask } from './model-task.js';

export interface ModelOutput {
  data: Float32Array;
  dims: number[];
}

/** Something that runs a paddle model on a tensor. */
export interface ModelRunner {
  /** Runs `model`; `data`'s buffer is transferred (unusable afterwards). Aborting `signal` stops the run. */
  run(model: PaddleModelName, data: Float32Array, dims: number[], signal?: AbortSignal): Promise<ModelOutput>;
}

export interface ModelThreadOptions {
  files: Record<PaddleModelName, string>;
  threads: number;
  /** onnx-graph.ts's rewrites when the models load (default true). */
  optimizeGraphs?: boolean;
  /** Starting the thread and loading both models (~0.5 s idle). */
  startTimeoutMs?: number;
  /** The thread's own V8 heap: its JavaScript is small (tensors live outside the heap). */
  maxHeapMb?: number;
}

const TASK = sandboxTask<typeof runTask>(moduleBesideCaller(import.meta.url, './model-task'), {
  // Loaded with require() before tsx's hooks when running from sources (see SandboxTask.preload).
  preload: ['onnxruntime-node'],
});

interface PendingRun {
  resolve: (output: ModelOutput) => void;
  reject: (error: unknown) => void;
}

interface LiveThread {
  /** Set once spawned (a fresh thread first waits for the previous one to be gone). */
  worker?: Worker;
  port: MessagePort;
  pending: Map<number, PendingRun>;
  /** Resolves once the models are loaded; rejects when the start failed. */
  ready: Promise<void>;
  exited: Promise<void>;
  ended: boolean;
}

export class PaddleModelThread implements ModelRunner {
  #thread: LiveThread | null = null;
  /** Threads asked to exit or dying, until they are gone: a fresh thread waits for them (cores, memory). */
  #retiring: Promise<void> = Promise.resolve();
  #nextId = 1;
  #started = 0;
  #skipped = 0;
  #closed = false;

  constructor(private readonly options: ModelThreadOptions) {}

  /** Threads started so far (a fresh one follows a thread that died). */
  get started(): number {
    return this.#started;
  }

  /** Runs skipped on the thread because their page had stopped before they started. */
  get skipped(): number {
    return this.#skipped;
  }

  /** Starts the thread and loads the models now rather than on the first run; rejects when that fails. */
  async start(): Promise<void> {
    await this.#live().ready;
  }

  async run(model: PaddleModelName, data: Float32Array, dims: number[], signal?: AbortSignal): Promise<ModelOutput> {
    signal?.throwIfAborted();
    const thread = this.#live();
    await thread.ready;
    signal?.throwIfAborted();
    // Died between its start and now: nothing of this run was on it, so use the next one.
    if (thread.ended) return this.run(model, data, dims, signal);
    const worker = thread.worker!;
    const id = this.#nextId++;
    return new Promise<ModelOutput>((resolve, reject) => {
      const settle = (): void => {
        signal?.removeEventListener('abort', onAbort);
        thread.pending.delete(id);
        // A pending run keeps the process alive; an idle thread does not.
        if (thread.pending.size === 0) worker.unref();
      };
      const onAbort = (): void => {
        settle();
        post(thread, { type: 'cancel', id });
        reject(signal!.reason);
      };
      thread.pending.set(id, {
        resolve: (output) => {
          settle();
          resolve(output);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.ref();
      post(thread, { type: 'run', id, model, data, dims }, [data.buffer as ArrayBuffer]);
    });
  }

  /** Refuses further runs, fails those waiting, and waits for the thread to exit after its current run. */
  async close(): Promise<void> {
    this.#closed = true;
    const thread = this.#thread;
    if (thread !== null) {
      await thread.ready.catch(() => undefined);
      this.#retire(thread, stoppedError('the OCR engine was shut down'));
    }
    await this.#retiring;
  }

  #live(): LiveThread {
    if (this.#closed) throw stoppedError('the OCR engine was shut down');
    this.#thread ??= this.#spawn();
    return this.#thread;
  }

  #spawn(): LiveThread {
    const { port1, port2 } = new MessageChannel();
    const thread: LiveThread = {
      port: port1,
      pending: new Map(),
      ready: Promise.resolve(),
      exited: Promise.resolve(),
      ended: false,
    };
    // The previous thread is gone before this one starts (it may still finish one run, see the top).
    thread.ready = this.#retiring.then(async () => {
      const worker = spawnSandboxWorker({
        maxMemoryMb: this.options.maxHeapMb ?? 256,
        preload: TASK.preload,
        preloadBaseUrl: TASK.moduleUrl,
      });
      thread.worker = worker;
      thread.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
      this.#started += 1;
      worker.on('error', (error: Error & { code?: string }) => this.#retire(thread, crashError(error)));
      worker.once('exit', (exitCode) => {
        this.#retire(thread, crashError(new Error(`the thread exited with code ${exitCode}`)));
      });
      port1.on('message', (reply: ModelRunReply) => this.#settle(thread, reply));
      port1.unref();
      const input: ModelThreadInput = {
        port: port2,
        files: this.options.files,
        threads: this.options.threads,
        optimizeGraphs: this.options.optimizeGraphs ?? true,
      };
      const context = watchContext({
        timeoutMs: this.options.startTimeoutMs ?? 30_000,
        description: 'Starting the OCR model thread',
        transferList: [port2],
      });
      const outcome = await watchTask(worker, taskRequest(1, TASK, input, context), context);
      if (!outcome.ok) {
        this.#retire(thread, outcome.error);
        throw asStartError(outcome.error);
      }
      worker.unref();
      // Loading left freed memory behind in the C allocator (protobuf parsing, graph building, the model bytes the
      // thread has just collected): hand it back now rather than after the first document.
      releaseFreedMemory();
    });
    // A failed start is not kept: the next run tries again (the error goes to the runs that waited for it).
    thread.ready.catch(() => {
      if (this.#thread === thread) this.#thread = null;
    });
    return thread;
  }

  #settle(thread: LiveThread, reply: ModelRunReply): void {
    if ('skipped' in reply) {
      this.#skipped += 1;
      return;
    }
    // Absent: a run whose page stopped while it ran; its result is dropped.
    const run = thread.pending.get(reply.id);
    if (run === undefined) return;
    if (reply.ok) run.resolve({ data: reply.data, dims: reply.dims });
    else run.reject(runError(reply.message));
  }

  /**
   * Takes `thread` out of service: runs on it fail with `error`, and it is asked to exit between runs (a thread
   * that died on its own is gone already). The next run starts a fresh thread once this one has exited.
   */
  #retire(thread: LiveThread, error: unknown): void {
    if (thread.ended) return;
    thread.ended = true;
    if (this.#thread === thread) this.#thread = null;
    for (const run of [...thread.pending.values()]) run.reject(error);
    if (thread.worker === undefined) return;
    // The port stays open: a reply still coming is dropped (no run is pending any more).
    thread.port.postMessage({ type: 'exit' } satisfies ModelThreadMessage);
    // Asked to exit, it may still be inside onnxruntime: referenced until it is gone, so the process waits for it.
    thread.worker.ref();
    this.#retiring = Promise.all([this.#retiring, thread.exited]).then(() => undefined);
  }
}

function post(thread: LiveThread, message: ModelThreadMessage, transfer: ArrayBuffer[] = []): void {
  if (!thread.ended) thread.port.postMessage(message, transfer);
}

function stoppedError(why: string): PipelineError {
  return new PipelineError(
    'parsing',
    'ocr_failed',
    `OCR of this page was stopped: ${why}.`,
    { reason: 'model_thread_stopped' },
    true,
  );
}

function crashError(error: Error & { code?: string }): PipelineError {
  const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
  return new PipelineError(
    'parsing',
    'ocr_failed',
    outOfMemory
      ? 'The OCR model thread ran out of memory; reading the page again may succeed.'
      : 'The OCR model thread crashed; reading the page again may succeed.',
    {
      reason: outOfMemory ? 'model_thread_out_of_memory' : 'model_thread_crashed',
      message: error.message.slice(0, 300),
    },
    true,
    { cause: error },
  );
}

function runError(message: string): PipelineError {
  return new PipelineError('parsing', 'ocr_failed', 'The OCR engine failed on this page.', {
    reason: message.slice(0, 300),
  });
}

function asStartError(error: unknown): unknown {
  if (error instanceof PipelineError && error.code === 'ocr_failed') return error;
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
  return new PipelineError('parsing', 'ocr_failed', 'The OCR models could not be loaded.', { reason }, true, {
    cause: error,
  });
}
