// Blobs as files under one root folder (default <DOCEX_DATA_DIR>/blobs). Folders are created 0700 and files 0600:
// archived documents are customer data. Writes go to a temp file in the target folder, are fsynced and renamed
// over the final name, so a reader (or a crash) never sees a partial file and concurrent writers of one key
// simply race to the last complete rename.
import { constants } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_MAX_OBJECT_BYTES,
  invalidCutoffReason,
  invalidMetaReason,
  type BlobMeta,
  type BlobStore,
  type DeleteOlderThanOptions,
} from './blob-store.js';
import { BlobStoreError, errnoOf, fsError } from './errors.js';
import { sweepFolder, tempPathFor } from './filesystem-sweep.js';
import { assertValidKey } from './keys.js';

export interface FilesystemBlobStoreOptions {
  maxObjectBytes?: number;
}

// A sweep may remove a folder between our mkdir and our open (it only removes empty folders): try again.
const WRITE_ATTEMPTS = 5;

export class FilesystemBlobStore implements BlobStore {
  readonly root: string;
  readonly maxObjectBytes: number;

  constructor(rootDir: string, options: FilesystemBlobStoreOptions = {}) {
    if (typeof rootDir !== 'string' || rootDir.trim() === '' || rootDir.includes('\0')) {
      throw new BlobStoreError('invalid_config', 'The blob folder is not a usable path.');
    }
    this.root = path.resolve(rootDir);
    this.maxObjectBytes = options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES;
    if (!Number.isInteger(this.maxObjectBytes) || this.maxObjectBytes < 1) {
      throw new BlobStoreError('invalid_config', 'maxObjectBytes must be a positive whole number.');
    }
  }

  describe(): string {
    return `filesystem:${this.root}`;
  }

  async close(): Promise<void> {}

  async put(key: string, bytes: Buffer, meta: BlobMeta): Promise<void> {
    assertValidKey(key);
    if (!Buffer.isBuffer(bytes)) throw new BlobStoreError('invalid_argument', 'The object bytes must be a Buffer.');
    const metaProblem = invalidMetaReason(meta);
    if (metaProblem) throw new BlobStoreError('invalid_argument', `Invalid blob metadata: ${metaProblem}.`, { key });
    if (bytes.length > this.maxObjectBytes) throw this.tooLarge(key, bytes.length);
    // The filesystem keeps no metadata: the key already names the job and the format.
    const target = this.pathOf(key);
    const folder = path.dirname(target);
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(folder, { recursive: true, mode: 0o700 });
        await writeAtomically(folder, target, bytes);
        return;
      } catch (err) {
        if (errnoOf(err) === 'ENOENT' && attempt < WRITE_ATTEMPTS) continue;
        throw fsError('put', key, err);
      }
    }
  }

  async get(key: string): Promise<Buffer | null> {
    assertValidKey(key);
    let handle;
    try {
      // O_NOFOLLOW: a symlink planted under the root is refused rather than read through.
      handle = await open(this.pathOf(key), constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (err) {
      const errno = errnoOf(err);
      if (errno === 'ENOENT' || errno === 'ENOTDIR') return null;
      throw fsError('get', key, err);
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) return null;
      if (stat.size > this.maxObjectBytes) throw this.tooLarge(key, stat.size);
      // The file is never modified in place (writes rename a new inode over it), so its size is stable.
      return await handle.readFile();
    } catch (err) {
      throw fsError('get', key, err);
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await unlink(this.pathOf(key));
    } catch (err) {
      if (errnoOf(err) === 'ENOENT' || errnoOf(err) === 'ENOTDIR') return;
      throw fsError('delete', key, err);
    }
  }

  /**
   * Deletes objects written before `cutoff`. Date-partition folders (YYYY/MM/DD) that end before the cutoff are
   * emptied without looking at file times and those starting at or after it are skipped unread; inside the day
   * of the cutoff and for keys without a date, the file's mtime decides. Emptied folders are removed.
   */
  async deleteOlderThan(cutoff: Date, opts?: DeleteOlderThanOptions): Promise<number> {
    const problem = invalidCutoffReason(cutoff, opts);
    if (problem) throw new BlobStoreError('invalid_argument', `deleteOlderThan: ${problem}.`);
    try {
      return await sweepFolder(this.root, cutoff, opts?.limit ?? Number.POSITIVE_INFINITY);
    } catch (err) {
      throw fsError('deleteOlderThan', undefined, err);
    }
  }

  private pathOf(key: string): string {
    const full = path.join(this.root, ...key.split('/'));
    // Defence in depth: assertValidKey already makes escaping the root impossible.
    if (!full.startsWith(this.root + path.sep)) throw new BlobStoreError('invalid_key', 'Key escapes the root.');
    return full;
  }

  private tooLarge(key: string, size: number): BlobStoreError {
    return new BlobStoreError(
      'object_too_large',
      `The object is larger than the limit of ${this.maxObjectBytes} bytes.`,
      { key, size, maxObjectBytes: this.maxObjectBytes },
    );
  }
}

async function writeAtomically(folder: string, target: string, bytes: Buffer): Promise<void> {
  const temp = tempPathFor(target);
  // 'wx': never reuse or follow an existing path; 0600 before the first byte is written.
  const handle = await open(temp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
  await syncFolder(folder);
}

/** Makes the rename itself durable; best effort (not every filesystem supports fsync on a folder). */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, constants.O_RDONLY).catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // EINVAL/EBADF on filesystems without folder fsync: the data itself is already synced.
  } finally {
    await handle.close();
  }
}
