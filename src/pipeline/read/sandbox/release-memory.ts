// Handing memory that sandboxes freed back to the system. A decoder growing its output by doubling leaves its
// smaller buffers in the C allocator's per-thread arenas; glibc keeps freed arena memory resident after the thread
// is gone (measured: a 100 MB stream left the process 115-150 MB larger after its worker had ended, every time).
// malloc_trim(0) returns those free pages (the same measurement: back to within 20 MB). Node has no binding for it,
// so it is called through koffi (a prebuilt FFI, no compiler); where there is no glibc (musl, macOS) or koffi cannot
// load, this does nothing and memory is only reused, not returned.
//
// The call runs on a libuv pool thread, not on the event loop: handing back 330 MB after an OCRed page took 178 ms.
import { createRequire } from 'node:module';

interface Trim {
  async(pad: number, done: (error: unknown, result: number) => void): void;
}

let trim: Trim | null | undefined;

function loadTrim(): Trim | null {
  if (process.platform !== 'linux') return null;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as {
      load(path: string): { func(signature: string): Trim };
    };
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
  } catch {
    return null;
  }
}

/** One trim at a time; a request meanwhile runs one more afterwards, for what was freed since the first began. */
let trimming = false;
let trimAgain = false;

/** Starts returning the allocator's free memory to the system, off the event loop; false where that is impossible. */
export function releaseFreedMemory(): boolean {
  if (trim === undefined) trim = loadTrim();
  if (!trim) return false;
  if (trimming) {
    trimAgain = true;
    return true;
  }
  trimming = true;
  trim.async(0, () => {
    trimming = false;
    if (trimAgain) {
      trimAgain = false;
      releaseFreedMemory();
    }
  });
  return true;
}
