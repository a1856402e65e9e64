import { afterEach, describe, expect, it } from 'vitest';
import { PipelineError } from '../../../../src/pipeline/errors.js';
import { createPdfSandboxPool, readPdf } from '../../../../src/pipeline/read/pdf/index.js';
import { moduleBesideCaller, sandboxTask } from '../../../../src/pipeline/read/sandbox/run-in-sandbox.js';
import { SandboxPool } from '../../../../src/pipeline/read/sandbox/sandbox-pool.js';
import { dataset, fixture, pipelineFailure } from './helpers.js';
import type { runTask as echo } from './sandbox-tasks/echo-task.js';
import type { runTask as misbehave } from './sandbox-tasks/misbehaving-task.js';

const echoTask = sandboxTask<typeof echo>(moduleBesideCaller(import.meta.url, './sandbox-tasks/echo-task'));
const misbehavingTask = sandboxTask<typeof misbehave>(
  moduleBesideCaller(import.meta.url, './sandbox-tasks/misbehaving-task'),
);
const bytes = new Uint8Array(8);

const pools: SandboxPool[] = [];
function pool(options: ConstructorParameters<typeof SandboxPool>[0]): SandboxPool {
  const created = new SandboxPool(options);
  pools.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
});

describe('SandboxPool', () => {
  it('reuses a warm worker and replaces it after maxTasksPerWorker tasks', async () => {
    const workers = pool({ maxWorkers: 1, maxTasksPerWorker: 2 });
    const first = await workers.run(echoTask, { text: 'a', bytes });
    const second = await workers.run(echoTask, { text: 'b', bytes });
    const third = await workers.run(echoTask, { text: 'c', bytes });
    expect(second.threadId).toBe(first.threadId);
    expect(third.threadId).not.toBe(first.threadId);
    expect(workers.size).toBe(1);
  });

  it('never runs more workers than allowed: extra tasks wait their turn', async () => {
    const workers = pool({ maxWorkers: 2 });
    const replies = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((text) => workers.run(echoTask, { text, bytes, delayMs: 50 })),
    );
    expect(replies.map((reply) => reply.text)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(new Set(replies.map((reply) => reply.threadId)).size).toBe(2);
    expect(workers.size).toBe(2);
  });

  it('keeps a worker after a classified error, replaces it after a timeout', async () => {
    const workers = pool({ maxWorkers: 1 });
    const before = await workers.run(echoTask, { text: 'a', bytes });
    const classified = await pipelineFailure(workers.run(misbehavingTask, { misbehaviour: 'classified-error' }));
    expect(classified.code).toBe('pdf_corrupt');
    expect((await workers.run(echoTask, { text: 'b', bytes })).threadId).toBe(before.threadId);

    const timeout = await pipelineFailure(workers.run(misbehavingTask, { misbehaviour: 'loop' }, { timeoutMs: 500 }));
    expect(timeout.code).toBe('timeout');
    const after = await workers.run(echoTask, { text: 'c', bytes });
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('refuses tasks beyond the waiting-room size, and all tasks once closed', async () => {
    const workers = pool({ maxWorkers: 1, maxWaiting: 1 });
    const running = workers.run(echoTask, { text: 'a', bytes, delayMs: 200 });
    const waiting = workers.run(echoTask, { text: 'b', bytes });
    const refused = await pipelineFailure(workers.run(echoTask, { text: 'c', bytes }));
    expect(refused).toMatchObject({ code: 'resource_limit', transient: true, detail: { limit: 'sandbox_queue' } });
    expect((await running).text).toBe('A');
    expect((await waiting).text).toBe('B');

    await workers.close();
    expect(workers.size).toBe(0);
    await expect(workers.run(echoTask, { text: 'd', bytes })).rejects.toThrow('closed');
  });

  it('reads PDFs in warm workers and survives a hostile one', async () => {
    const pdfWorkers = createPdfSandboxPool({ maxWorkers: 1 });
    pools.push(pdfWorkers);
    const invoice = dataset('invoice2data/documents/AzureInterior.pdf');
    const first = await readPdf(invoice, { runner: pdfWorkers });
    // Two million text runs: the worker is still busy with them at the time limit, and is replaced.
    const bomb = await pipelineFailure(
      readPdf(fixture('text-bomb.pdf'), { runner: pdfWorkers, maxTextItemsPerPage: 10_000_000, timeoutMs: 1_000 }),
    );
    expect(bomb).toBeInstanceOf(PipelineError);
    expect(bomb.code).toBe('timeout');
    const again = await readPdf(invoice, { runner: pdfWorkers });
    expect(again.pages).toEqual(first.pages);
    expect(again.attachments[0]!.content.equals(first.attachments[0]!.content)).toBe(true);
  });
});
