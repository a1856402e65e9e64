import { describe, expect, it } from 'vitest';
import { completeCharactersEnd, truncateResponseBody } from '../../src/delivery/truncate.js';

const bytes = (s: string) => Buffer.from(s, 'utf8');
const size = (s: string) => Buffer.byteLength(s, 'utf8');

describe('truncateResponseBody', () => {
  it('keeps a short text body as is', () => {
    expect(truncateResponseBody(bytes('{"ok":true}'))).toBe('{"ok":true}');
    expect(truncateResponseBody(bytes(''))).toBe('');
    expect(truncateResponseBody(bytes('x'.repeat(4096)))).toBe('x'.repeat(4096));
  });

  it('cuts long text within the limit, marker included, and states the total', () => {
    const out = truncateResponseBody(bytes('a'.repeat(10_000)), 100);
    expect(out).toBe(`${'a'.repeat(100 - size('…[truncated, 10000 bytes total]'))}…[truncated, 10000 bytes total]`);
    expect(size(out)).toBe(100);
  });

  it('says "at least" when the reader stopped before the end', () => {
    const out = truncateResponseBody(bytes('abc'), 100, { totalBytes: 3, complete: false });
    expect(out).toBe('abc…[truncated, at least 3 bytes]');
  });

  it('never splits a multi-byte character, at every cut position', () => {
    const text = 'ä€😀x'.repeat(200); // 2-, 3-, 4- and 1-byte characters
    for (let limit = 64; limit < 140; limit++) {
      const out = truncateResponseBody(bytes(text), limit);
      expect(size(out)).toBeLessThanOrEqual(limit);
      expect(out).not.toContain('\uFFFD');
      const kept = out.slice(0, out.indexOf('…['));
      expect(text.startsWith(kept)).toBe(true);
    }
  });

  it('drops a character cut off by the reader at the end of a prefix', () => {
    const euro = bytes('ab€');
    const out = truncateResponseBody(euro.subarray(0, 4), 100, { totalBytes: 4, complete: false });
    expect(out).toBe('ab…[truncated, at least 4 bytes]');
  });

  it('stores binary as base64 with its size, bounded by the limit', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]);
    expect(truncateResponseBody(png)).toBe(`[binary, 10 bytes total] base64:${png.toString('base64')}`);
    const big = Buffer.alloc(5000, 0xff);
    const out = truncateResponseBody(big, 200);
    expect(out.startsWith('[binary, 5000 bytes total] base64:')).toBe(true);
    expect(out.endsWith('…')).toBe(true);
    expect(size(out)).toBeLessThanOrEqual(200);
    const shown = Buffer.from(out.slice('[binary, 5000 bytes total] base64:'.length, -1), 'base64');
    expect(big.subarray(0, shown.length).equals(shown)).toBe(true);
  });

  it('treats valid UTF-8 with NUL as binary (PostgreSQL text cannot hold it)', () => {
    expect(truncateResponseBody(bytes('ok\u0000'))).toBe('[binary, 3 bytes total] base64:b2sA');
  });

  it('treats a truncated final character in a complete body as invalid, hence binary', () => {
    expect(truncateResponseBody(bytes('€').subarray(0, 2))).toBe('[binary, 2 bytes total] base64:4oI=');
  });

  it('rejects limits too small for the marker', () => {
    expect(() => truncateResponseBody(bytes('x'), 10)).toThrow(RangeError);
  });
});

describe('completeCharactersEnd', () => {
  it('finds the end of the last whole character', () => {
    const b = bytes('a😀');
    expect([1, 2, 3, 4, 5].map((n) => completeCharactersEnd(b.subarray(0, n)))).toEqual([1, 1, 1, 1, 5]);
  });
});
