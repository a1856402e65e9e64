// Runs one task request on a worker and watches it: reply, time limit, heap exhaustion, resident-memory growth,
// crash, abort. The outcome says whether the worker is still fit for another task; the caller terminates it if not.
import type { TransferListItem, Worker } from 'node:worker_threads';
import { PipelineError, type ErrorStage } from '../../errors.js';
import { fromWireError, truncate, type TaskReply, type TaskRequest, type WorkerMemory } from './protocol.js';

export interface WatchLimits {
  timeoutMs: number;
  maxRssGrowthMb: number;
  /** The worker's heap limit, for the message when it is exceeded. */
  maxMemoryMb: number;
  /** Passed on to the worker as its decode budget (see decode-budget.ts). */
  maxStreamMb: number;
}

export interface WatchContext {
  limits: WatchLimits;
  stage: ErrorStage;
  /** Names the work in error messages, e.g. 'Reading the PDF'. */
  description: string;
  transferList?: readonly TransferListItem[];
  signal?: AbortSignal;
}

/** `memory`: what the worker reported holding after the task, when it replied at all. */
export type TaskOutcome = ({ ok: true; value: unknown } | { ok: false; error: unknown; workerUsable: boolean }) & {
  memory?: WorkerMemory;
};

const MEMORY_WATCH_INTERVAL_MS = 100;

export function watchTask(worker: Worker, request: TaskRequest, context: WatchContext): Promise<TaskOutcome> {
  const { limits, stage, description: what, signal } = context;
  const startedAt = performance.now();
  const rssAtStart = process.memoryUsage.rss();
  const elapsedMs = (): number => Math.round(performance.now() - startedAt);

  return new Promise<TaskOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: TaskOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearInterval(memoryWatch);
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('messageerror', onMessageError);
      worker.off('exit', onExit);
      resolve(outcome);
    };
    const fail = (error: unknown, workerUsable = false, memory?: WorkerMemory): void =>
      settle({ ok: false, error, workerUsable, ...(memory ? { memory } : {}) });

    const deadline = setTimeout(() => {
      fail(
        new PipelineError(
          stage,
          'timeout',
          `${what} took longer than ${limits.timeoutMs} ms`,
          { limitMs: limits.timeoutMs, elapsedMs: elapsedMs() },
          true,
        ),
      );
    }, limits.timeoutMs);

    // The heap limit cannot see ArrayBuffers and native allocations (decoded streams, canvases): a 1.4 kB PDF can
    // make pdfjs allocate 1 GB that way. The process's resident memory can; it is process-wide, so tasks running
    // side by side share the allowance.
    const memoryWatch = setInterval(() => {
      const growthMb = (process.memoryUsage.rss() - rssAtStart) / 2 ** 20;
      if (growthMb > limits.maxRssGrowthMb) {
        fail(
          new PipelineError(stage, 'resource_limit', `${what} used more memory than allowed`, {
            limit: 'rss_growth',
            limitMb: limits.maxRssGrowthMb,
            growthMb: Math.round(growthMb),
            elapsedMs: elapsedMs(),
          }),
        );
      }
    }, MEMORY_WATCH_INTERVAL_MS);

    const onAbort = (): void => fail(signal?.reason ?? new Error('aborted'));
    const onMessage = (reply: TaskReply): void => {
      if (reply.id !== request.id) return;
      const memory = reply.memory ? { memory: reply.memory } : {};
      if (reply.ok) settle({ ok: true, value: reply.value, ...memory });
      else fail(fromWireError(reply.error), true, reply.memory);
    };
    const onError = (error: Error & { code?: string }): void => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        fail(
          new PipelineError(stage, 'resource_limit', `${what} ran out of its ${limits.maxMemoryMb} MB heap`, {
            limit: 'heap',
            limitMb: limits.maxMemoryMb,
            elapsedMs: elapsedMs(),
          }),
        );
        return;
      }
      const cause = { name: error.name, code: error.code, message: truncate(error.message, 500) };
      fail(
        new PipelineError(stage, 'internal_error', `${what} crashed`, { cause, elapsedMs: elapsedMs() }, false, {
          cause: error,
        }),
      );
    };
    const onMessageError = (error: Error): void => {
      fail(new PipelineError(stage, 'internal_error', `${what} sent an unreadable reply`, {}, false, { cause: error }));
    };
    const onExit = (exitCode: number): void => {
      fail(
        new PipelineError(stage, 'internal_error', `${what} ended without a reply`, {
          exitCode,
          elapsedMs: elapsedMs(),
        }),
      );
    };

    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('messageerror', onMessageError);
    worker.on('exit', onExit);
    try {
      worker.postMessage(request, context.transferList ? [...context.transferList] : undefined);
    } catch (error) {
      // The input could not be cloned: the caller's mistake, the worker never saw it.
      fail(
        new PipelineError(stage, 'internal_error', `${what} got an input that cannot be sent to a worker`, {}, false, {
          cause: error,
        }),
        true,
      );
    }
  });
}
