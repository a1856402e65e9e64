// Sandbox test task: misbehaves in the way its input asks, as a hostile document could make a parser do.
import { gzipSync } from 'node:zlib';
import { PipelineError } from '../../../../../src/pipeline/errors.js';

export type Misbehaviour =
  | 'loop'
  | 'heap'
  | 'native-memory'
  | 'classified-error'
  | 'plain-error'
  | 'uncaught'
  | 'exit'
  | 'inflate-swallowing-errors'
  | 'retain-memory';

/** Kept across tasks on purpose by 'retain-memory', as a parser's cache would. */
const retained: Uint8Array[] = [];

export async function runTask(input: { misbehaviour: Misbehaviour; megabytes?: number }): Promise<string> {
  switch (input.misbehaviour) {
    case 'loop':
      for (;;) {
        // Spins without ever yielding, like a parser in a pathological loop.
      }
    case 'heap': {
      const hoard: unknown[] = [];
      for (;;) hoard.push({ filler: new Array(1000).fill(hoard.length) });
    }
    case 'native-memory': {
      // ArrayBuffers live outside the V8 heap, so only the resident-memory watch can stop this.
      const hoard: Uint8Array[] = [];
      for (;;) {
        hoard.push(new Uint8Array(64 * 2 ** 20).fill(1));
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    case 'classified-error':
      throw new PipelineError('parsing', 'pdf_corrupt', 'classified in the worker', { page: 3 });
    case 'plain-error':
      throw new TypeError('a bug in the task');
    case 'uncaught':
      setTimeout(() => {
        throw new Error('thrown from a timer');
      }, 0);
      return new Promise(() => undefined);
    case 'exit':
      process.exit(7);
    // eslint-disable-next-line no-fallthrough -- process.exit does not return
    case 'inflate-swallowing-errors': {
      // Inflates a gzip bomb with the platform's DecompressionStream and, like a lenient parser, ignores the failure.
      const bomb = gzipSync(Buffer.alloc((input.megabytes ?? 64) * 2 ** 20));
      try {
        const inflated = new Blob([bomb]).stream().pipeThrough(new DecompressionStream('gzip'));
        let bytes = 0;
        for await (const chunk of inflated) bytes += (chunk as Uint8Array).byteLength;
        return `inflated ${bytes} bytes`;
      } catch {
        return 'carried on regardless';
      }
    }
    case 'retain-memory':
      retained.push(new Uint8Array((input.megabytes ?? 64) * 2 ** 20).fill(1));
      return 'kept';
  }
}
