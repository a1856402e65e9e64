import { describe, expect, it } from 'vitest';
import { addressLimitKey, isIpAllowed, normalizeAllowlistEntry } from '../../src/auth/ip-allowlist.js';

describe('IP allowlist', () => {
  it('allows any address when empty', () => {
    expect(isIpAllowed('203.0.113.9', [])).toBe(true);
    expect(isIpAllowed('2001:db8::1', [])).toBe(true);
  });

  it.each([
    ['203.0.113.9', ['203.0.113.9'], true],
    ['203.0.113.10', ['203.0.113.9'], false],
    ['10.20.30.40', ['10.0.0.0/8'], true],
    ['11.0.0.1', ['10.0.0.0/8'], false],
    ['192.168.1.255', ['192.168.1.0/24'], true],
    ['192.168.2.0', ['192.168.1.0/24'], false],
    ['0.0.0.1', ['0.0.0.0/0'], true],
    // IPv4 clients seen through a dual-stack socket match IPv4 entries.
    ['::ffff:10.1.2.3', ['10.0.0.0/8'], true],
    ['::ffff:203.0.113.9', ['203.0.113.9'], true],
    ['::ffff:203.0.113.10', ['203.0.113.9'], false],
    ['2001:db8::1', ['2001:db8::/32'], true],
    ['2001:db9::1', ['2001:db8::/32'], false],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', ['2001:db8::1'], true],
    ['::1', ['::1'], true],
    ['::1', ['127.0.0.1'], false],
    ['127.0.0.1', ['::1'], false],
    // An IPv4 entry never matches a native IPv6 client, and vice versa.
    ['2001:db8::1', ['0.0.0.0/0'], false],
    ['10.0.0.1', ['::/0'], false],
    ['not-an-ip', ['10.0.0.0/8'], false],
  ])('%s against %j -> %s', (ip, list, expected) => {
    expect(isIpAllowed(ip, list.map(normalizeAllowlistEntry))).toBe(expected);
  });

  it('normalizes entries to canonical form', () => {
    expect(normalizeAllowlistEntry(' 10.1.2.3/8 ')).toBe('10.0.0.0/8');
    expect(normalizeAllowlistEntry('2001:0DB8::0001')).toBe('2001:db8::1');
    expect(normalizeAllowlistEntry('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeAllowlistEntry('::ffff:10.0.0.0/104')).toBe('10.0.0.0/8');
    expect(normalizeAllowlistEntry('2001:db8::/32')).toBe('2001:db8::/32');
  });

  it.each(['', 'example.com', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/', '2001:db8::/129'])('rejects %j', (entry) => {
    expect(() => normalizeAllowlistEntry(entry)).toThrow(/not an IP address or CIDR/);
  });
});

describe('addressLimitKey (the per-address failure bucket)', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['not an address', 'not an address'],
  ])('%s -> %s', (ip, key) => {
    expect(addressLimitKey(ip)).toBe(key);
  });
});
