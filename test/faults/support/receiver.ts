// The tenant's webhook receiver for the faults suite: answers 200, or 503 while it is "down"; keeps the deliveries
// it accepted (the ones that count as delivered).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FaultReceiver {
  baseUrl: string;
  /** Deliveries answered 200. */
  deliveries: Array<{ headers: IncomingHttpHeaders; body: string }>;
  /** Deliveries answered 503 while down. */
  refused(): number;
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startFaultReceiver(): Promise<FaultReceiver> {
  const deliveries: FaultReceiver['deliveries'] = [];
  let down = false;
  let refused = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (down) {
        refused++;
        res.writeHead(503).end('down');
        return;
      }
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    deliveries,
    refused: () => refused,
    setDown: (d) => {
      down = d;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
