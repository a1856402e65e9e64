import { describe, expect, it } from 'vitest';
import { PipelineError } from '../../../../src/pipeline/errors.js';
import { moduleBesideCaller, runInSandbox, sandboxTask } from '../../../../src/pipeline/read/sandbox/run-in-sandbox.js';
import type { runTask as echo } from './sandbox-tasks/echo-task.js';
import type { runTask as misbehave } from './sandbox-tasks/misbehaving-task.js';

const echoTask = sandboxTask<typeof echo>(moduleBesideCaller(import.meta.url, './sandbox-tasks/echo-task'));
const misbehavingTask = sandboxTask<typeof misbehave>(
  moduleBesideCaller(import.meta.url, './sandbox-tasks/misbehaving-task'),
);

async function failure(promise: Promise<unknown>): Promise<PipelineError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PipelineError);
  return error as PipelineError;
}

describe('runInSandbox', () => {
  it('runs the task in a worker thread without the service environment and returns its value', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const result = await runInSandbox(echoTask, { text: 'hello', bytes }, { timeoutMs: 10_000 });
    expect(result).toMatchObject({ text: 'HELLO', byteLength: 4, isMainThread: false, envKeys: 0 });
    expect(bytes.byteLength).toBe(4); // copied, not transferred
  });

  it('moves buffers named in transferList instead of copying them', async () => {
    const bytes = new Uint8Array(1024);
    const result = await runInSandbox(echoTask, { text: 'x', bytes }, { transferList: [bytes.buffer] });
    expect(result.byteLength).toBe(1024);
    expect(bytes.byteLength).toBe(0); // detached in the caller
  });

  it('terminates a task that never yields and reports a transient timeout', async () => {
    const started = Date.now();
    const error = await failure(
      runInSandbox(misbehavingTask, { misbehaviour: 'loop' }, { timeoutMs: 1_000, description: 'Spinning' }),
    );
    expect(error).toMatchObject({
      stage: 'parsing',
      code: 'timeout',
      transient: true,
      message: 'Spinning took longer than 1000 ms',
    });
    expect(error.detail).toMatchObject({ limitMs: 1_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('turns a heap exhaustion of the worker into resource_limit', async () => {
    const error = await failure(
      runInSandbox(misbehavingTask, { misbehaviour: 'heap' }, { maxMemoryMb: 48, timeoutMs: 20_000 }),
    );
    expect(error).toMatchObject({ code: 'resource_limit', transient: false, detail: { limit: 'heap', limitMb: 48 } });
  });

  it('stops memory growth outside the V8 heap with the resident-memory watch', async () => {
    const error = await failure(
      runInSandbox(misbehavingTask, { misbehaviour: 'native-memory' }, { maxRssGrowthMb: 256, timeoutMs: 20_000 }),
    );
    expect(error).toMatchObject({ code: 'resource_limit', detail: { limit: 'rss_growth', limitMb: 256 } });
  });

  it('keeps the classification of a PipelineError thrown inside the task', async () => {
    const error = await failure(runInSandbox(misbehavingTask, { misbehaviour: 'classified-error' }));
    expect(error).toMatchObject({
      stage: 'parsing',
      code: 'pdf_corrupt',
      message: 'classified in the worker',
      detail: { page: 3 },
    });
  });

  it('reports other failures as internal_error with the stage asked for', async () => {
    const plain = await failure(
      runInSandbox(misbehavingTask, { misbehaviour: 'plain-error' }, { stage: 'extraction' }),
    );
    expect(plain).toMatchObject({
      stage: 'extraction',
      code: 'internal_error',
      detail: { cause: { name: 'TypeError', message: 'a bug in the task' } },
    });

    const uncaught = await failure(runInSandbox(misbehavingTask, { misbehaviour: 'uncaught' }));
    expect(uncaught).toMatchObject({ code: 'internal_error', message: 'The sandboxed task crashed' });

    const exited = await failure(runInSandbox(misbehavingTask, { misbehaviour: 'exit' }));
    expect(exited).toMatchObject({ code: 'internal_error', detail: { exitCode: 7 } });
  });

  it('terminates the worker when the caller aborts', async () => {
    const controller = new AbortController();
    const running = runInSandbox(misbehavingTask, { misbehaviour: 'loop' }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('shutting down')), 200);
    await expect(running).rejects.toThrow('shutting down');
  });
});
