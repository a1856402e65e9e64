// `npm run test:corpus`: tests that sweep the full development datasets (../shared/datasets, or DOCEX_DATASETS).
// A user's clone does not have them, so these stay out of `npm test`; .ci/run runs them when the datasets exist.
// (Not mergeConfig: it concatenates arrays, which would keep the base config's include and exclude.)
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({
  test: {
    ...base.test,
    include: ['test/**/*.corpus.test.ts'],
    exclude: ['**/node_modules/**'],
  },
});
