// `keys create` checks the webhook base URL against the address policy the worker applies when it delivers
// (DOCEX_ALLOW_PRIVATE_NETWORKS, DOCEX_TRUSTED_ADDRESSES), so a key whose webhooks could never be delivered is caught
// when it is made, not hours later in a delivery log.
import { isIP } from 'node:net';
import type { Config } from '../config.js';
import { PipelineError } from '../pipeline/errors.js';
import { createAddressCheck, resolveCheckedAddresses } from '../pipeline/fetch/address-policy.js';
import { CliError, notice } from './output.js';

const DNS_TIMEOUT_MS = 3_000;

export async function checkWebhookReachable(baseUrl: string, config: Config, allowUnreachable: boolean): Promise<void> {
  const hostname = new URL(baseUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  const check = createAddressCheck({
    allowPrivateNetworks: config.allowPrivateNetworks,
    trustedAddresses: config.trustedAddresses,
  });
  let refusal: string | null = null;
  try {
    await resolveCheckedAddresses(hostname, { check, timeoutMs: DNS_TIMEOUT_MS });
  } catch (err) {
    if (!(err instanceof PipelineError)) throw err;
    if (err.code !== 'url_not_allowed') {
      // Offline, or a name that exists only later: worth a word, not a refusal.
      notice(`could not check the webhook base URL's host now (${err.message}); deliveries will check it each time`);
      return;
    }
    refusal = err.message;
  }
  if (refusal === null) return;
  const explanation =
    `the webhook base URL would be refused by the address policy: ${refusal} ` +
    'Webhooks to it would fail with webhook_url_not_allowed. Allow the address for the service and this command with ' +
    `DOCEX_TRUSTED_ADDRESSES=${isIP(hostname) ? hostname : '<its address>'} ` +
    '(or DOCEX_ALLOW_PRIVATE_NETWORKS=true for development)';
  if (!allowUnreachable)
    throw new CliError(`${explanation}, or pass --allow-unreachable-webhook to create the key anyway`);
  notice(`warning: ${explanation}; creating the key anyway (--allow-unreachable-webhook)`);
}
