// A hung document host costs the idle timeout per attempt, not the whole download budget: a host that sends its
// headers (or part of the body) and then goes silent fails `download_timeout` (transient, retried) after
// idleTimeoutMs. Part of the worker's fairness (docs/operations-faults.md): a slot held by a hung host frees fast.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from '../../src/pipeline/fetch/download.js';
import { PipelineError } from '../../src/pipeline/errors.js';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/headers-then-silence') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.write('%PDF-1.7\n'); // then nothing, connection kept open
      return;
    }
    // '/no-answer': accepts the request and never answers
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function timing(path: string): Promise<{ err: PipelineError; ms: number }> {
  const started = Date.now();
  const err = await download(`${base}${path}`, {
    allowPrivateNetworks: true,
    trustedAddresses: [],
    totalTimeoutMs: 20_000,
    idleTimeoutMs: 500,
    connectTimeoutMs: 1_000,
  }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PipelineError);
  return { err: err as PipelineError, ms: Date.now() - started };
}

describe('download idle timeout', () => {
  it('a host that never answers fails after the idle timeout, not the total one', async () => {
    const { err, ms } = await timing('/no-answer');
    expect(err).toMatchObject({ code: 'download_timeout', transient: true, detail: { phase: 'response' } });
    expect(ms).toBeLessThan(5_000);
  });

  it('a body that stops mid-way fails after the idle timeout, with the bytes it read', async () => {
    const { err, ms } = await timing('/headers-then-silence');
    expect(err).toMatchObject({
      code: 'download_timeout',
      transient: true,
      detail: { reason: 'UND_ERR_BODY_TIMEOUT' },
    });
    expect(err.detail.bytesRead).toBeGreaterThan(0);
    expect(ms).toBeLessThan(5_000);
  });
});
