// The offline try-it, first half: `docex extract` on one document without a server or database, and the demo's
// webhook inbox (test/cli/demo.test.ts runs the whole demo).
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebhookInbox } from '../../src/cli/demo/loopback.js';
import { generateSigningSecret, sign } from '../../src/delivery/signing.js';
import { ROOT, runCliInProcess } from '../support/cli.js';

const sample = (name: string) => path.join(ROOT, 'samples', name);

describe('docex extract', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const pdf = await readFile(sample('invoice.pdf'));
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads and extracts a local file without a server or database', async () => {
    const r = await runCliInProcess(['extract', sample('invoice.pdf'), '--json'], {});
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.summary_data).toMatchObject({
      invoice_number: 'INV-2026-0415',
      vendor_name: 'Lindqvist Office Supplies Ltd',
      total: 144,
      currency: 'GBP',
    });
    expect(data.lineItems).toHaveLength(3);
    const text = await runCliInProcess(['extract', sample('invoice.pdf'), '--no-line-items'], {});
    expect(text.stdout).toMatch(/invoice\.pdf: pdf, 1 page\(s\), type 0, read and extracted in \d+ ms/);
  });

  it('downloads under the address policy and names the settings that allow a local address', async () => {
    const refused = await runCliInProcess(['extract', `${base}/invoice.pdf`], {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('url_not_allowed');
    expect(refused.stderr).toContain('DOCEX_TRUSTED_ADDRESSES');
    expect(refused.stderr).toContain('DOCEX_ALLOW_PRIVATE_NETWORKS');
    const allowed = await runCliInProcess(['extract', `${base}/invoice.pdf`, '--json'], {
      DOCEX_TRUSTED_ADDRESSES: '127.0.0.1',
    });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(JSON.parse(allowed.stdout).summary_data.invoice_number).toBe('INV-2026-0415');
  });

  it('fails clearly on a missing file, an unreadable format and a bad type', async () => {
    const missing = await runCliInProcess(['extract', sample('nope.pdf')], {});
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('cannot read')]);
    const readme = await runCliInProcess(['extract', sample('README.md')], {});
    expect([readme.code, readme.stderr]).toEqual([1, expect.stringContaining('is not a PDF, image')]);
    const type = await runCliInProcess(['extract', sample('invoice.pdf'), '--type', '8'], {});
    expect([type.code, type.stderr]).toEqual([1, expect.stringContaining('--type must be one of')]);
  });
});

describe('the demo webhook inbox', () => {
  it('accepts only deliveries signed with the key secret', async () => {
    const inbox = await openWebhookInbox();
    try {
      const secret = generateSigningSecret();
      inbox.setSecret(secret);
      const body = JSON.stringify({ job_id: 'j1', type: 'document.processed' });
      const timestamp = Math.floor(Date.now() / 1000);
      const post = (signature: string, id: string) =>
        fetch(inbox.baseUrl, {
          method: 'POST',
          body,
          headers: { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature },
        });
      expect(
        (await post(sign({ id: 'msg_bad', timestamp, body, secrets: [generateSigningSecret()] }), 'msg_bad')).status,
      ).toBe(401);
      expect((await inbox.next('j1', 1000)).verified).toBe(false);
      const good = await post(
        sign({ id: 'msg_good', timestamp, body, secrets: [generateSigningSecret(), secret] }),
        'msg_good',
      );
      expect(good.status).toBe(204);
    } finally {
      await inbox.close();
    }
  });
});
