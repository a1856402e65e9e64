// The safe downloader's public surface. Webhook delivery reuses the address policy and the pinned dispatcher.
export {
  download,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TOTAL_TIMEOUT_MS,
  DEFAULT_USER_AGENT,
  type DownloadOptions,
  type Downloaded,
} from './download.js';
export {
  createAddressCheck,
  createCheckedLookup,
  isPublicAddress,
  nonPublicRange,
  resolveCheckedAddresses,
  systemResolver,
  type AddressCheck,
  type AddressPolicy,
  type HostResolver,
  type ResolvedAddress,
} from './address-policy.js';
export { createSafeDispatcher, DEFAULT_CONNECT_TIMEOUT_MS, type SafeDispatcherOptions } from './safe-dispatcher.js';
export { firstBytesHex, sniffFormat } from './sniff.js';
