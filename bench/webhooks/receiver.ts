// Child process: the webhook receiver both docex and the baseline POST to. node:http on 127.0.0.1, answers 200 "ok"
// as soon as the (small) body is read, and records per request the arrival time of its first byte on the socket,
// keyed by the webhook-id header (docex's message id; the baseline sends its own probe ids in the same header).
//
// First byte: a 'data' listener prepended on each socket sees every chunk before the HTTP parser does (node then
// feeds its parser from JS instead of natively, for docex and baseline alike). The first chunk after a request's
// body has ended starts the next request: undici sends one request at a time per connection (no pipelining).
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { monoMs, serveRpc } from './rpc.js';

const MAX_WAIT_MS = 60_000;

interface SocketState {
  /** First byte of the request now arriving on this socket; undefined between requests. */
  firstByteAt: number | undefined;
}

const sockets = new WeakMap<Socket, SocketState>();
const arrivals = new Map<string, number>();
let requests = 0;
let firstAt = Number.NaN;
let lastAt = Number.NaN;
let connections = 0;
let lastSigned: { headers: Record<string, string>; body: string } | null = null;
const idWaiters = new Map<string, (at: number) => void>();
let countWaiter: { count: number; resolve: () => void } | null = null;

const server = http.createServer((req, res) => {
  const state = sockets.get(req.socket);
  const at = state?.firstByteAt ?? monoMs();
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (state) state.firstByteAt = undefined;
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' }).end('ok');
    const id = req.headers['webhook-id'];
    if (typeof id === 'string') {
      if (!arrivals.has(id)) arrivals.set(id, at); // a retry's first byte would not be the delivery's
      idWaiters.get(id)?.(at);
    }
    if (typeof req.headers['webhook-signature'] === 'string') {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
      lastSigned = { headers, body: Buffer.concat(chunks).toString('utf8') };
    }
    requests += 1;
    if (Number.isNaN(firstAt)) firstAt = at;
    lastAt = at;
    if (countWaiter && requests >= countWaiter.count) countWaiter.resolve();
  });
});
server.keepAliveTimeout = 60_000; // longer than undici's 4 s default idle: the client, not we, closes idle sockets
server.on('connection', (socket: Socket) => {
  connections += 1;
  const state: SocketState = { firstByteAt: undefined };
  sockets.set(socket, state);
  socket.prependListener('data', () => {
    state.firstByteAt ??= monoMs();
  });
});

await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));

function bounded<T>(
  what: string,
  timeoutMs: number,
  start: (done: (v: T) => void) => void,
  cancel: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => {
        cancel();
        reject(new Error(`${what} not seen within ${timeoutMs} ms`));
      },
      Math.min(timeoutMs, MAX_WAIT_MS),
    );
    start((v) => {
      clearTimeout(timer);
      cancel();
      resolve(v);
    });
  });
}

const handlers = {
  reset: () => {
    arrivals.clear();
    requests = 0;
    firstAt = lastAt = Number.NaN;
    lastSigned = null;
  },
  /** First-byte time of the request carrying this webhook-id. */
  arrival: ({ id, timeoutMs }: { id: string; timeoutMs: number }) => {
    const seen = arrivals.get(id);
    if (seen !== undefined) return seen;
    return bounded<number>(
      `request ${id}`,
      timeoutMs,
      (done) => idWaiters.set(id, done),
      () => idWaiters.delete(id),
    );
  },
  /** Waits until `count` requests arrived since the last reset; first and last first-byte times. */
  requests: async ({ count, timeoutMs }: { count: number; timeoutMs: number }) => {
    if (requests < count) {
      await bounded<void>(
        `${count} requests`,
        timeoutMs,
        (done) => (countWaiter = { count, resolve: () => done() }),
        () => (countWaiter = null),
      );
    }
    return { requests, distinctIds: arrivals.size, firstAt, lastAt, connections };
  },
  cpu: (since?: NodeJS.CpuUsage) => process.cpuUsage(since),
  /** The last signed request (docex's), to verify its signature as a receiver would. */
  lastSigned: () => lastSigned,
};
export type ReceiverHandlers = typeof handlers;

serveRpc(handlers, { port: (server.address() as AddressInfo).port }, async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
