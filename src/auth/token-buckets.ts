// Token buckets in process memory, one per key (a client id, an address, an organization). A bucket holds up to
// `capacity` tokens and regains `capacity` of them per `windowSeconds`, continuously. The map is bounded: past
// `maxKeys` the least recently touched bucket is dropped (a dropped bucket is a full one again, which errs on the
// side of letting a client through, never of blocking one by mistake).

export interface BucketState {
  /** Whole tokens left after this call. */
  remaining: number;
  /** Seconds until one token is available again (0 when one is available now). */
  retryAfterSeconds: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    readonly capacity: number,
    readonly windowSeconds: number,
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = capacity / (windowSeconds * 1000);
  }

  /** The bucket after refilling up to now, touched as most recently used. */
  private current(key: string): Bucket {
    const t = this.now();
    const b = this.buckets.get(key);
    const bucket = b
      ? { tokens: Math.min(this.capacity, b.tokens + (t - b.updatedMs) * this.perMs), updatedMs: t }
      : { tokens: this.capacity, updatedMs: t };
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    while (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
    return bucket;
  }

  private state(b: Bucket): BucketState {
    const missing = this.capacity - b.tokens;
    return {
      remaining: Math.floor(b.tokens),
      retryAfterSeconds: b.tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - b.tokens) / this.perMs / 1000)),
      resetSeconds: Math.ceil(missing / this.perMs / 1000),
    };
  }

  /** Looks without taking: is a token available for this key? */
  peek(key: string): BucketState {
    return this.state(this.current(key));
  }

  /** Takes one token when available; `allowed` false leaves the bucket as it was. */
  take(key: string): BucketState & { allowed: boolean } {
    const b = this.current(key);
    if (b.tokens < 1) return { allowed: false, ...this.state(b) };
    b.tokens -= 1;
    return { allowed: true, ...this.state(b) };
  }

  /** Gives back a token taken for an attempt that turned out not to count (e.g. a successful authentication). */
  refund(key: string): void {
    const b = this.current(key);
    b.tokens = Math.min(this.capacity, b.tokens + 1);
  }

  get size(): number {
    return this.buckets.size;
  }
}
