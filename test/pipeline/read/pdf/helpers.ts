// Shared by the PDF reading tests: dataset paths and small assertions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { PipelineError } from '../../../../src/pipeline/errors.js';
import type { Page, Word } from '../../../../src/pipeline/model.js';
import { datasetFile } from '../../../support/datasets.js';

const projectRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A file of the shared datasets, e.g. dataset('invoice2data/documents/oyo.pdf'). */
export function dataset(relativePath: string): Buffer {
  return datasetFile(relativePath);
}

export function fixture(name: string): Buffer {
  return readFileSync(path.join(projectRoot, 'test/fixtures/pdf', name));
}

export const zugferd = (file: string): string => `zugferd-corpus/documents/${file}`;

export function findWord(page: Page, text: string): Word | undefined {
  return page.lines.flatMap((line) => line.words).find((word) => word.text === text);
}

/** Every box lies inside the page and has a positive size; lines run top to bottom, words left to right. */
export function expectSaneLayout(page: Page): void {
  let previousTop = -Infinity;
  for (const line of page.lines) {
    expect(line.bbox.y).toBeGreaterThanOrEqual(previousTop);
    previousTop = line.bbox.y;
    expect(line.text).toBe(line.words.map((word) => word.text).join(' '));
    let previousX = -Infinity;
    for (const word of line.words) {
      expect(word.text).toMatch(/^\S+$/u);
      expect(word.bbox.x).toBeGreaterThanOrEqual(previousX);
      previousX = word.bbox.x;
      expect(word.bbox.width).toBeGreaterThan(0);
      expect(word.bbox.height).toBeGreaterThan(0);
      expect(word.bbox.x).toBeGreaterThanOrEqual(-1);
      expect(word.bbox.y).toBeGreaterThanOrEqual(-1);
      expect(word.bbox.x + word.bbox.width).toBeLessThanOrEqual(page.width + 1);
      expect(word.bbox.y + word.bbox.height).toBeLessThanOrEqual(page.height + 1);
    }
  }
}

export async function pipelineFailure(promise: Promise<unknown>): Promise<PipelineError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a PipelineError');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PipelineError);
  return error as PipelineError;
}
