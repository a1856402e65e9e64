import { describe, expect, it } from 'vitest';
import { CredentialCache } from '../../src/auth/credential-cache.js';

describe('CredentialCache', () => {
  it('hits only for the same client, secret and stored hash', () => {
    const cache = new CredentialCache(10);
    cache.remember('c1', '$2b$10$hashA', 'secret-1');
    expect(cache.has('c1', '$2b$10$hashA', 'secret-1')).toBe(true);
    expect(cache.has('c1', '$2b$10$hashA', 'secret-2')).toBe(false);
    expect(cache.has('c1', '$2b$10$hashB', 'secret-1')).toBe(false);
    expect(cache.has('c2', '$2b$10$hashA', 'secret-1')).toBe(false);
  });

  it('never holds the plaintext secret', () => {
    const cache = new CredentialCache(10);
    cache.remember('c1', 'h', 'dxs_plaintext-secret-value');
    const dump = JSON.stringify([...(cache as unknown as { entries: Map<string, unknown> }).entries]);
    expect(dump).not.toContain('plaintext-secret-value');
  });

  it('evicts the least recently used entry beyond its bound', () => {
    const cache = new CredentialCache(2);
    cache.remember('a', 'h', 's');
    cache.remember('b', 'h', 's');
    expect(cache.has('a', 'h', 's')).toBe(true); // a is now most recent
    cache.remember('c', 'h', 's');
    expect(cache.size).toBe(2);
    expect(cache.has('b', 'h', 's')).toBe(false);
    expect(cache.has('a', 'h', 's')).toBe(true);
    expect(cache.has('c', 'h', 's')).toBe(true);
  });

  it('caches nothing when sized 0', () => {
    const cache = new CredentialCache(0);
    cache.remember('a', 'h', 's');
    expect(cache.has('a', 'h', 's')).toBe(false);
  });
});
