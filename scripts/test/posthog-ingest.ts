import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';

export type CapturedEvent = {
  event: string;
  distinct_id: string;
  properties: Record<string, unknown>;
  type?: string;
  timestamp?: string;
};

export type PostHogIngest = {
  /** POSTHOG_HOST for the SDK: http://127.0.0.1:port */
  host: string;
  /** Every request body received on /batch/, decoded (gunzipped when sent gzipped), as text. */
  bodies: string[];
  /** Every event of every batch, in arrival order. */
  events: CapturedEvent[];
  /** Content-Encoding of each batch request, as sent. */
  encodings: (string | undefined)[];
  close(): Promise<void>;
};

/**
 * A loopback server speaking PostHog's ingestion protocol as posthog-node uses it: POST /batch/
 * with `{ api_key, batch: [...], sent_at }`, gzipped unless compression is off, answered with
 * 200 `{"status":"Ok"}`. Anything else is a 404, so a request the SDK should not make shows.
 */
export async function startPostHogIngest(expectedKey: string): Promise<PostHogIngest> {
  const bodies: string[] = [];
  const events: CapturedEvent[] = [];
  const encodings: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/batch/') {
        res.writeHead(404).end();
        return;
      }
      const encoding = req.headers['content-encoding'];
      encodings.push(encoding);
      let body = Buffer.concat(chunks);
      if (encoding === 'gzip') body = gunzipSync(body);
      const text = body.toString('utf8');
      const parsed = JSON.parse(text) as { api_key?: string; batch?: CapturedEvent[] };
      if (parsed.api_key !== expectedKey || !Array.isArray(parsed.batch)) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end('{"type":"authentication_error","code":"invalid_api_key"}');
        return;
      }
      bodies.push(text);
      events.push(...parsed.batch);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"Ok"}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    host: `http://127.0.0.1:${port}`,
    bodies,
    events,
    encodings,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
