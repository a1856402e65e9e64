// A pool of warm sandbox workers. Starting a worker and loading a parser costs more than parsing a typical invoice
// (pdfjs: ~250 ms of CPU to start, ~40 ms to read a page), so a long-running process keeps a few workers and reuses
// them. The limits stay per task (time, resident memory) or per worker (heap); a worker that failed its task in a
// way that may have left it damaged (timeout, heap, crash, abort, memory) is terminated, never reused, and every
// worker is replaced after maxTasksPerWorker tasks. A worker that still holds much memory after its task (a hostile
// document grew its heap, or a WebAssembly decoder's memory, which never shrinks) is replaced too: terminating the
// thread is what hands that memory back to the system.
import type { Worker } from 'node:worker_threads';
import { PipelineError } from '../../errors.js';
import {
  DEFAULT_SANDBOX_LIMITS,
  runInSandbox,
  taskRequest,
  watchContext,
  type SandboxLimits,
  type SandboxOptions,
  type SandboxRunner,
  type SandboxTask,
} from './run-in-sandbox.js';
import { spawnSandboxWorker } from './spawn-worker.js';
import { watchTask } from './watch-task.js';

export interface SandboxPoolOptions extends Partial<SandboxLimits> {
  /** Workers at most, busy or idle; more tasks wait their turn. */
  maxWorkers: number;
  /** Tasks waiting for a worker at most; beyond that run() rejects at once. Default 1000. */
  maxWaiting?: number;
  /** A worker is replaced after this many tasks. Default 100. */
  maxTasksPerWorker?: number;
  /** An idle worker is ended after this long. Default 60 s. */
  idleTimeoutMs?: number;
  /**
   * A worker whose own heap plus external memory (ArrayBuffers, WebAssembly memories) exceeds this after a task is
   * replaced rather than kept warm. Default 256 MB; a warm pdfjs worker holds about 40-80 MB.
   */
  maxRetainedMb?: number;
  /** Loaded by every worker when it starts (see SandboxTask.preload), resolved from preloadBaseUrl. */
  preload?: readonly string[];
  preloadBaseUrl?: URL;
}

interface PooledWorker {
  worker: Worker;
  tasksRun: number;
  idleTimer?: NodeJS.Timeout;
}

/** Called with an idle worker to reuse, or with null when the caller may start a new one. */
type Waiter = (worker: PooledWorker | null) => void;

export class SandboxPool implements SandboxRunner {
  readonly #options: Required<Omit<SandboxPoolOptions, keyof SandboxLimits>>;
  readonly #limits: SandboxLimits;
  readonly #idle: PooledWorker[] = [];
  readonly #busy = new Set<PooledWorker>();
  readonly #waiting: Waiter[] = [];
  /** Slots handed to waiters that are about to start a worker. */
  #reserved = 0;
  #nextRequestId = 1;
  #closed = false;

  constructor(options: SandboxPoolOptions) {
    if (!(Number.isInteger(options.maxWorkers) && options.maxWorkers >= 1))
      throw new RangeError('maxWorkers must be a positive integer');
    this.#limits = {
      timeoutMs: options.timeoutMs ?? DEFAULT_SANDBOX_LIMITS.timeoutMs,
      maxMemoryMb: options.maxMemoryMb ?? DEFAULT_SANDBOX_LIMITS.maxMemoryMb,
      maxRssGrowthMb: options.maxRssGrowthMb ?? DEFAULT_SANDBOX_LIMITS.maxRssGrowthMb,
      maxStreamMb: options.maxStreamMb ?? DEFAULT_SANDBOX_LIMITS.maxStreamMb,
    };
    this.#options = {
      maxWorkers: options.maxWorkers,
      maxWaiting: options.maxWaiting ?? 1000,
      maxTasksPerWorker: options.maxTasksPerWorker ?? 100,
      idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
      maxRetainedMb: options.maxRetainedMb ?? 256,
      preload: options.preload ?? [],
      preloadBaseUrl: options.preloadBaseUrl ?? new URL(import.meta.url),
    };
  }

  /** Workers alive now (busy, idle or about to start). */
  get size(): number {
    return this.#idle.length + this.#busy.size + this.#reserved;
  }

  async run<TIn, TOut>(task: SandboxTask<TIn, TOut>, input: TIn, options: SandboxOptions = {}): Promise<TOut> {
    if (this.#closed) throw new Error('the sandbox pool is closed');
    // The heap limit is fixed when a worker starts: a task asking for another one gets a worker of its own.
    if (options.maxMemoryMb !== undefined && options.maxMemoryMb !== this.#limits.maxMemoryMb)
      return runInSandbox(task, input, options);
    options.signal?.throwIfAborted();
    const pooled = await this.#acquire(options.signal);
    const context = watchContext({ ...options, maxMemoryMb: this.#limits.maxMemoryMb }, this.#limits);
    const request = taskRequest(this.#nextRequestId++, task, input, context);
    const outcome = await watchTask(pooled.worker, request, context);
    pooled.tasksRun += 1;
    const retainedMb = outcome.memory ? (outcome.memory.heapTotalBytes + outcome.memory.externalBytes) / 2 ** 20 : 0;
    // A task stopped by a budget leaves its garbage (up to the budget) in a worker that may idle for a minute
    // without collecting it: ending the worker frees it now.
    const overBudget = !outcome.ok && outcome.error instanceof PipelineError && outcome.error.code === 'resource_limit';
    this.#release(
      pooled,
      (outcome.ok || outcome.workerUsable) && !overBudget && retainedMb <= this.#options.maxRetainedMb,
    );
    if (!outcome.ok) throw outcome.error;
    return outcome.value as TOut;
  }

  /** Ends every worker (running tasks fail with internal_error) and refuses new tasks. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const waiter of this.#waiting.splice(0)) waiter(null);
    const workers = [...this.#idle.splice(0), ...this.#busy];
    await Promise.all(workers.map((pooled) => this.#terminate(pooled)));
  }

  async #acquire(signal: AbortSignal | undefined): Promise<PooledWorker> {
    const idle = this.#idle.pop();
    if (idle) return this.#markBusy(idle);
    if (this.size < this.#options.maxWorkers) return this.#markBusy(this.#start());
    if (this.#waiting.length >= this.#options.maxWaiting) {
      throw new PipelineError(
        'parsing',
        'resource_limit',
        'Too many documents are waiting for a sandbox worker',
        {
          limit: 'sandbox_queue',
          maxWaiting: this.#options.maxWaiting,
        },
        true,
      );
    }
    const handedOver = await new Promise<PooledWorker | null>((resolve, reject) => {
      const waiter: Waiter = (worker) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(worker);
      };
      const onAbort = (): void => {
        const index = this.#waiting.indexOf(waiter);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(signal?.reason ?? new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(waiter);
    });
    if (this.#closed) throw new Error('the sandbox pool is closed');
    if (handedOver) return this.#markBusy(handedOver);
    this.#reserved -= 1;
    return this.#markBusy(this.#start());
  }

  #start(): PooledWorker {
    const worker = spawnSandboxWorker({
      maxMemoryMb: this.#limits.maxMemoryMb,
      preload: this.#options.preload,
      preloadBaseUrl: this.#options.preloadBaseUrl,
    });
    const pooled: PooledWorker = { worker, tasksRun: 0 };
    // A worker that dies while idle (or is terminated) leaves the pool; a busy one is handled by its task's watch.
    worker.once('exit', () => {
      const index = this.#idle.indexOf(pooled);
      if (index >= 0) this.#idle.splice(index, 1);
      clearTimeout(pooled.idleTimer);
    });
    return pooled;
  }

  #markBusy(pooled: PooledWorker): PooledWorker {
    clearTimeout(pooled.idleTimer);
    pooled.worker.ref();
    this.#busy.add(pooled);
    return pooled;
  }

  #release(pooled: PooledWorker, usable: boolean): void {
    const reusable = usable && !this.#closed && pooled.tasksRun < this.#options.maxTasksPerWorker;
    const waiter = this.#waiting.shift();
    if (reusable && waiter) {
      // Handed over while still counted busy, so that no other caller can take its slot in between.
      waiter(pooled);
      return;
    }
    this.#busy.delete(pooled);
    if (!reusable) {
      void this.#terminate(pooled);
      if (waiter) {
        this.#reserved += 1;
        waiter(null);
      }
      return;
    }
    // An idle worker must not keep the process alive, and is ended after a while.
    pooled.worker.unref();
    pooled.idleTimer = setTimeout(() => {
      const index = this.#idle.indexOf(pooled);
      if (index >= 0) this.#idle.splice(index, 1);
      void this.#terminate(pooled);
    }, this.#options.idleTimeoutMs);
    pooled.idleTimer.unref();
    this.#idle.push(pooled);
  }

  async #terminate(pooled: PooledWorker): Promise<void> {
    clearTimeout(pooled.idleTimer);
    this.#busy.delete(pooled);
    await pooled.worker.terminate().catch(() => undefined);
  }
}
