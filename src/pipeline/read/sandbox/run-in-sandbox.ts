// Runs a task over untrusted input (a PDF, an image) in a worker thread with a heap cap, a wall-clock limit and a
// watch on the process's resident memory. Whatever the input does to the parser (loop, exhaust memory, throw from
// a callback), the caller gets a PipelineError and the main process keeps running.
//
// Two runners share that contract: runInSandbox starts a fresh worker per task (nothing carries over between
// documents; ~30 ms for the thread plus the task's own library loading, ~200 ms for pdfjs), and SandboxPool
// (sandbox-pool.ts) keeps warm workers for the next task.
import type { TransferListItem } from 'node:worker_threads';
import type { ErrorStage } from '../../errors.js';
import type { DecodeBudgetLimits } from './decode-budget.js';
import type { TaskRequest } from './protocol.js';
import { spawnSandboxWorker } from './spawn-worker.js';
import { watchTask, type WatchContext } from './watch-task.js';

export { moduleBesideCaller } from './spawn-worker.js';

export interface SandboxLimits {
  /** Wall-clock budget of one task; the worker is terminated when it runs out. */
  timeoutMs: number;
  /** The worker's V8 heap (resourceLimits.maxOldGenerationSizeMb); exceeding it ends the worker. */
  maxMemoryMb: number;
  /**
   * Cap on how much the whole process's resident memory may grow while the task runs: catches allocations the heap
   * cap cannot see (ArrayBuffers, native canvases). Process-wide, so tasks running side by side share it.
   */
  maxRssGrowthMb: number;
  /**
   * Bytes one decoder may produce, checked where the bytes are allocated (see decode-budget.ts): a decompressed
   * stream or decoded image at most this, all streams of a task (of a page, when rendering) together and the memory
   * of a WebAssembly image decoder at most four times this.
   */
  maxStreamMb: number;
}

export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = {
  timeoutMs: 60_000,
  maxMemoryMb: 512,
  maxRssGrowthMb: 1024,
  // An A4 page scanned at 600 dpi in RGB is 105 MB decoded: the largest image an invoice plausibly holds.
  maxStreamMb: 128,
};

/** A WebAssembly decoder (JPEG 2000, JBIG2) needs working memory beside its output: tiles, components, code blocks. */
const WASM_HEAP_PER_STREAM_BYTE = 4;
/** All streams of a task (or of one rendered page) together: four streams at the limit. */
const TOTAL_PER_STREAM_BYTE = 4;

export interface SandboxOptions extends Partial<SandboxLimits> {
  /** Stage of the errors the sandbox itself raises (timeout, memory, crash). Default 'parsing'. */
  stage?: ErrorStage;
  /** Names the work in error messages, e.g. 'Reading the PDF'. */
  description?: string;
  /** Buffers moved (not copied) into the worker with the input; they are unusable in the caller afterwards. */
  transferList?: readonly TransferListItem[];
  /** Aborting terminates the worker and rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** A typed handle on a task module: a module whose `runTask(input)` export the worker calls. */
export interface SandboxTask<TIn, TOut> {
  readonly moduleUrl: URL;
  /**
   * Heavy plain-JavaScript dependencies (bare specifiers, resolved from the task module) loaded with require()
   * when a worker starts. From TypeScript sources this happens before tsx's import hooks are registered, which
   * would otherwise slow the loading of a large library (pdfjs: ~0.4 s a worker).
   */
  readonly preload: readonly string[];
  /** Type carrier only, never set. */
  readonly types?: { input: TIn; output: TOut };
}

/** Types a task handle from the task function, e.g. `sandboxTask<typeof runTask>(url)` with a type-only import. */
// `any` (not unknown) so that tasks with a specific input type still satisfy the constraint.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function sandboxTask<TFn extends (input: any) => Promise<unknown>>(
  moduleUrl: URL,
  options: { preload?: readonly string[] } = {},
): SandboxTask<Parameters<TFn>[0], Awaited<ReturnType<TFn>>> {
  return { moduleUrl, preload: options.preload ?? [] };
}

/** Something that runs sandbox tasks: runInSandbox itself, or a SandboxPool. */
export interface SandboxRunner {
  run<TIn, TOut>(task: SandboxTask<TIn, TOut>, input: TIn, options?: SandboxOptions): Promise<TOut>;
}

/** Runs the task in a fresh worker thread that is terminated afterwards, whatever happened. */
export async function runInSandbox<TIn, TOut>(
  task: SandboxTask<TIn, TOut>,
  input: TIn,
  options: SandboxOptions = {},
): Promise<TOut> {
  options.signal?.throwIfAborted();
  const context = watchContext(options);
  const worker = spawnSandboxWorker({
    maxMemoryMb: context.limits.maxMemoryMb,
    preload: task.preload,
    preloadBaseUrl: task.moduleUrl,
  });
  const request = taskRequest(1, task, input, context);
  try {
    const outcome = await watchTask(worker, request, context);
    if (!outcome.ok) throw outcome.error;
    return outcome.value as TOut;
  } finally {
    // Not awaited: a worker stuck in native code stops only when it returns to JavaScript, and the caller should not
    // wait for that. Terminating an exited worker is a no-op.
    worker.terminate().catch(() => undefined);
  }
}

/** The fresh-worker runner as a SandboxRunner. */
export const freshWorkerRunner: SandboxRunner = { run: runInSandbox };

export function watchContext(options: SandboxOptions, defaults: SandboxLimits = DEFAULT_SANDBOX_LIMITS): WatchContext {
  const context: WatchContext = {
    limits: {
      timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
      maxMemoryMb: options.maxMemoryMb ?? defaults.maxMemoryMb,
      maxRssGrowthMb: options.maxRssGrowthMb ?? defaults.maxRssGrowthMb,
      maxStreamMb: options.maxStreamMb ?? defaults.maxStreamMb,
    },
    stage: options.stage ?? 'parsing',
    description: options.description ?? 'The sandboxed task',
  };
  if (options.transferList) context.transferList = options.transferList;
  if (options.signal) context.signal = options.signal;
  return context;
}

export function decodeBudgetOf(limits: Pick<SandboxLimits, 'maxStreamMb'>): DecodeBudgetLimits {
  const maxStreamBytes = Math.round(limits.maxStreamMb * 2 ** 20);
  return {
    maxStreamBytes,
    maxTotalBytes: maxStreamBytes * TOTAL_PER_STREAM_BYTE,
    maxWasmHeapBytes: maxStreamBytes * WASM_HEAP_PER_STREAM_BYTE,
  };
}

export function taskRequest(
  id: number,
  task: SandboxTask<unknown, unknown>,
  input: unknown,
  context: WatchContext,
): TaskRequest {
  return {
    id,
    taskModuleUrl: task.moduleUrl.href,
    input,
    stage: context.stage,
    decodeBudget: decodeBudgetOf(context.limits),
  };
}
