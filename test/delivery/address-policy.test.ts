// Deliveries obey the downloader's address rules: without allowPrivateNetworks nothing on loopback (by IP literal or
// by a name that resolves there) is ever connected to, and DNS failures are reported as such.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryDispatcher } from '../../src/delivery/dispatcher.js';
import { sendWebhook } from '../../src/delivery/send.js';
import { generateSigningSecret, newMessageId } from '../../src/delivery/signing.js';
import { startReceiver, type Receiver } from './support/receiver.js';

const SECRET = generateSigningSecret();
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver.close();
});

async function deliver(url: string, options: Parameters<typeof createDeliveryDispatcher>[0]) {
  const dispatcher = createDeliveryDispatcher(options);
  try {
    return await sendWebhook({
      url,
      body: '{"type":"document.processed"}',
      messageId: newMessageId(),
      secrets: [SECRET],
      dispatcher,
      timeoutMs: 2_000,
    });
  } finally {
    await dispatcher.destroy();
  }
}

describe('delivery address policy', () => {
  it('refuses 127.0.0.1 as url_not_allowed without opening a connection', async () => {
    const result = await deliver(receiver.url(), { allowPrivateNetworks: false });
    expect(result).toMatchObject({ ok: false, statusCode: null, responseBody: null });
    expect(result.error?.code).toBe('url_not_allowed');
    expect(result.error?.message).toContain('loopback');
    expect(receiver.connections()).toBe(0);
  });

  it('refuses a public-looking host name that resolves to loopback, without connecting', async () => {
    const url = receiver.url().replace('127.0.0.1', 'hooks.customer.example');
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const result = await deliver(url, { allowPrivateNetworks: false, lookup });
    expect(result.error?.code).toBe('url_not_allowed');
    expect(receiver.connections()).toBe(0);
  });

  it('refuses the cloud metadata address', async () => {
    const result = await deliver('http://169.254.169.254/latest/meta-data/', { allowPrivateNetworks: false });
    expect(result.error?.code).toBe('url_not_allowed');
    expect(result.error?.message).toContain('link-local');
  });

  it('reports a name that does not resolve as dns_failed', async () => {
    const lookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const result = await deliver('http://no-such-host.example/hook', { allowPrivateNetworks: false, lookup });
    expect(result.error?.code).toBe('dns_failed');
  });

  it('delivers to loopback when private networks are allowed (development only)', async () => {
    const url = receiver.url().replace('127.0.0.1', 'hooks.customer.example');
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const result = await deliver(url, { allowPrivateNetworks: true, lookup });
    expect(result).toMatchObject({ ok: true, statusCode: 204 });
    expect(receiver.requests).toHaveLength(1);
  });
});
