// One long-lived dispatcher for all deliveries of a worker process: undici keeps a keep-alive pool per origin, so
// repeated deliveries to one receiver reuse their TCP/TLS connections instead of paying a handshake each time.
//
// Sharing it is safe because the safe dispatcher checks addresses when a connection is OPENED, not per request: a
// host name is resolved, every answer checked and the socket pinned to a checked address inside the connect call;
// an IP-literal host is checked before the socket is opened. A pooled connection was therefore checked when it was
// made and still leads to that same address; a new connection (another host, or after the pool closed an idle one)
// is checked again, so a changed DNS answer cannot steer a later delivery somewhere private either.
import type { Agent } from 'undici';
import { createSafeDispatcher, type HostResolver, type SafeDispatcherOptions } from '../pipeline/fetch/index.js';

export const DEFAULT_DELIVERY_CONNECT_TIMEOUT_MS = 10_000;

export interface DeliveryDispatcherOptions {
  /** Development and on-premises only: lets deliveries reach loopback and private networks. */
  allowPrivateNetworks: boolean;
  /** Exact addresses or CIDR ranges allowed although not public (the rest of the policy still applies). */
  trustedAddresses?: readonly string[];
  /** Defaults to the system resolver; tests inject one to make a public-looking name resolve anywhere. */
  lookup?: HostResolver;
  /** Lookup + TCP + TLS handshake of one new connection; each attempt's own timeout bounds it as well. */
  connectTimeoutMs?: number;
  /** Extra trusted certificate authorities (an operator's internal CA). */
  ca?: SafeDispatcherOptions['ca'];
}

/**
 * Create once at worker start, pass to every sendWebhook call, and `await dispatcher.close()` at shutdown.
 * undici's own header and body timeouts are left at their (long) defaults: sendWebhook's per-attempt deadline is
 * the bound that matters, and it covers connect, headers and body together.
 */
export function createDeliveryDispatcher(options: DeliveryDispatcherOptions): Agent {
  return createSafeDispatcher({
    allowPrivateNetworks: options.allowPrivateNetworks,
    trustedAddresses: options.trustedAddresses,
    lookup: options.lookup,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_DELIVERY_CONNECT_TIMEOUT_MS,
    ca: options.ca,
  });
}
