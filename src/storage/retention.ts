// The archive retention sweep: deletes archived sources older than the retention period. Run it on a schedule
// (e.g. hourly) from one process; concurrent sweeps are safe but wasteful. The per-run limit bounds the work and
// the time of one run: a backlog is worked off over the following runs, oldest first on the filesystem.
import type { BlobStore } from './blob-store.js';
import { BlobStoreError } from './errors.js';

export const MAX_RETENTION_DAYS = 36_500;
export const DEFAULT_SWEEP_LIMIT = 100_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SweepResult {
  /** Objects last written before this instant were eligible. */
  cutoff: Date;
  deleted: number;
  /** True when the run stopped at its limit: more may be eligible. */
  limitReached: boolean;
}

export async function sweepArchive(
  store: BlobStore,
  retentionDays: number,
  now: Date = new Date(),
  opts: { limit?: number } = {},
): Promise<SweepResult> {
  // Zero days would delete every archive at once: "keep nothing" is archiving off, not a retention of 0.
  if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > MAX_RETENTION_DAYS) {
    throw new BlobStoreError(
      'invalid_argument',
      `retentionDays must be a whole number from 1 to ${MAX_RETENTION_DAYS}.`,
    );
  }
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) {
    throw new BlobStoreError('invalid_argument', 'now must be a valid date.');
  }
  const limit = opts.limit ?? DEFAULT_SWEEP_LIMIT;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const deleted = await store.deleteOlderThan(cutoff, { limit });
  return { cutoff, deleted, limitReached: deleted >= limit };
}
