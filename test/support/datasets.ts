// Real documents for tests, copied from the development datasets into test/fixtures/datasets/ under the same
// relative paths (`invoice2data/documents/oyo.pdf`), so `npm test` runs on a clone without ../shared. Origin and
// licence of every file: test/fixtures/datasets/README.md. Corpus-wide tests (test/**/*.corpus.test.ts, run by
// `npm run test:corpus`) read the full datasets instead: see sharedDatasetsRoot().
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export const FIXTURE_DATASETS = path.join(projectRoot, 'test/fixtures/datasets');

/** Absolute path of a dataset file copied into the repository, e.g. datasetPath('invoice2data/documents/oyo.pdf'). */
export function datasetPath(relative: string): string {
  const file = path.join(FIXTURE_DATASETS, relative);
  if (!existsSync(file)) {
    throw new Error(
      `test fixture ${relative} is missing from test/fixtures/datasets: copy it from ../shared/datasets and list it in its README`,
    );
  }
  return file;
}

export function datasetFile(relative: string): Buffer {
  return readFileSync(datasetPath(relative));
}

/**
 * The full development datasets (../shared/datasets, or DOCEX_DATASETS), for corpus-wide tests only. Throws with
 * a clear message when they are absent: `npm run test:corpus` is meant for machines that have them.
 */
export function sharedDatasetsRoot(): string {
  const root = process.env.DOCEX_DATASETS ?? path.resolve(projectRoot, '../shared/datasets');
  if (!existsSync(root)) {
    throw new Error(`corpus tests need the development datasets at ${root} (set DOCEX_DATASETS to their folder)`);
  }
  return root;
}
