// What crosses the boundary between the main thread and a sandbox worker. Everything here is plain data (structured
// clone): a PipelineError is sent as its fields and rebuilt on the other side, so stage, code and detail survive.
import { PIPELINE_ERROR_CODES, PipelineError, type ErrorStage, type PipelineErrorCode } from '../../errors.js';
import type { DecodeBudgetLimits } from './decode-budget.js';

/** workerData of a sandbox worker: fixed for the worker's life. */
export interface SandboxWorkerData {
  /** Bare specifiers required before anything else (see SandboxTask.preload). */
  preload: string[];
  /** Where bare preload specifiers are resolved from. */
  preloadBaseUrl: string;
}

/** One task for a worker; a worker runs one at a time. */
export interface TaskRequest {
  id: number;
  taskModuleUrl: string;
  input: unknown;
  /** Stage given to errors the task throws without classifying them. */
  stage: ErrorStage;
  /** What one decoder may produce while this task runs (see decode-budget.ts). */
  decodeBudget: DecodeBudgetLimits;
}

/** The worker's own memory after a task (its isolate only, not the process): tells the pool when to recycle it. */
export interface WorkerMemory {
  heapTotalBytes: number;
  /** ArrayBuffers and other memory outside the heap that the isolate holds (decoded streams, WebAssembly memories). */
  externalBytes: number;
}

export interface WireError {
  stage: ErrorStage;
  code: PipelineErrorCode;
  message: string;
  detail: Record<string, unknown>;
  transient: boolean;
}

export type TaskReply = ({ id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError }) & {
  memory?: WorkerMemory;
};

const KNOWN_CODES: ReadonlySet<string> = new Set(PIPELINE_ERROR_CODES);

/** Turns whatever a task threw into a WireError; anything not a PipelineError becomes internal_error. */
export function toWireError(error: unknown, stage: ErrorStage): WireError {
  if (error instanceof PipelineError) {
    return {
      stage: error.stage,
      code: error.code,
      message: error.message,
      detail: plainDetail(error.detail),
      transient: error.transient,
    };
  }
  const cause =
    error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
  return {
    stage,
    code: 'internal_error',
    message: 'The sandboxed task failed unexpectedly',
    detail: { cause: { name: cause.name, message: truncate(cause.message, 500) } },
    transient: false,
  };
}

export function fromWireError(wire: WireError): PipelineError {
  const code: PipelineErrorCode = KNOWN_CODES.has(wire.code) ? wire.code : 'internal_error';
  return new PipelineError(wire.stage, code, wire.message, wire.detail, wire.transient);
}

/** A detail object that survives structured clone (drops functions, class instances become plain values). */
function plainDetail(detail: Record<string, unknown>): Record<string, unknown> {
  try {
    return structuredClone(detail);
  } catch {
    return JSON.parse(JSON.stringify(detail)) as Record<string, unknown>;
  }
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
