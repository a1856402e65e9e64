// Bounds how many bcrypt comparisons run at once, and how many may wait. @node-rs/bcrypt's async verify already runs
// on the libuv thread pool (napi AsyncTask), off the event loop, but that pool has 4 threads by default on any
// machine: four compares at once take every core of a 2-core host from the event loop (and block the pool for fs
// and DNS work). A flood of first-time or wrong credentials must not starve requests with cached credentials.

export class SemaphoreFullError extends Error {
  constructor() {
    super('too many operations waiting');
    this.name = 'SemaphoreFullError';
  }
}

export class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly maxConcurrent: number,
    readonly maxWaiting: number,
  ) {}

  /** Runs fn when a slot is free; throws SemaphoreFullError at once when maxWaiting callers already wait. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxConcurrent) {
      if (this.waiting.length >= this.maxWaiting) throw new SemaphoreFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await fn();
    } finally {
      // Hand the slot straight to the next waiter (running stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }
}
