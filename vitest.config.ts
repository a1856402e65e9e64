import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Corpus-wide tests need ../shared/datasets: `npm run test:corpus` (vitest.corpus.config.ts).
    exclude: ['test/**/*.corpus.test.ts', '**/node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only contend for CPU with PostgreSQL and bcrypt.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
