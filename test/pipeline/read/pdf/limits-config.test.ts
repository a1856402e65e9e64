// The PDF sandbox budgets as the worker reads them from the environment (docs/limits-documents.md).
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../src/config.js';

describe('PDF budgets in the configuration', () => {
  it('default to the documented values', () => {
    expect(loadConfig({}).pdf).toEqual({
      timeoutMs: 60_000,
      maxMemoryMb: 512,
      maxStreamMb: 128,
      maxRssGrowthMb: 1024,
      maxRetainedMb: 256,
    });
  });

  it('are read from their variables', () => {
    const { pdf } = loadConfig({
      DOCEX_PDF_MAX_STREAM_MB: '64',
      DOCEX_PDF_MAX_RSS_GROWTH_MB: '384',
      DOCEX_PDF_MAX_RETAINED_MB: '128',
    });
    expect(pdf).toMatchObject({ maxStreamMb: 64, maxRssGrowthMb: 384, maxRetainedMb: 128 });
  });

  it('refuse values out of range, naming each variable', () => {
    const problems = (() => {
      try {
        loadConfig({
          DOCEX_PDF_MAX_STREAM_MB: '0',
          DOCEX_PDF_MAX_RSS_GROWTH_MB: 'lots',
          DOCEX_PDF_MAX_RETAINED_MB: '8',
        });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems.join('\n');
      }
      throw new Error('expected a ConfigError');
    })();
    for (const name of ['DOCEX_PDF_MAX_STREAM_MB', 'DOCEX_PDF_MAX_RSS_GROWTH_MB', 'DOCEX_PDF_MAX_RETAINED_MB'])
      expect(problems).toContain(name);
  });
});
