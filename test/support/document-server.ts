// A real HTTP file server on 127.0.0.1 for pipeline tests: serves files and scripted behaviours by path.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface DocumentServer {
  url(path: string): string;
  /** Serves bytes at a path (content type deliberately generic: docex types by magic bytes). */
  file(path: string, bytes: Buffer, contentType?: string): void;
  route(path: string, handler: Handler): void;
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startDocumentServer(): Promise<DocumentServer> {
  const routes = new Map<string, Handler>();
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const handler = routes.get(path);
    if (!handler) {
      res.writeHead(404).end('not found');
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    file(path, bytes, contentType = 'application/octet-stream') {
      routes.set(path, (_req, res) =>
        res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length }).end(bytes),
      );
    },
    route: (path, handler) => routes.set(path, handler),
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
