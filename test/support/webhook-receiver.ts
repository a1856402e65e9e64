// A real webhook receiver on 127.0.0.1: records every delivery (headers and raw body) and answers as scripted.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export type Responder = (delivery: Delivery, res: ServerResponse) => void;

export interface WebhookReceiver {
  baseUrl: string;
  deliveries: Delivery[];
  /** Answers the next deliveries in order with these responders; afterwards 200. */
  respondWith(...responders: Responder[]): void;
  waitFor(count: number, timeoutMs?: number): Promise<Delivery[]>;
  close(): Promise<void>;
}

export const ok: Responder = (_d, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
export const status =
  (code: number, headers: Record<string, string> = {}, body = ''): Responder =>
  (_d, res) =>
    res.writeHead(code, headers).end(body);

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  let script: Responder[] = [];
  const waiters: Array<() => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const delivery = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      deliveries.push(delivery);
      (script.shift() ?? ok)(delivery, res);
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    deliveries,
    respondWith: (...r) => {
      script = r;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (deliveries.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} deliveries, got ${deliveries.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return deliveries.slice(0, count);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
