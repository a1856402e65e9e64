import { describe, expect, it } from 'vitest';
import { BlobStoreError } from '../../src/storage/errors.js';
import { archiveKey, assertValidKey, contentTypeFor, isValidKey, partitionRange } from '../../src/storage/keys.js';

const JOB_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('archiveKey', () => {
  it('builds a date-partitioned key from the job id, format and UTC creation date', () => {
    expect(archiveKey(JOB_ID, 'pdf', new Date('2026-11-21T23:59:59Z'))).toBe(`sources/2026/11/21/${JOB_ID}.pdf`);
    expect(archiveKey(JOB_ID, 'jpeg', new Date('2026-01-02T00:00:00Z'))).toBe(`sources/2026/01/02/${JOB_ID}.jpg`);
    expect(archiveKey(JOB_ID.toUpperCase(), 'xml', new Date('2026-03-04T10:00:00+05:00'))).toBe(
      `sources/2026/03/04/${JOB_ID}.xml`,
    );
  });

  it('refuses anything but a UUID, a known format and a valid date', () => {
    const date = new Date('2026-11-21T00:00:00Z');
    for (const bad of ['../etc/passwd', 'abc', `${JOB_ID}/x`, `${JOB_ID}\0`, '']) {
      expect(() => archiveKey(bad, 'pdf', date)).toThrow(BlobStoreError);
    }
    expect(() => archiveKey(JOB_ID, 'exe' as never, date)).toThrow(/format/);
    expect(() => archiveKey(JOB_ID, 'toString' as never, date)).toThrow(/format/);
    expect(() => archiveKey(JOB_ID, 'pdf', new Date('nope'))).toThrow(/date/);
  });

  it('maps formats to content types', () => {
    expect(contentTypeFor('pdf')).toBe('application/pdf');
    expect(contentTypeFor('jpeg')).toBe('image/jpeg');
    expect(contentTypeFor('xml')).toBe('application/xml');
  });
});

describe('key validation', () => {
  it('accepts lowercase relative paths of safe segments', () => {
    for (const good of [
      'a',
      'sources/2026/11/21/x.pdf',
      'misc/a_b-c.d/e.bin',
      `docex/sources/2026/01/01/${JOB_ID}.png`,
    ]) {
      expect(isValidKey(good), good).toBe(true);
    }
  });

  it('rejects traversal, absolute paths, backslashes, NUL and other unsafe shapes', () => {
    const bad = [
      '../x',
      'a/../x',
      '..',
      '.',
      'a/./b',
      '/etc/passwd',
      '/a',
      'a\\b',
      '..\\x',
      'C:\\x',
      'a\0b',
      'a/b\0',
      '',
      'a/',
      'a//b',
      '.hidden',
      'a/.tmp',
      'trailing.',
      'Upper/case',
      'sp ace',
      'a/b?c',
      'ü',
      'x'.repeat(129),
      'a/'.repeat(8) + 'a',
      `${'abcdefgh/'.repeat(28)}x`,
    ];
    for (const key of bad) {
      expect(isValidKey(key), JSON.stringify(key)).toBe(false);
      expect(() => assertValidKey(key)).toThrow(expect.objectContaining({ code: 'invalid_key' }));
    }
    for (const notString of [undefined, null, 42, { toString: () => 'a' }]) expect(isValidKey(notString)).toBe(false);
  });
});

describe('partitionRange', () => {
  it('recognises day, month and year folders by their trailing segments', () => {
    expect(partitionRange(['sources', '2026', '11', '21'])).toEqual({
      start: new Date('2026-11-21T00:00:00Z'),
      end: new Date('2026-11-22T00:00:00Z'),
    });
    expect(partitionRange(['sources', '2026', '12', '31'])?.end).toEqual(new Date('2027-01-01T00:00:00Z'));
    expect(partitionRange(['sources', '2026', '02'])).toEqual({
      start: new Date('2026-02-01T00:00:00Z'),
      end: new Date('2026-03-01T00:00:00Z'),
    });
    expect(partitionRange(['sources', '2026'])?.end).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('ignores other folders and impossible dates', () => {
    expect(partitionRange(['sources'])).toBeNull();
    expect(partitionRange(['sources', '2026', '02', '31'])).toBeNull();
    expect(partitionRange(['sources', '2026', '13'])).toBeNull();
    expect(partitionRange([])).toBeNull();
  });
});
