// The first module of every sandbox worker thread. It waits for task requests, imports the named task module (once
// per worker), runs its `runTask` export on the input and posts exactly one reply per request. Errors are
// classified here so that the parent never has to interpret a foreign stack. Each task runs under a fresh decode
// budget; a task that broke it fails with resource_limit even if its parser caught the refusal and carried on.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { beginDecodeBudget, installBudgetedDecompressionStream } from './decode-budget.js';
import {
  toWireError,
  type SandboxWorkerData,
  type TaskReply,
  type TaskRequest,
  type WorkerMemory,
} from './protocol.js';

interface TaskModule {
  runTask?: (input: unknown) => Promise<unknown>;
}

const { preload, preloadBaseUrl } = workerData as SandboxWorkerData;
// Already done by the bootstrap when running from sources; a cache hit then.
const requireFromBase = createRequire(preloadBaseUrl);
for (const specifier of preload) requireFromBase(specifier);
installBudgetedDecompressionStream();

async function run(request: TaskRequest): Promise<unknown> {
  const budget = beginDecodeBudget(request.decodeBudget);
  const taskModule = (await import(request.taskModuleUrl)) as TaskModule;
  if (typeof taskModule.runTask !== 'function') {
    throw new Error(`sandbox task module ${request.taskModuleUrl} has no runTask export`);
  }
  try {
    const value = await taskModule.runTask(request.input);
    if (budget.breach) throw budget.breach;
    return value;
  } catch (error) {
    // The budget's refusal is the cause, whatever the parser made of it (pdfjs turns it into a format error).
    throw budget.breach ?? error;
  }
}

function ownMemory(): WorkerMemory {
  const usage = process.memoryUsage();
  return { heapTotalBytes: usage.heapTotal, externalBytes: usage.external };
}

function reply(message: TaskReply, stage: TaskRequest['stage']): void {
  try {
    parentPort?.postMessage({ ...message, memory: ownMemory() });
  } catch (error) {
    // The value could not be cloned (a function, a class with private state): report it instead of a silent hang.
    parentPort?.postMessage({
      id: message.id,
      ok: false,
      error: toWireError(error, stage),
      memory: ownMemory(),
    } satisfies TaskReply);
  }
}

parentPort?.on('message', (request: TaskRequest) => {
  run(request).then(
    (value) => reply({ id: request.id, ok: true, value }, request.stage),
    (error: unknown) => reply({ id: request.id, ok: false, error: toWireError(error, request.stage) }, request.stage),
  );
});
