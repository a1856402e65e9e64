import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('applies documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
      bodyLimitBytes: 1048576,
      allowPrivateNetworks: false,
    });
    expect(c.dataDir).toMatch(/\.docex$/);
  });

  it('parses TRUST_PROXY forms', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('reads the OCR threads per model run, 2 by default, 1-16', () => {
    expect(loadConfig({}).ocr.threads).toBe(2);
    expect(loadConfig({ DOCEX_OCR_THREADS: '1' }).ocr.threads).toBe(1);
    expect(loadConfig({}).ocr.detectionBandRows).toBe(0);
    expect(loadConfig({ DOCEX_OCR_DETECTION_BAND_ROWS: '256' }).ocr.detectionBandRows).toBe(256);
    expect(() => loadConfig({ DOCEX_OCR_DETECTION_BAND_ROWS: '64' })).toThrow(ConfigError);
    expect(() => loadConfig({ DOCEX_OCR_THREADS: '0' })).toThrow(ConfigError);
  });

  it('treats an empty DATABASE_URL as unset (embedded database)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({
        PORT: '70000',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'verbose',
        TRUST_PROXY: 'sometimes',
        DOCEX_ALLOW_PRIVATE_NETWORKS: 'maybe',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'TRUST_PROXY', 'DOCEX_ALLOW_PRIVATE_NETWORKS'])
        expect(problems).toContain(name);
    }
  });
});
