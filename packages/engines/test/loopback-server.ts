import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface LoopbackReply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is (for SSE streams, pass the whole stream). */
  body?: unknown;
  /** Never answer: for timeout tests. */
  hang?: boolean;
}

export interface LoopbackServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that answers like a provider, so adapter tests run the SDK's
 * real request building, fetch, status handling and response parsing.
 */
export async function startLoopback(
  reply: (request: RecordedRequest) => LoopbackReply,
): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // keep the raw text
      }
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body,
      };
      requests.push(request);
      const answer = reply(request);
      if (answer.hang) return;
      const isText = typeof answer.body === 'string';
      res.writeHead(answer.status ?? 200, {
        'content-type': isText ? 'text/plain' : 'application/json',
        ...answer.headers,
      });
      res.end(isText ? answer.body : JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
