// Runs inside the paddle model thread (started through the parsers' sandbox, see model-thread.ts): loads the
// detection and recognition sessions once, then runs models on request, one at a time, until told to exit.
// This is the only module that imports onnxruntime-node. Why a thread: onnxruntime-node runs a model synchronously
// on the thread that calls it (its `run` is a setImmediate around the native call), so on the main thread every
// run blocked the event loop for up to ~2 s, no page timer could fire and two pages never overlapped.
import { readFile } from 'node:fs/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import ort from 'onnxruntime-node';
import type { ModelRunReply, ModelThreadInput, ModelThreadMessage, PaddleModelName } from './model-protocol.js';
import { optimizeGraph } from './onnx-graph.js';

export async function runTask(input: ModelThreadInput): Promise<{ ready: true }> {
  const loading = loadSessions(input);
  const cancelled = new Set<number>();
  let exiting = false;
  // One run at a time, in arrival order: a run already uses the threads it was given, and a second one beside it
  // would only double the activations held at once. Before each run the thread yields to its event loop once, so
  // that a cancel sent while the previous run held the thread is seen before the next run starts. The port listens
  // before the models load, so that an exit request is heard even when loading fails.
  let queue: Promise<unknown> = loading.catch(() => undefined);
  input.port.on('message', (message: ModelThreadMessage) => {
    if (message.type === 'cancel') cancelled.add(message.id);
    // process.exit ends only this thread, and only here, between runs: ending it from outside while onnxruntime
    // runs aborts the whole process (its binding throws a C++ exception into a dying thread; measured).
    else if (message.type === 'exit') {
      exiting = true;
      queue = queue.then(() => process.exit(0));
    } else {
      const { id } = message;
      queue = queue.then(async () => {
        await new Promise((resolve) => setImmediate(resolve));
        const reply: ModelRunReply =
          cancelled.delete(id) || exiting ? { id, ok: false, skipped: true } : await run(await loading, message);
        input.port.postMessage(reply, reply.ok ? [reply.data.buffer as ArrayBuffer] : []);
      });
    }
  });
  await loading;
  return { ready: true };
}

/** The sessions' options (exported for bench/ocr/memory.ts, which loads the models alone to measure them). */
export function sessionOptions(threads: number): ort.InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // onnxruntime's arena keeps the largest activations ever seen (a big page's detector maps) for the life of the
    // process: without it, memory goes back after each page, at a few percent of speed.
    enableCpuMemArena: false,
    enableMemPattern: false,
    // Idle onnxruntime threads would spin waiting for work, burning CPU the other pages and jobs need.
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  };
}

async function loadSessions(input: ModelThreadInput): Promise<Record<PaddleModelName, ort.InferenceSession>> {
  const options = sessionOptions(input.threads);
  const session = async (file: string): Promise<ort.InferenceSession> => {
    const model = input.optimizeGraphs === false ? file : await optimizedModel(file);
    if (typeof model === 'string') return ort.InferenceSession.create(model, options);
    // A rewritten graph onnxruntime refuses (another model version) costs the speed-up, not the engine.
    return ort.InferenceSession.create(model, options).catch(() => ort.InferenceSession.create(file, options));
  };
  // One after the other: only one model's bytes (the file and its rewrite) are held at a time.
  const detection = await session(input.files.detection);
  const recognition = await session(input.files.recognition);
  collectGarbage();
  return { detection, recognition };
}

/**
 * Collects this thread's garbage now. Once the sessions exist, the model files' bytes and their rewrites (~30 MB,
 * outside the V8 heap) are garbage, but the thread's own JavaScript is tiny, so V8 saw no reason to collect them:
 * they stayed resident for the life of the process (bench/ocr/memory.ts, docs/ocr.md "Memory"). `gc` is exposed to
 * a fresh context only, so nothing else in the thread can call it. False when this V8 refuses the flag.
 */
export function collectGarbage(): boolean {
  try {
    v8.setFlagsFromString('--expose-gc');
    (vm.runInNewContext('gc') as () => void)();
    return true;
  } catch {
    return false;
  }
}

/**
 * The model file with the rewrites of onnx-graph.ts (hard-swish as two nodes, affine blocks folded into the
 * convolutions: ~20% less CPU per run, outputs equal to float rounding). A file they cannot parse is used as it is.
 */
async function optimizedModel(file: string): Promise<string | Uint8Array> {
  try {
    return optimizeGraph(await readFile(file)).model;
  } catch {
    return file;
  }
}

async function run(
  sessions: Record<PaddleModelName, ort.InferenceSession>,
  request: Extract<ModelThreadMessage, { type: 'run' }>,
): Promise<ModelRunReply> {
  try {
    const session = sessions[request.model];
    const tensor = new ort.Tensor('float32', request.data, request.dims);
    const output = await session.run({ [session.inputNames[0]!]: tensor });
    const result = output[session.outputNames[0]!]!;
    return { id: request.id, ok: true, data: result.data as Float32Array, dims: [...result.dims] };
  } catch (error) {
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
