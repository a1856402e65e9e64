// What crosses between the main thread and the paddle model thread (model-thread.ts starts it, model-task.ts runs in
// it). After the thread has loaded the models, runs go over a MessagePort of their own: tensors travel as
// transferred ArrayBuffers in both directions, so a 12 MB detector input or a 50 MB recognizer output is moved,
// never copied.
import type { MessagePort } from 'node:worker_threads';

export type PaddleModelName = 'detection' | 'recognition';

/** The one sandbox task the thread runs: load both models, then serve runs on `port` for the thread's life. */
export interface ModelThreadInput {
  port: MessagePort;
  files: Record<PaddleModelName, string>;
  /** onnxruntime's threads inside one run (intraOpNumThreads). */
  threads: number;
  /** Load the models with onnx-graph.ts's rewrites (default true; false for the bench's comparison). */
  optimizeGraphs?: boolean;
}

export type ModelThreadMessage =
  /** A float32 NCHW tensor for `model`; its buffer is transferred to the thread. */
  | { type: 'run'; id: number; model: PaddleModelName; data: Float32Array; dims: number[] }
  /** The run's page has stopped: skip the run if it has not started (a started run cannot be interrupted). */
  | { type: 'cancel'; id: number }
  /** End the thread once the run in progress, if any, has returned. */
  | { type: 'exit' };

export type ModelRunReply =
  | { id: number; ok: true; data: Float32Array; dims: number[] }
  | { id: number; ok: false; message: string }
  | { id: number; ok: false; skipped: true };
