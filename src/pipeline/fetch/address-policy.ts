// Which network addresses docex may connect to on a caller's behalf. A caller-supplied URL (a document to download,
// later a webhook) must never reach the service's own network: loopback, private ranges, the cloud metadata endpoint
// (169.254.169.254), or any other special-purpose range, in any spelling (IPv4-mapped IPv6, NAT64, 6to4, ...).
// The rules are an allowlist: IPv4 minus special ranges, IPv6 only inside global unicast 2000::/3 minus special
// ranges; anything that does not parse as an address is refused.
import { lookup as systemLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { PipelineError } from '../errors.js';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** First match names the reason an address is refused. */
const REFUSED_IPV4: ReadonlyArray<[string, string]> = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'], // includes the cloud metadata endpoint 169.254.169.254
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'], // deprecated 6to4 relay anycast
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
];

/** Ranges inside 2000::/3 that are not ordinary global unicast. */
const REFUSED_GLOBAL_IPV6: ReadonlyArray<[string, string]> = [
  ['2001::/32', 'teredo'], // tunnels to an address we cannot check
  ['2001:db8::/32', 'documentation'],
  ['2001::/23', 'reserved'], // IETF protocol assignments (benchmarking, ORCHID, ...)
  ['3fff::/20', 'documentation'],
];

/** Well-known ranges outside 2000::/3, only to name the reason; everything outside 2000::/3 is refused anyway. */
const NAMED_NON_GLOBAL_IPV6: ReadonlyArray<[string, string]> = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::/96', 'IPv4-compatible'], // deprecated form; refused whatever IPv4 address it embeds
  ['64:ff9b:1::/48', 'local NAT64'],
  ['100::/64', 'discard'],
  ['fc00::/7', 'private'], // unique local
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
];

const toCidrs = (table: ReadonlyArray<[string, string]>): Array<[Cidr, string]> =>
  table.map(([cidr, name]) => [ipaddr.parseCIDR(cidr), name]);

const IPV4_TABLE = toCidrs(REFUSED_IPV4);
const GLOBAL_IPV6_TABLE = toCidrs(REFUSED_GLOBAL_IPV6);
const NAMED_IPV6_TABLE = toCidrs(NAMED_NON_GLOBAL_IPV6);
const [GLOBAL_UNICAST] = toCidrs([['2000::/3', 'global']])[0]!;
const [IPV4_MAPPED] = toCidrs([['::ffff:0:0/96', 'mapped']])[0]!;
const [NAT64] = toCidrs([['64:ff9b::/96', 'nat64']])[0]!;
const [SIX_TO_FOUR] = toCidrs([['2002::/16', '6to4']])[0]!;

function firstMatch(address: ipaddr.IPv4 | ipaddr.IPv6, table: Array<[Cidr, string]>): string | null {
  for (const [cidr, name] of table) {
    if (address.kind() === cidr[0].kind() && address.match(cidr)) return name;
  }
  return null;
}

function ipv4FromBytes(bytes: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes);
}

function refusedIpv6Range(address: ipaddr.IPv6): string | null {
  const bytes = address.toByteArray();
  // Forms that embed an IPv4 address reach that IPv4 host: judge them by it.
  if (address.match(IPV4_MAPPED)) return embedded('IPv4-mapped', ipv4FromBytes(bytes.slice(12)));
  if (address.match(NAT64)) return embedded('NAT64', ipv4FromBytes(bytes.slice(12)));
  if (address.match(SIX_TO_FOUR)) return embedded('6to4', ipv4FromBytes(bytes.slice(2, 6)));
  if (!address.match(GLOBAL_UNICAST)) return firstMatch(address, NAMED_IPV6_TABLE) ?? 'reserved';
  return firstMatch(address, GLOBAL_IPV6_TABLE);
}

function embedded(form: string, v4: ipaddr.IPv4): string | null {
  const range = firstMatch(v4, IPV4_TABLE);
  return range === null ? null : `${range} (${form})`;
}

/** Accepts an address as DNS answers or URL hosts spell it; brackets around IPv6 are tolerated. */
function parseStrict(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // A zone id (fe80::1%eth0) names an interface-scoped address: never a public destination.
  if (bare.includes('%')) return null;
  // node:net is strict (dotted-quad IPv4 only); ipaddr.js alone would also take 0x7f.1 or 2130706433.
  const family = isIP(bare);
  if (family === 4) return ipaddr.IPv4.parse(bare);
  // ipaddr.js reads any dotted IPv4 tail as IPv4-mapped (it parses ::8.8.8.8 as ::ffff:8.8.8.8), so the address is
  // first rewritten in the WHATWG URL serialisation, which uses hex groups only.
  if (family === 6) return ipaddr.IPv6.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1));
  return null;
}

/**
 * Why an address is not a public destination ('loopback', 'private', 'link-local', 'loopback (IPv4-mapped)', ...),
 * or null when it is public. Anything that is not a plain IPv4/IPv6 literal is 'invalid'.
 */
export function nonPublicRange(ip: string): string | null {
  const address = parseStrict(ip);
  if (address === null) return 'invalid';
  return address.kind() === 'ipv4' ? firstMatch(address, IPV4_TABLE) : refusedIpv6Range(address as ipaddr.IPv6);
}

export function isPublicAddress(ip: string): boolean {
  return nonPublicRange(ip) === null;
}

export interface AddressPolicy {
  /** Development and on-premises setups only: every valid address is allowed. */
  allowPrivateNetworks: boolean;
  /**
   * Exact addresses or CIDR ranges allowed although not public, e.g. an operator's internal document host.
   * The rest of the policy still applies, so tests use it to reach 127.0.0.1 while keeping every other refusal.
   */
  trustedAddresses?: readonly string[];
}

/** Returns null when the address may be connected to, else the reason it is refused. */
export type AddressCheck = (ip: string) => string | null;

export function createAddressCheck(policy: AddressPolicy): AddressCheck {
  const trusted: Cidr[] = (policy.trustedAddresses ?? []).map((entry) =>
    entry.includes('/') ? ipaddr.parseCIDR(entry) : ipaddr.parseCIDR(`${entry}/${isIP(entry) === 6 ? 128 : 32}`),
  );
  return (ip) => {
    const address = parseStrict(ip);
    if (address === null) return 'invalid';
    if (policy.allowPrivateNetworks) return null;
    // An IPv4-mapped address reaches the IPv4 host, so it is trusted exactly when that host is.
    const normalized =
      address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
        ? (address as ipaddr.IPv6).toIPv4Address()
        : address;
    if (trusted.some((cidr) => normalized.kind() === cidr[0].kind() && normalized.match(cidr))) return null;
    return nonPublicRange(normalized.toString());
  };
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses; injectable so tests can make a public-looking name resolve anywhere. */
export type HostResolver = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

export const systemResolver: HostResolver = (hostname) => systemLookup(hostname, { all: true, verbatim: true });

/** getaddrinfo codes meaning "this name does not exist"; anything else (EAI_AGAIN, SERVFAIL, timeouts) may pass. */
const PERMANENT_DNS_CODES = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'EAI_NONAME', 'EAI_NODATA']);

export function dnsFailure(hostname: string, cause: unknown): PipelineError {
  const code = (cause as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' ? code : cause instanceof DnsTimeout ? 'timeout' : 'unknown';
  return new PipelineError(
    'download',
    'dns_failed',
    `The host name ${hostname} could not be resolved (${reason}).`,
    { hostname, reason },
    !PERMANENT_DNS_CODES.has(reason),
    { cause },
  );
}

class DnsTimeout extends Error {}

export function addressRefused(hostname: string, address: string, range: string, addresses?: string[]): PipelineError {
  const what = hostname === address ? 'The URL points to' : `The URL's host ${hostname} resolves to`;
  return new PipelineError(
    'download',
    'url_not_allowed',
    `${what} a ${range} address (${address}), which is not allowed. An operator can allow it with ` +
      'DOCEX_TRUSTED_ADDRESSES (this address or range), or DOCEX_ALLOW_PRIVATE_NETWORKS=true for development.',
    { hostname, address, range, ...(addresses ? { addresses } : {}) },
  );
}

export interface ResolveOptions {
  check: AddressCheck;
  lookup?: HostResolver;
  /** Bounds the lookup itself; without it the caller's own timeout must cover it. */
  timeoutMs?: number;
}

/**
 * Resolves a host name and checks EVERY answer: one refused answer refuses the host, since an attacker controlling
 * DNS could otherwise mix a public and a private address and hope the connection picks the private one.
 * Throws PipelineError dns_failed or url_not_allowed.
 */
export async function resolveCheckedAddresses(hostname: string, options: ResolveOptions): Promise<ResolvedAddress[]> {
  const resolver = options.lookup ?? systemResolver;
  let answers: ReadonlyArray<{ address: string; family: number }>;
  let timer: NodeJS.Timeout | undefined;
  try {
    const lookup = resolver(hostname);
    answers =
      options.timeoutMs === undefined
        ? await lookup
        : await Promise.race([
            lookup,
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new DnsTimeout('DNS lookup timed out')), options.timeoutMs);
            }),
          ]);
  } catch (err) {
    throw dnsFailure(hostname, err);
  } finally {
    clearTimeout(timer);
  }
  if (answers.length === 0) throw dnsFailure(hostname, Object.assign(new Error('no addresses'), { code: 'ENODATA' }));
  const addresses = answers.map((answer) => answer.address);
  const resolved: ResolvedAddress[] = [];
  for (const { address } of answers) {
    const refused = options.check(address);
    if (refused !== null) throw addressRefused(hostname, address, refused, addresses);
    resolved.push({ address, family: isIP(address) === 6 ? 6 : 4 });
  }
  return resolved;
}

/**
 * A `lookup` for net/tls.connect (and so for undici's connector) that resolves, checks every answer and hands the
 * socket only checked addresses. Because the check happens inside the connect call, there is no window between
 * check and connect for DNS rebinding. IP-literal hosts never reach a lookup: see createSafeDispatcher.
 */
export function createCheckedLookup(options: { policy: AddressPolicy; lookup?: HostResolver }): LookupFunction {
  const check = createAddressCheck(options.policy);
  return (hostname, lookupOptions, callback) => {
    resolveCheckedAddresses(hostname, { check, lookup: options.lookup }).then(
      (resolved) => {
        const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
        const wanted = family === 4 || family === 6 ? resolved.filter((r) => r.family === family) : resolved;
        const first = wanted[0];
        if (first === undefined) {
          callback(Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        } else if (lookupOptions.all) {
          callback(null, wanted);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
