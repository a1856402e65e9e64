// An undici dispatcher that can only open connections to addresses the policy allows. Both ways a connection can be
// addressed are covered: a host name goes through the checked lookup (resolve, check every answer, connect to a
// checked one), and an IP-literal host (which net.connect never looks up) is checked before the socket is opened.
// TLS keeps the URL's host name for SNI and certificate verification; only the IP the socket dials is controlled.
import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { Agent, buildConnector } from 'undici';
import { PipelineError } from '../errors.js';
import { createAddressCheck, createCheckedLookup, type AddressPolicy, type HostResolver } from './address-policy.js';

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export interface SafeDispatcherOptions extends AddressPolicy {
  /** Defaults to the system resolver (getaddrinfo). */
  lookup?: HostResolver;
  /** Covers the lookup, the TCP handshake and the TLS handshake of one connection. */
  connectTimeoutMs?: number;
  /** Extra trusted certificate authorities, e.g. an operator's internal CA (and a test's self-signed one). */
  ca?: ConnectionOptions['ca'];
  /** Undici's per-request limits on waiting for headers and between body chunks. */
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
}

export function createSafeDispatcher(options: SafeDispatcherOptions): Agent {
  const check = createAddressCheck(options);
  const connector = buildConnector({
    timeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    lookup: createCheckedLookup({ policy: options, lookup: options.lookup }),
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  });
  return new Agent({
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
    connect: (connectOptions, callback) => {
      // undici has already removed the brackets of an IPv6 literal.
      const host = connectOptions.hostname;
      if (isIP(host) !== 0) {
        const refused = check(host);
        if (refused !== null) {
          callback(
            new PipelineError(
              'download',
              'url_not_allowed',
              `Connecting to a ${refused} address (${host}) is not allowed.`,
              { address: host, range: refused },
            ),
            null,
          );
          return;
        }
      }
      connector(connectOptions, callback);
    },
  });
}
