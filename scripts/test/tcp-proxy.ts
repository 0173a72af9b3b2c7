import { connect, createServer, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  /** The proxy's port on 127.0.0.1; point a client's URL at it. */
  port: number;
  /** An outage: open connections are cut and new ones refused, until `restore`. */
  cut(): Promise<void>;
  /**
   * A stall: the server seems alive and never answers. Open connections stop carrying bytes
   * either way, and new ones are accepted and then ignored, until `restore`.
   */
  stall(): Promise<void>;
  /** Back to normal; connections held by a stall are reset (their clients reconnect). */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A loopback TCP proxy in front of a real server (Postgres, Redis), so a test can take the
 * server away from one client and give it back without stopping the server others share.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let mode: 'open' | 'cut' | 'stalled' = 'open';
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const freeze = ({ client, upstream }: { client: Socket; upstream: Socket }) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  // The port stays bound during an outage (connections are accepted and reset at once): a
  // released ephemeral port can be taken by an outgoing connection before `restore`.
  const server: Server = createServer((client) => {
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    track(client);
    client.on('error', () => client.destroy());
    if (mode === 'stalled') {
      client.pause(); // accepted, never read from, never answered
      return;
    }
    const upstream = connect(target.port, target.host);
    track(upstream);
    const pair = { client, upstream };
    pairs.add(pair);
    for (const socket of [client, upstream]) {
      socket.on('close', () => pairs.delete(pair));
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
    pairs.clear();
  };
  return {
    port,
    cut: async () => {
      mode = 'cut';
      cutAll();
    },
    stall: async () => {
      mode = 'stalled';
      for (const pair of pairs) freeze(pair);
    },
    restore: async () => {
      if (mode === 'stalled') cutAll();
      mode = 'open';
    },
    close: async () => {
      mode = 'cut';
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
