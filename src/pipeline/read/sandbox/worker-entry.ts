// The first module of every sandbox worker thread. It waits for task requests, imports the named task module (once
// per worker), runs its `runTask` export on the input and posts exactly one reply per request. Errors are
// classified here so that the parent never has to interpret a foreign stack.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { toWireError, type SandboxWorkerData, type TaskReply, type TaskRequest } from './protocol.js';

interface TaskModule {
  runTask?: (input: unknown) => Promise<unknown>;
}

const { preload, preloadBaseUrl } = workerData as SandboxWorkerData;
// Already done by the bootstrap when running from sources; a cache hit then.
const requireFromBase = createRequire(preloadBaseUrl);
for (const specifier of preload) requireFromBase(specifier);

async function run(request: TaskRequest): Promise<unknown> {
  const taskModule = (await import(request.taskModuleUrl)) as TaskModule;
  if (typeof taskModule.runTask !== 'function') {
    throw new Error(`sandbox task module ${request.taskModuleUrl} has no runTask export`);
  }
  return taskModule.runTask(request.input);
}

function reply(message: TaskReply, stage: TaskRequest['stage']): void {
  try {
    parentPort?.postMessage(message);
  } catch (error) {
    // The value could not be cloned (a function, a class with private state): report it instead of a silent hang.
    parentPort?.postMessage({ id: message.id, ok: false, error: toWireError(error, stage) } satisfies TaskReply);
  }
}

parentPort?.on('message', (request: TaskRequest) => {
  run(request).then(
    (value) => reply({ id: request.id, ok: true, value }, request.stage),
    (error: unknown) => reply({ id: request.id, ok: false, error: toWireError(error, request.stage) }, request.stage),
  );
});
