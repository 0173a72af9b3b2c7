import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback HTTP proxy in front of a test WordPress (scripts/test/wordpress.ts) that can answer
// chosen requests with 503, or pass them on and hold WordPress' answer (to crash a worker after
// WordPress acted and before the worker heard of it, or to watch a page while a publication is
// in flight), then deliver it on `release`.

type Rule = {
  /** Which requests: a method and a path pattern. */
  match: (req: IncomingMessage) => boolean;
  /** Answer this many with 503 before passing them through. */
  fail503?: number;
  /** Pass the request on, keep WordPress' answer, and never deliver it. */
  hold?: boolean;
};

export type WordPressProxy = {
  url: string;
  /** Requests answered 503 so far. */
  failed: number;
  setRule(rule: Rule | null): void;
  /** Resolves when a held answer was received from WordPress (status and body). */
  nextHeld(): Promise<{ status: number; body: string }>;
  /** Delivers every held answer, as WordPress gave it. */
  release(): void;
  close(): Promise<void>;
};

/** A loopback proxy in front of WordPress that can fail or hold chosen requests. */
export async function startWordPressProxy(wpUrl: string): Promise<WordPressProxy> {
  const target = new URL(wpUrl);
  let rule: Rule | null = null;
  const held: { res: ServerResponse; deliver: () => void }[] = [];
  let onHeld: ((h: { status: number; body: string }) => void) | null = null;
  const proxy: WordPressProxy = {
    url: '',
    failed: 0,
    setRule(next) {
      rule = next;
    },
    nextHeld: () =>
      new Promise((resolve) => {
        onHeld = resolve;
      }),
    release() {
      for (const h of held.splice(0)) h.deliver();
    },
    close: async () => {
      for (const h of held.splice(0)) h.res.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const active = rule?.match(req) ? rule : null;
      if (active?.fail503 && active.fail503 > 0) {
        active.fail503--;
        proxy.failed++;
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'busy', message: 'Service Unavailable' }));
        return;
      }
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            const text = Buffer.concat(body).toString('utf8');
            const deliver = () => {
              const headers = { ...answer.headers };
              delete headers['transfer-encoding'];
              res.writeHead(answer.statusCode ?? 502, {
                ...headers,
                'content-length': String(Buffer.byteLength(text)),
              });
              res.end(text);
            };
            if (active?.hold) {
              held.push({ res, deliver });
              onHeld?.({ status: answer.statusCode ?? 0, body: text });
              onHeld = null;
              return;
            }
            deliver();
          });
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

export const isCreatePost = (req: IncomingMessage) =>
  req.method === 'POST' && /\/wp\/v2\/posts(\?|$)/.test(req.url ?? '');
