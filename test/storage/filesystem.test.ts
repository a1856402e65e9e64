import { mkdtemp, readdir, readFile, rm, stat, symlink, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FilesystemBlobStore } from '../../src/storage/filesystem.js';
import { archiveKey } from '../../src/storage/keys.js';

const META = { contentType: 'application/pdf', jobId: '0f8fad5b-d9cb-469f-a165-70867728950e' };
const KEY = archiveKey(META.jobId, 'pdf', new Date('2026-11-21T10:00:00Z'));

let tmp: string;
let root: string;
let store: FilesystemBlobStore;

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'docex-blobs-'));
  root = path.join(tmp, 'data', 'blobs');
  store = new FilesystemBlobStore(root);
});

afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function listAll(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('FilesystemBlobStore', () => {
  it('puts, gets, overwrites and deletes an object', async () => {
    expect(await store.get(KEY)).toBeNull();
    await store.put(KEY, Buffer.from('%PDF-1.7 first'), META);
    expect((await store.get(KEY))?.toString()).toBe('%PDF-1.7 first');
    await store.put(KEY, Buffer.from('%PDF-1.7 second'), META);
    expect((await store.get(KEY))?.toString()).toBe('%PDF-1.7 second');
    expect(await readFile(path.join(root, ...KEY.split('/')), 'utf8')).toBe('%PDF-1.7 second');
    await store.delete(KEY);
    expect(await store.get(KEY)).toBeNull();
    await store.delete(KEY); // missing: not an error
    expect(await listAll(root)).toEqual([]); // no temp files left behind
  });

  it('stores an empty object', async () => {
    await store.put('misc/empty.bin', Buffer.alloc(0), META);
    expect(await store.get('misc/empty.bin')).toEqual(Buffer.alloc(0));
  });

  it('creates folders 0700 and files 0600', async () => {
    await store.put(KEY, Buffer.from('x'), META);
    const folders = ['', 'sources', 'sources/2026', 'sources/2026/11', 'sources/2026/11/21'];
    for (const folder of folders) {
      expect((await stat(path.join(root, folder))).mode & 0o777, folder).toBe(0o700);
    }
    expect((await stat(path.join(root, ...KEY.split('/')))).mode & 0o777).toBe(0o600);
  });

  it('rejects unsafe keys before touching the filesystem', async () => {
    const bad = ['../x', '../../escape.pdf', '/tmp/abs.pdf', 'a\\b', 'a\0b', 'sources/../../x', '', 'A.pdf'];
    for (const key of bad) {
      await expect(store.put(key, Buffer.from('x'), META), JSON.stringify(key)).rejects.toMatchObject({
        name: 'BlobStoreError',
        code: 'invalid_key',
      });
      await expect(store.get(key)).rejects.toMatchObject({ code: 'invalid_key' });
      await expect(store.delete(key)).rejects.toMatchObject({ code: 'invalid_key' });
    }
    expect(await readdir(tmp)).toEqual([]); // not even the root was created
  });

  it('rejects bad metadata and objects over the byte cap', async () => {
    const small = new FilesystemBlobStore(root, { maxObjectBytes: 10 });
    await expect(small.put(KEY, Buffer.alloc(11), META)).rejects.toMatchObject({ code: 'object_too_large' });
    await expect(store.put(KEY, Buffer.from('x'), { ...META, jobId: 'a\r\nX-Evil: 1' })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    await expect(store.put(KEY, 'text' as never, META)).rejects.toMatchObject({ code: 'invalid_argument' });
    // get also refuses a stored file over the cap instead of buffering it
    await store.put(KEY, Buffer.alloc(11), META);
    await expect(small.get(KEY)).rejects.toMatchObject({ code: 'object_too_large' });
  });

  it('never shows a partial file under the final name while a large write is in progress', async () => {
    const size = 8 * 1024 * 1024;
    const first = Buffer.alloc(size, 1);
    const second = Buffer.alloc(size, 2);
    const target = path.join(root, ...KEY.split('/'));
    await store.put(KEY, first, META);
    let done = false;
    const observed: number[] = [];
    const writing = store.put(KEY, second, META).finally(() => {
      done = true;
    });
    while (!done) {
      const info = await stat(target);
      observed.push(info.size);
      const bytes = await readFile(target);
      // Either the old or the new complete content, never a mix or a prefix.
      expect(bytes.length).toBe(size);
      expect(bytes[0] === bytes[size - 1]).toBe(true);
    }
    await writing;
    expect(observed.length).toBeGreaterThan(0);
    expect(observed.every((s) => s === size)).toBe(true);
    expect((await store.get(KEY))?.equals(second)).toBe(true);
  });

  it('ends with exactly one complete version when writers of one key race', async () => {
    const versions = Array.from({ length: 12 }, (_, i) => Buffer.alloc(256 * 1024, i + 1));
    const reads: Promise<Buffer | null>[] = [];
    await Promise.all(
      versions.map(async (bytes) => {
        reads.push(store.get(KEY));
        await store.put(KEY, bytes, META);
        reads.push(store.get(KEY));
      }),
    );
    for (const read of await Promise.all(reads)) {
      if (read !== null) expect(versions.some((v) => v.equals(read))).toBe(true);
    }
    const final = await store.get(KEY);
    expect(versions.some((v) => final !== null && v.equals(final))).toBe(true);
    expect(await listAll(root)).toEqual([KEY]);
  });

  it('ignores temp files and refuses symlinks planted under the root', async () => {
    await store.put(KEY, Buffer.from('real'), META);
    const folder = path.join(root, 'sources', '2026', '11', '21');
    await writeFile(path.join(folder, `.${META.jobId}.pdf.0123456789ab.tmp`), 'partial');
    await writeFile(path.join(tmp, 'secret.txt'), 'outside');
    await symlink(path.join(tmp, 'secret.txt'), path.join(folder, 'link.pdf'));
    expect((await store.get(KEY))?.toString()).toBe('real');
    await expect(store.get('sources/2026/11/21/link.pdf')).rejects.toMatchObject({ code: 'io_error' });
  });

  it('reports a filesystem failure as io_error and leaves nothing behind', async () => {
    await store.put('misc/a', Buffer.from('file, not folder'), META);
    await expect(store.put('misc/a/b', Buffer.from('x'), META)).rejects.toMatchObject({
      code: 'io_error',
      transient: false,
    });
    expect(await store.get('misc/a/b')).toBeNull();
    await mkdir(path.join(root, 'misc', 'dir.pdf'));
    await expect(store.put('misc/dir.pdf', Buffer.from('x'), META)).rejects.toMatchObject({ code: 'io_error' });
    expect(await listAll(path.join(root, 'misc'))).toEqual(['a']);
  });

  it('describes itself by its absolute root', () => {
    expect(new FilesystemBlobStore('relative/blobs').describe()).toBe(`filesystem:${path.resolve('relative/blobs')}`);
    expect(() => new FilesystemBlobStore('')).toThrow(expect.objectContaining({ code: 'invalid_config' }));
  });
});
