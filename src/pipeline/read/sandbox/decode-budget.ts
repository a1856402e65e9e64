// The decode budget of a sandbox task: how many bytes one decoder may produce (a decompressed PDF stream, a decoded
// image in a WebAssembly decoder), and all decoders together (many streams each just under the first limit). The V8 heap limit of a worker cannot see these bytes (they are ArrayBuffers and
// WebAssembly memories), so a 1 MB PDF whose stream inflates to 1 GiB would pass it. Decoders ask this budget before
// they allocate: pdfjs through the hook its patched worker module calls (pdf/pdfjs-worker-module.ts), anything using
// the global DecompressionStream through the wrapper installed below.
//
// A parser may catch the error a refused allocation throws and carry on (pdfjs skips what it cannot decode when it
// recovers from broken files): the breach is therefore also remembered, every later allocation is refused, and the
// worker entry fails the task with resource_limit whatever the task itself returned.
import { PipelineError } from '../../errors.js';

export interface DecodeBudgetLimits {
  /** Bytes one decoded stream or image may have. */
  maxStreamBytes: number;
  /** Bytes all decoded streams of the task may add up to (a task may start over per unit of work, see startOver). */
  maxTotalBytes: number;
  /** Bytes the memory of one WebAssembly decoder may grow to. */
  maxWasmHeapBytes: number;
}

/** What decoders call: the name is part of the pdfjs patch, keep both in step. */
export interface DecodeBudgetHook {
  /** Throws when a stream would grow from `previousBytes` to `bytes`. */
  stream(bytes: number, previousBytes?: number): void;
  /** False (refused) when a WebAssembly decoder's memory would grow to `bytes`. */
  wasmHeap(bytes: number): boolean;
}

export const DECODE_BUDGET_GLOBAL = '__docexDecodeBudget';

type BudgetScope = { [DECODE_BUDGET_GLOBAL]?: DecodeBudgetHook };

export class DecodeBudget implements DecodeBudgetHook {
  #breach: PipelineError | null = null;
  #totalBytes = 0;

  constructor(readonly limits: DecodeBudgetLimits) {}

  get breach(): PipelineError | null {
    return this.#breach;
  }

  stream(bytes: number, previousBytes = 0): void {
    if (this.#breach) throw this.#breach;
    if (bytes > this.limits.maxStreamBytes) {
      throw this.#refuse(`A stream in the document decodes to more than ${megabytes(this.limits.maxStreamBytes)} MB`, {
        limit: 'decoded_stream',
        maxStreamBytes: this.limits.maxStreamBytes,
        requestedBytes: bytes,
      });
    }
    this.#totalBytes += Math.max(0, bytes - previousBytes);
    if (this.#totalBytes > this.limits.maxTotalBytes) {
      throw this.#refuse(
        `The streams of the document decode to more than ${megabytes(this.limits.maxTotalBytes)} MB together`,
        {
          limit: 'decoded_total',
          maxTotalBytes: this.limits.maxTotalBytes,
          totalBytes: this.#totalBytes,
        },
      );
    }
  }

  /** A fresh total allowance for the next unit of work (a page to render); a breach stays a breach. */
  startOver(): void {
    this.#totalBytes = 0;
  }

  wasmHeap(bytes: number): boolean {
    if (this.#breach) return false;
    if (bytes <= this.limits.maxWasmHeapBytes) return true;
    this.#refuse(`An image decoder in the document needs more than ${megabytes(this.limits.maxWasmHeapBytes)} MB`, {
      limit: 'decoder_memory',
      maxWasmHeapBytes: this.limits.maxWasmHeapBytes,
      requestedBytes: bytes,
    });
    return false;
  }

  #refuse(message: string, detail: Record<string, unknown>): PipelineError {
    this.#breach = new PipelineError('parsing', 'resource_limit', message, detail);
    return this.#breach;
  }
}

/** Makes `budget` the one decoders of this thread ask until the next task begins. */
export function beginDecodeBudget(limits: DecodeBudgetLimits): DecodeBudget {
  const budget = new DecodeBudget(limits);
  (globalThis as BudgetScope)[DECODE_BUDGET_GLOBAL] = budget;
  return budget;
}

/** The budget of the task running in this thread, if any. */
export function currentDecodeBudget(): DecodeBudget | undefined {
  const hook = (globalThis as BudgetScope)[DECODE_BUDGET_GLOBAL];
  return hook instanceof DecodeBudget ? hook : undefined;
}

/**
 * Replaces this thread's DecompressionStream with one whose output counts against the current budget: pdfjs inflates
 * image streams with it (natively, outside any hook of its own). Call once per sandbox worker, before any task.
 */
export function installBudgetedDecompressionStream(): void {
  const Native = globalThis.DecompressionStream;
  if (!Native || (Native as { budgeted?: boolean }).budgeted) return;
  class BudgetedDecompressionStream {
    static readonly budgeted = true;
    readonly readable: ReadableStream<Uint8Array>;
    readonly writable: WritableStream<Uint8Array>;

    constructor(format: string) {
      const inner = new Native(format as 'deflate');
      let produced = 0;
      const counter = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          produced += chunk.byteLength;
          // Throwing errors the readable side; the reader (pdfjs) sees a failed decode.
          (globalThis as BudgetScope)[DECODE_BUDGET_GLOBAL]?.stream(produced, produced - chunk.byteLength);
          controller.enqueue(chunk);
        },
      });
      this.writable = inner.writable;
      this.readable = inner.readable.pipeThrough(counter);
    }
  }
  globalThis.DecompressionStream = BudgetedDecompressionStream as unknown as typeof DecompressionStream;
}

function megabytes(bytes: number): number {
  return Math.round((bytes / 2 ** 20) * 10) / 10;
}
