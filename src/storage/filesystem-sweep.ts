// The retention walk of FilesystemBlobStore.deleteOlderThan. It touches only what a valid key could have created:
// folders and files whose names are valid key segments (plus our own stale temp files); symlinks are never
// followed or removed, and foreign files are left alone.
import { randomBytes } from 'node:crypto';
import { lstat, readdir, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { errnoOf } from './errors.js';
import { isValidKey, MAX_KEY_DEPTH, partitionRange } from './keys.js';

/** Temp files start with '.', which no valid key segment does, so they can never be read as objects. */
const TEMP_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

/** A fresh temp file name beside `target` (same folder, so the final rename is atomic). */
export function tempPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
}

// A temp file younger than this may belong to a write in progress, whatever the cutoff.
const TEMP_FILE_GRACE_MS = 60 * 60 * 1000;

/** 'expired': inside a date partition that ended before the cutoff; 'by_mtime': the file's mtime decides. */
type Verdict = 'expired' | 'by_mtime';

interface SweepState {
  cutoffMs: number;
  tempCutoffMs: number;
  limit: number;
  deleted: number;
}

export async function sweepFolder(root: string, cutoff: Date, limit: number): Promise<number> {
  const cutoffMs = cutoff.getTime();
  const state: SweepState = {
    cutoffMs,
    tempCutoffMs: Math.min(cutoffMs, Date.now() - TEMP_FILE_GRACE_MS),
    limit,
    deleted: 0,
  };
  await sweep(root, [], 'by_mtime', state);
  return state.deleted;
}

async function sweep(folder: string, segments: string[], verdict: Verdict, state: SweepState): Promise<void> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return; // removed by a concurrent sweep
    throw err;
  }
  // Oldest partitions first, so that a limited sweep removes the oldest objects.
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (state.deleted >= state.limit) return;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      const childSegments = [...segments, entry.name];
      if (!isValidKey(entry.name) || childSegments.length >= MAX_KEY_DEPTH) continue;
      let childVerdict = verdict;
      if (verdict === 'by_mtime') {
        const range = partitionRange(childSegments);
        if (range && range.start.getTime() >= state.cutoffMs) continue; // entirely newer: not even listed
        if (range && range.end.getTime() <= state.cutoffMs) childVerdict = 'expired';
      }
      await sweep(full, childSegments, childVerdict, state);
      await removeIfEmpty(full);
    } else if (entry.isFile()) {
      if (TEMP_FILE.test(entry.name)) {
        await removeOlderThan(full, state.tempCutoffMs); // a crashed write's leftover; not counted
        continue;
      }
      if (!isValidKey(entry.name)) continue;
      const removed = verdict === 'expired' ? await removeFile(full) : await removeOlderThan(full, state.cutoffMs);
      if (removed) state.deleted++;
    }
  }
}

async function removeOlderThan(file: string, cutoffMs: number): Promise<boolean> {
  let stat;
  try {
    stat = await lstat(file);
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return false;
    throw err;
  }
  if (!stat.isFile() || stat.mtimeMs >= cutoffMs) return false;
  return removeFile(file);
}

/** False when someone else removed it first (a concurrent sweep or delete). */
async function removeFile(file: string): Promise<boolean> {
  try {
    await unlink(file);
    return true;
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return false;
    throw err;
  }
}

/**
 * rmdir only succeeds on an empty folder, so a concurrent writer's temp file keeps its folder alive; a writer
 * that loses the race between its mkdir and its open retries (see FilesystemBlobStore.put).
 */
async function removeIfEmpty(folder: string): Promise<void> {
  try {
    await rmdir(folder);
  } catch (err) {
    const errno = errnoOf(err);
    if (errno === 'ENOTEMPTY' || errno === 'EEXIST' || errno === 'ENOENT' || errno === 'EBUSY') return;
    throw err;
  }
}
