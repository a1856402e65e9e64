// A TCP proxy on loopback between docex and PostgreSQL, to cut the database off without touching the shared server:
// cut() destroys every open connection (as a restart or a network failure does) and makes new connections fail at
// once until restore(). Tests point DATABASE_URL at it with viaProxy().
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** The same database URL, through the proxy. */
  viaProxy(databaseUrl: string): string;
  /**
   * Drops every open connection ('reset': a TCP RST, seen as ECONNRESET; 'close': a FIN, seen by node-postgres as the
   * codeless "Connection terminated unexpectedly"); new ones are closed as soon as they arrive, until restore().
   */
  cut(how?: 'reset' | 'close'): void;
  restore(): void;
  /** Connections dropped by cut() so far (to check that a cut really hit something). */
  dropped(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let down = false;
  let dropped = 0;
  const server = net.createServer((client) => {
    client.on('error', () => {});
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => {
      upstream.destroy();
      open.delete(client);
    });
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    open.add(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    viaProxy(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut(how = 'reset') {
      down = true;
      for (const socket of open) {
        dropped++;
        if (how === 'reset') socket.resetAndDestroy();
        else socket.destroy();
      }
      open.clear();
    },
    restore() {
      down = false;
    },
    dropped: () => dropped,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
