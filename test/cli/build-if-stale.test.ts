// npm start's prestart rebuilds only when a source is newer than the last complete build.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { staleReason } from '../../scripts/build-if-stale.mjs';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function tree(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docex-stale-'));
  dirs.push(root);
  await mkdir(path.join(root, 'src', 'cli'), { recursive: true });
  await writeFile(path.join(root, 'src', 'cli', 'main.ts'), '');
  await writeFile(path.join(root, 'tsconfig.json'), '{}');
  return root;
}

const at = (file: string, seconds: number) => utimes(file, seconds, seconds);

describe('build-if-stale', () => {
  it('asks for a build when there is none, and when a source is newer than the last complete build', async () => {
    const root = await tree();
    expect(staleReason(root)).toBe('there is no complete build yet');
    await mkdir(path.join(root, 'dist'));
    const mark = path.join(root, 'dist', '.build-complete');
    await writeFile(mark, '');
    await at(path.join(root, 'src', 'cli', 'main.ts'), 1_000);
    await at(path.join(root, 'tsconfig.json'), 1_000);
    await at(mark, 2_000);
    expect(staleReason(root)).toBeNull();
    await at(path.join(root, 'src', 'cli', 'main.ts'), 3_000);
    expect(staleReason(root)).toBe(`${path.join('src', 'cli', 'main.ts')} changed since the last build`);
    await at(mark, 4_000);
    expect(staleReason(root)).toBeNull();
    await at(path.join(root, 'tsconfig.json'), 5_000);
    expect(staleReason(root)).toContain('tsconfig.json');
  });
});
