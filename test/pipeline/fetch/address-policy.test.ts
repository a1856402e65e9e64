import { describe, expect, it } from 'vitest';
import {
  createAddressCheck,
  createCheckedLookup,
  isPublicAddress,
  nonPublicRange,
  resolveCheckedAddresses,
} from '../../../src/pipeline/fetch/address-policy.js';
import { PipelineError } from '../../../src/pipeline/errors.js';

// [address, expected range name or null for public]
const TABLE: Array<[string, string | null]> = [
  // public IPv4
  ['93.184.216.34', null],
  ['8.8.8.8', null],
  ['1.1.1.1', null],
  ['100.63.255.255', null], // just below CGNAT
  ['100.128.0.0', null], // just above CGNAT
  ['172.15.255.255', null],
  ['172.32.0.0', null],
  ['169.253.255.255', null],
  ['223.255.255.255', null],
  // refused IPv4
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['169.254.0.1', 'link-local'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.10', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.99', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['192.88.99.1', 'reserved'],
  // public IPv6
  ['2606:4700:4700::1111', null],
  ['2a00:1450:4001:82b::200e', null],
  ['::ffff:8.8.8.8', null], // IPv4-mapped public
  ['64:ff9b::808:808', null], // NAT64 of 8.8.8.8
  ['2002:808:808::1', null], // 6to4 of 8.8.8.8
  // refused IPv6
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fc00::1', 'private'],
  ['fd12:3456:789a::1', 'private'],
  ['fe80::1', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['100::1', 'discard'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
  ['2001:2::1', 'reserved'], // benchmarking, inside the IETF /23
  ['4000::1', 'reserved'], // outside 2000::/3
  // IPv4 hidden in IPv6
  ['::ffff:127.0.0.1', 'loopback (IPv4-mapped)'],
  ['::ffff:7f00:1', 'loopback (IPv4-mapped)'],
  ['::ffff:169.254.169.254', 'link-local (IPv4-mapped)'],
  ['::ffff:10.0.0.1', 'private (IPv4-mapped)'],
  ['::ffff:0.0.0.0', 'unspecified (IPv4-mapped)'],
  ['::127.0.0.1', 'IPv4-compatible'],
  ['::7f00:1', 'IPv4-compatible'],
  ['::8.8.8.8', 'IPv4-compatible'], // deprecated form: refused whatever it embeds
  ['64:ff9b::7f00:1', 'loopback (NAT64)'],
  ['64:ff9b::a9fe:a9fe', 'link-local (NAT64)'],
  ['64:ff9b::192.168.0.1', 'private (NAT64)'],
  ['64:ff9b:1::a00:1', 'local NAT64'],
  ['2002:7f00:1::', 'loopback (6to4)'],
  ['2002:c0a8:101::1', 'private (6to4)'],
  ['::ffff:0:7f00:1', 'reserved'], // SIIT IPv4-translated form, outside 2000::/3
  // not plain addresses
  ['[::1]', 'loopback'],
  ['fe80::1%eth0', 'invalid'],
  ['2130706433', 'invalid'],
  ['0x7f.0.0.1', 'invalid'],
  ['127.1', 'invalid'],
  ['localhost', 'invalid'],
  ['', 'invalid'],
];

describe('isPublicAddress', () => {
  it.each(TABLE)('%s -> %s', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(range === null);
  });
});

describe('createAddressCheck', () => {
  it('allowPrivateNetworks allows every valid address but still refuses non-addresses', () => {
    const check = createAddressCheck({ allowPrivateNetworks: true });
    expect(check('127.0.0.1')).toBeNull();
    expect(check('169.254.169.254')).toBeNull();
    expect(check('::1')).toBeNull();
    expect(check('not-an-ip')).toBe('invalid');
  });

  it('trusts exactly the listed addresses and ranges, and their IPv4-mapped forms', () => {
    const check = createAddressCheck({ allowPrivateNetworks: false, trustedAddresses: ['127.0.0.1', '10.1.0.0/16'] });
    expect(check('127.0.0.1')).toBeNull();
    expect(check('::ffff:127.0.0.1')).toBeNull();
    expect(check('10.1.200.3')).toBeNull();
    expect(check('127.0.0.2')).toBe('loopback');
    expect(check('10.2.0.1')).toBe('private');
    expect(check('169.254.169.254')).toBe('link-local');
    expect(check('8.8.8.8')).toBeNull();
  });
});

describe('resolveCheckedAddresses', () => {
  const check = createAddressCheck({ allowPrivateNetworks: false });

  it('returns every answer when all are public', async () => {
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ];
    await expect(resolveCheckedAddresses('docs.example.com', { check, lookup })).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
  });

  it('refuses the host when any one answer is not public', async () => {
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const err = await resolveCheckedAddresses('mixed.example.com', { check, lookup }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PipelineError);
    expect(err).toMatchObject({
      code: 'url_not_allowed',
      detail: { hostname: 'mixed.example.com', address: '10.0.0.7', range: 'private' },
    });
  });

  it('classifies NXDOMAIN as permanent and temporary failures and timeouts as transient', async () => {
    const fail = (code: string) => async () => Promise.reject(Object.assign(new Error(code), { code }));
    await expect(resolveCheckedAddresses('a.example', { check, lookup: fail('ENOTFOUND') })).rejects.toMatchObject({
      code: 'dns_failed',
      transient: false,
    });
    await expect(resolveCheckedAddresses('a.example', { check, lookup: fail('EAI_AGAIN') })).rejects.toMatchObject({
      code: 'dns_failed',
      transient: true,
    });
    const never = () => new Promise<never>(() => {});
    await expect(resolveCheckedAddresses('a.example', { check, lookup: never, timeoutMs: 50 })).rejects.toMatchObject({
      code: 'dns_failed',
      transient: true,
      detail: { reason: 'timeout' },
    });
    await expect(resolveCheckedAddresses('a.example', { check, lookup: async () => [] })).rejects.toMatchObject({
      code: 'dns_failed',
      transient: false,
    });
  });
});

describe('createCheckedLookup (the net.connect lookup)', () => {
  const call = (lookup: ReturnType<typeof createCheckedLookup>, options: object) =>
    new Promise<{ err: Error | null; address: unknown; family?: number }>((resolve) =>
      lookup('h.example', options, (err, address, family) => resolve({ err, address, family })),
    );
  const answers = async () => [
    { address: '2606:2800:220:1::1', family: 6 },
    { address: '93.184.216.34', family: 4 },
  ];

  it('answers in both callback shapes and honours the family hint', async () => {
    const lookup = createCheckedLookup({ policy: { allowPrivateNetworks: false }, lookup: answers });
    expect(await call(lookup, { all: true })).toMatchObject({ err: null, address: await answers() });
    expect(await call(lookup, {})).toMatchObject({ err: null, address: '2606:2800:220:1::1', family: 6 });
    expect(await call(lookup, { family: 4 })).toMatchObject({ err: null, address: '93.184.216.34', family: 4 });
  });

  it('fails the connection with url_not_allowed when an answer is refused', async () => {
    const lookup = createCheckedLookup({
      policy: { allowPrivateNetworks: false },
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const { err } = await call(lookup, { all: true });
    expect(err).toMatchObject({ code: 'url_not_allowed', detail: { address: '127.0.0.1', range: 'loopback' } });
  });
});
