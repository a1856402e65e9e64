import { mkdtemp, readdir, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FilesystemBlobStore } from '../../src/storage/filesystem.js';
import { archiveKey } from '../../src/storage/keys.js';
import { sweepArchive } from '../../src/storage/retention.js';

const META = { contentType: 'application/pdf', jobId: 'job' };
const NOW = new Date('2026-11-21T12:00:00Z');
// 30 days of retention: cutoff 2026-10-22T12:00:00Z.
const RETENTION_DAYS = 30;

let tmp: string;
let root: string;
let store: FilesystemBlobStore;

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'docex-retention-'));
  root = path.join(tmp, 'blobs');
  store = new FilesystemBlobStore(root);
});

afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

let counter = 0;
function jobId(): string {
  counter++;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

/** Archives a document as created at `createdAt`, with the file's mtime set to `writtenAt` (default: now). */
async function archive(createdAt: string, writtenAt?: string): Promise<string> {
  const key = archiveKey(jobId(), 'pdf', new Date(createdAt));
  await store.put(key, Buffer.from(key), META);
  if (writtenAt) await setMtime(key, writtenAt);
  return key;
}

async function setMtime(key: string, when: string): Promise<void> {
  const t = new Date(when);
  await utimes(path.join(root, ...key.split('/')), t, t);
}

async function exists(relative: string): Promise<boolean> {
  return stat(path.join(root, relative)).then(
    () => true,
    () => false,
  );
}

describe('FilesystemBlobStore.deleteOlderThan', () => {
  it('drops whole expired days, decides the cutoff day by mtime and never reads newer days', async () => {
    const oldDay = await archive('2026-09-15T08:00:00Z'); // fresh mtime, but the whole day is expired
    const dayBefore = await archive('2026-10-21T23:00:00Z');
    const cutoffDayOld = await archive('2026-10-22T06:00:00Z', '2026-10-22T06:00:00Z');
    const cutoffDayNew = await archive('2026-10-22T18:00:00Z', '2026-10-22T18:00:00Z');
    const recent = await archive('2026-11-20T10:00:00Z', '2020-01-01T00:00:00Z'); // old mtime, newer day: kept
    await store.put('misc/old.bin', Buffer.from('x'), META);
    await setMtime('misc/old.bin', '2026-01-01T00:00:00Z');
    await store.put('misc/new.bin', Buffer.from('x'), META);

    const result = await sweepArchive(store, RETENTION_DAYS, NOW);

    expect(result).toEqual({ cutoff: new Date('2026-10-22T12:00:00Z'), deleted: 4, limitReached: false });
    for (const gone of [oldDay, dayBefore, cutoffDayOld, 'misc/old.bin'])
      expect(await store.get(gone), gone).toBeNull();
    for (const kept of [cutoffDayNew, recent, 'misc/new.bin']) expect(await store.get(kept), kept).not.toBeNull();
    // Emptied folders are removed, folders that still hold objects stay.
    expect(await exists('sources/2026/09')).toBe(false);
    expect(await exists('sources/2026/10/21')).toBe(false);
    expect(await exists('sources/2026/10/22')).toBe(true);
    expect(await exists('sources/2026/11/20')).toBe(true);
  });

  it('removes everything expired and then the empty tree, but never the root', async () => {
    await archive('2025-03-01T00:00:00Z');
    await archive('2026-01-31T00:00:00Z');
    expect(await store.deleteOlderThan(NOW)).toBe(2);
    expect(await readdir(root)).toEqual([]);
    expect(await store.deleteOlderThan(NOW)).toBe(0);
  });

  it('honours the limit, oldest partitions first', async () => {
    const keys = [];
    for (const day of ['2026-05-05', '2026-01-10', '2026-03-01', '2025-12-31', '2026-02-28']) {
      keys.push(await archive(`${day}T12:00:00Z`));
    }
    expect(await store.deleteOlderThan(NOW, { limit: 2 })).toBe(2);
    expect(await store.get(keys[3]!)).toBeNull(); // 2025-12-31
    expect(await store.get(keys[1]!)).toBeNull(); // 2026-01-10
    expect(await store.get(keys[4]!)).not.toBeNull();
    expect(await store.deleteOlderThan(NOW, { limit: 0 })).toBe(0);
    const run = await sweepArchive(store, RETENTION_DAYS, NOW, { limit: 2 });
    expect(run).toMatchObject({ deleted: 2, limitReached: true });
    expect(await store.deleteOlderThan(NOW)).toBe(1);
  });

  it('leaves foreign files, symlinks and fresh temp files alone but removes stale temp files', async () => {
    const key = await archive('2026-11-21T09:00:00Z');
    const folder = path.join(root, 'sources', '2026', '11', '21');
    const old = new Date('2026-01-01T00:00:00Z');
    const foreign = path.join(root, 'README.TXT');
    await writeFile(foreign, 'operator notes');
    await utimes(foreign, old, old);
    const outside = path.join(tmp, 'outside.pdf');
    await writeFile(outside, 'not ours');
    await utimes(outside, old, old);
    await symlink(outside, path.join(root, 'link.pdf'));
    const staleTemp = path.join(folder, `.x.pdf.aaaaaaaaaaaa.tmp`);
    const freshTemp = path.join(folder, `.y.pdf.bbbbbbbbbbbb.tmp`);
    await writeFile(staleTemp, 'crashed write');
    await utimes(staleTemp, old, old);
    await writeFile(freshTemp, 'write in progress');

    // A cutoff in the future makes every object eligible.
    expect(await store.deleteOlderThan(new Date(Date.now() + 60_000))).toBe(1);
    expect(await store.get(key)).toBeNull();
    expect((await readdir(root)).sort()).toEqual(['README.TXT', 'link.pdf', 'sources']);
    expect(await readdir(folder)).toEqual([path.basename(freshTemp)]);
    expect(await stat(outside)).toBeTruthy();
  });

  it('keeps writers working while sweeps remove their folders', async () => {
    // Puts into an expired day while sweeps keep deleting that day and removing its folders: a sweep may remove a
    // folder between a writer's mkdir and its open, which the writer must survive.
    let writing = true;
    const sweeper = async () => {
      let deleted = 0;
      while (writing) deleted += await store.deleteOlderThan(NOW);
      return deleted;
    };
    const sweepers = [sweeper(), sweeper()];
    const failures: unknown[] = [];
    try {
      for (let i = 0; i < 50; i++) {
        const key = archiveKey(jobId(), 'pdf', new Date('2026-01-01T00:00:00Z'));
        await store.put(key, Buffer.from('x'), META).catch((err: unknown) => failures.push(err));
      }
    } finally {
      writing = false;
    }
    const swept = (await Promise.all(sweepers)).reduce((a, b) => a + b, 0);
    expect(failures).toEqual([]);
    expect(swept + (await store.deleteOlderThan(NOW))).toBe(50);
  });

  it('validates its arguments', async () => {
    await expect(store.deleteOlderThan(new Date('x'))).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(store.deleteOlderThan(NOW, { limit: -1 })).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(store.deleteOlderThan(NOW, { limit: 1.5 })).rejects.toMatchObject({ code: 'invalid_argument' });
    for (const days of [0, -1, 1.5, Number.NaN, 100_000]) {
      await expect(sweepArchive(store, days, NOW)).rejects.toMatchObject({ code: 'invalid_argument' });
    }
    // A missing root is simply empty.
    expect(await new FilesystemBlobStore(path.join(tmp, 'never-created')).deleteOlderThan(NOW)).toBe(0);
  });
});
