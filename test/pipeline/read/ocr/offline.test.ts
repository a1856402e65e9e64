// OCR never touches the network. tesseract.js downloads its models from a CDN when it has no local langPath, and
// offline that failure kills the process; docex only starts workers from verified local model files. Checked in a
// child process whose network functions (fetch, sockets, DNS) are replaced, in every thread, by ones that record
// the attempt and fail.
import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assertLanguageDataPresent,
  prepareLanguageData,
  releaseLanguageData,
} from '../../../../src/pipeline/read/ocr/language-data.js';

const run = promisify(execFile);
const here = 'test/pipeline/read/ocr/support';
const scratch = mkdtempSync(join(tmpdir(), 'docex-offline-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function runOffline(
  mode: string[],
  logName: string,
): Promise<{ result: Record<string, unknown>; attempts: string[] }> {
  const log = join(scratch, logName);
  const { stdout } = await run(
    process.execPath,
    ['--require', `./${here}/block-network.cjs`, '--import', 'tsx', `${here}/offline-ocr.ts`, ...mode],
    { env: { ...process.env, DOCEX_NETWORK_LOG: log }, timeout: 60_000, maxBuffer: 1_000_000 },
  );
  const line = stdout.split('\n').find((candidate) => candidate.startsWith('RESULT '));
  expect(line, stdout).toBeDefined();
  const attempts = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : [];
  return { result: JSON.parse(line!.slice('RESULT '.length)) as Record<string, unknown>, attempts };
}

describe('OCR without network', { timeout: 60_000 }, () => {
  it('the blocker catches tesseract.js trying to download a model when it has no langPath', async () => {
    const { result, attempts } = await runOffline(['tesseract-without-langpath'], 'without-langpath.log');
    expect(result.error).toContain('network access blocked');
    expect(attempts).toEqual([
      expect.stringMatching(/^thread \d+: fetch https:\/\/cdn\.jsdelivr\.net\/.*eng\.traineddata\.gz$/),
    ]);
  });

  it('reads a page with eng, deu and fra without a single network attempt', async () => {
    const { result, attempts } = await runOffline(['tesseract'], 'docex.log');
    expect(result).toMatchObject({ mainBlocked: true, threadBlocked: true, languages: ['eng', 'deu', 'fra'] });
    expect(result.text).toEqual(['42183017']);
    // Only the two deliberate probes of the blocker itself.
    expect(attempts).toHaveLength(2);
    expect(attempts.every((attempt) => attempt.includes('docex-test.invalid'))).toBe(true);
  });

  it('reads a page with the paddle engine (onnxruntime-node) without a single network attempt', async () => {
    const { result, attempts } = await runOffline(['paddle'], 'paddle.log');
    expect(result).toMatchObject({ mainBlocked: true, threadBlocked: true, engine: 'paddle' });
    expect(result.text).toEqual(['42183017']);
    expect(attempts).toHaveLength(2);
    expect(attempts.every((attempt) => attempt.includes('docex-test.invalid'))).toBe(true);
  });
});

describe('language data', () => {
  it('links verified local model files into one absolute folder and removes it on release', async () => {
    const data = await prepareLanguageData(['eng', 'deu', 'fra']);
    expect(data.langPath.startsWith(tmpdir())).toBe(true);
    expect(readdirSync(data.langPath).sort()).toEqual([
      'deu.traineddata.gz',
      'eng.traineddata.gz',
      'fra.traineddata.gz',
    ]);
    for (const file of readdirSync(data.langPath))
      expect(lstatSync(join(data.langPath, file)).isSymbolicLink()).toBe(true);
    await releaseLanguageData(data);
    expect(existsSync(data.langPath)).toBe(false);
    // A worker started later would find the models gone: refused before tesseract.js is called.
    await expect(assertLanguageDataPresent(data)).rejects.toThrow(/disappeared/);
  });

  it('refuses language codes that could escape the package folder', async () => {
    await expect(prepareLanguageData(['../eng'])).rejects.toThrow(/not installed/);
    await expect(prepareLanguageData([])).rejects.toThrow(/At least one/);
  });

  it('only the worker module imports tesseract.js, only the paddle model thread imports onnxruntime-node', () => {
    const importers: string[] = [];
    const visit = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) visit(path);
        else if (
          /\.(ts|js|mjs|cjs)$/.test(entry.name) &&
          /from ['"]tesseract\.js['"]|require\(['"]tesseract\.js['"]\)/.test(readFileSync(path, 'utf8'))
        ) {
          importers.push(relative('.', path));
        }
      }
    };
    visit('src');
    expect(importers).toEqual(['src/pipeline/read/ocr/tesseract-worker.ts']);
    expect(importersOf('src', 'onnxruntime-node')).toEqual(['src/pipeline/read/ocr/paddle/model-task.ts']);
  });
});

function importersOf(folder: string, module: string): string[] {
  const pattern = new RegExp(`from ['"]${module}['"]|require\\(['"]${module}['"]\\)`);
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...importersOf(path, module));
    else if (/\.(ts|js|mjs|cjs)$/.test(entry.name) && pattern.test(readFileSync(path, 'utf8')))
      found.push(relative('.', path));
  }
  return found;
}
