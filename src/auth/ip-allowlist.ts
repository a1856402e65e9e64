// API-key IP allowlists: exact IPv4/IPv6 addresses and CIDR ranges. IPv4-mapped IPv6 addresses (::ffff:a.b.c.d),
// as a dual-stack socket reports IPv4 clients, are compared as the IPv4 address they carry.
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function parseRange(entry: string): Range {
  const text = entry.trim();
  if (text.includes('/')) {
    const [addr, bits] = ipaddr.parseCIDR(text);
    if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      return [(addr as ipaddr.IPv6).toIPv4Address(), bits - 96];
    }
    return [addr, bits];
  }
  const addr = ipaddr.process(text);
  return [addr, addr.kind() === 'ipv4' ? 32 : 128];
}

/** Validates and canonicalises an entry ("10.0.0.1", "10.0.0.0/8", "2001:db8::/32"); throws on anything else. */
export function normalizeAllowlistEntry(entry: string): string {
  let range: Range;
  try {
    range = parseRange(entry);
  } catch {
    throw new Error(`not an IP address or CIDR range: ${JSON.stringify(entry)}`);
  }
  const [addr, bits] = range;
  const full = addr.kind() === 'ipv4' ? 32 : 128;
  if (bits === full) return addr.toString();
  // Store the network address, so "10.1.2.3/8" reads back as what it means: "10.0.0.0/8".
  const network =
    addr.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${addr.toString()}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/${bits}`);
  return `${network.toString()}/${bits}`;
}

/** True when the list is empty (no restriction) or the address falls in one of its entries. */
export function isIpAllowed(ip: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  let client: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    client = ipaddr.process(ip);
  } catch {
    return false;
  }
  return allowlist.some((entry) => {
    try {
      const [addr, bits] = parseRange(entry);
      return addr.kind() === client.kind() && client.match(addr, bits);
    } catch {
      return false;
    }
  });
}

/**
 * The key under which an address's failed authentications are counted: an IPv4 address as it is (IPv4-mapped IPv6
 * included), an IPv6 address by its /64 network, since one host or customer usually holds a whole /64 and could
 * otherwise rotate through 2^64 addresses to dodge a per-address limit.
 */
export function addressLimitKey(ip: string): string {
  try {
    const addr = ipaddr.process(ip);
    if (addr.kind() === 'ipv4') return addr.toString();
    return `${ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/64`).toString()}/64`;
  } catch {
    return ip;
  }
}
