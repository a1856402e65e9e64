// Sandbox test task: misbehaves in the way its input asks, as a hostile document could make a parser do.
import { PipelineError } from '../../../../../src/pipeline/errors.js';

export type Misbehaviour = 'loop' | 'heap' | 'native-memory' | 'classified-error' | 'plain-error' | 'uncaught' | 'exit';

export async function runTask(input: { misbehaviour: Misbehaviour }): Promise<string> {
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
  }
}
