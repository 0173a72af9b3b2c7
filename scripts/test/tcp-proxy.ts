import { connect, createServer, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  /** The proxy's port on 127.0.0.1; point a client's URL at it. */
  port: number;
  /** An outage: open connections are cut and new ones refused, until `restore`. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A loopback TCP proxy in front of a real server (Postgres, Redis), so a test can take the
 * server away from one client and give it back without stopping the server others share.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let open = true;
  // The port stays bound during an outage (connections are accepted and reset at once): a
  // released ephemeral port can be taken by an outgoing connection before `restore`.
  const server: Server = createServer((client) => {
    if (!open) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    port,
    cut: async () => {
      open = false;
      cutAll();
    },
    restore: async () => {
      open = true;
    },
    close: async () => {
      open = false;
      cutAll();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** The same URL with its host and port replaced by the proxy's. */
export function viaProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}

export function targetOf(url: string, defaultPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || defaultPort) };
}
