// A real HTTP(S) server on a loopback address for the downloader tests: routes by path, records every request so a
// test can prove that a refused URL never reached it.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { datasetFile as datasetFileInRepo } from '../../../support/datasets.js';

export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface SeenRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** TLS only: the SNI name the client sent. */
  servername?: string | false;
}

export interface TestServer {
  port: number;
  /** http(s)://<host>:<port> */
  origin: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A real document copied into test/fixtures/datasets (see its README for origin and licence). */
export function datasetFile(relative: string): Buffer {
  return datasetFileInRepo(relative);
}

export function fixtureFile(name: string): Buffer {
  return readFileSync(path.join(PROJECT_ROOT, 'test/fixtures/fetch', name));
}

export async function startServer(
  routes: Record<string, Route>,
  options: { host?: string; tls?: { cert: Buffer; key: Buffer } } = {},
): Promise<TestServer> {
  const host = options.host ?? '127.0.0.1';
  const seen: SeenRequest[] = [];
  const handler: Route = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    // Set by node:tls on server-side sockets, absent from its type declarations.
    const socket = req.socket as Partial<TLSSocket> & { servername?: string | false };
    seen.push({ path: url.pathname + url.search, headers: req.headers, servername: socket.servername });
    const route = routes[url.pathname];
    if (route) return route(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no such route');
  };
  const server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  return {
    port,
    origin: `${options.tls ? 'https' : 'http'}://${hostInUrl}:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging test routes keep sockets open: cut them so close() returns at once.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Makes every host name resolve to the given addresses, counting the calls. */
export function fixedLookup(...addresses: string[]) {
  const lookup = async (hostname: string) => {
    lookup.calls.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  lookup.calls = [] as string[];
  return lookup;
}
