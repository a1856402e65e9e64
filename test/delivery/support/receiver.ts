// A real webhook receiver on 127.0.0.1 for the delivery tests: records every request with its raw body and headers
// and counts TCP connections, so a test can prove reuse, or that a refused URL was never connected to.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Which TCP connection (1-based, in accept order) carried it. */
  connection: number;
}

export interface Receiver {
  url(path?: string): string;
  requests: ReceivedRequest[];
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** Routes by path; an unknown path answers 204. */
export async function startReceiver(routes: Record<string, Handler> = {}): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let connections = 0;
  const ids = new WeakMap<object, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? '', path, headers, body, connection: ids.get(req.socket) ?? 0 });
      const route = routes[new URL(path, 'http://x').pathname];
      if (route) route(req, res, body);
      else res.writeHead(204).end();
    });
  });
  server.on('connection', (socket) => {
    connections += 1;
    ids.set(socket, connections);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging and endless routes keep sockets open: cut them so close() returns at once.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
