// `npm run test:corpus`: tests that sweep the full development datasets (../shared/datasets, or DOCEX_DATASETS).
// A user's clone does not have them, so these stay out of `npm test`; .ci/run runs them when the datasets exist.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['test/**/*.corpus.test.ts'],
      exclude: ['**/node_modules/**'],
    },
  }),
  false,
);
