import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';

export type EnvelopeServer = {
  /** A DSN that sends to this server: http://key@127.0.0.1:port/1 */
  dsn: string;
  /** Every envelope received, as text (one JSON document per line). */
  envelopes: string[];
  /** Resolves once an envelope matching `test` has arrived. */
  waitFor(test: (envelope: string) => boolean): Promise<string>;
  close(): Promise<void>;
};

/**
 * A loopback server speaking Sentry's ingestion protocol (POST /api/<project>/envelope/), so the
 * real SDK's reports can be read back in a test.
 */
export async function startEnvelopeServer(): Promise<EnvelopeServer> {
  const envelopes: string[] = [];
  const waiters: { test: (e: string) => boolean; done: (e: string) => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const text = body.toString('utf8');
      if (req.url?.includes('/envelope/')) {
        envelopes.push(text);
        for (const w of [...waiters]) {
          if (w.test(text)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.done(text);
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    waitFor: (test) =>
      new Promise((done) => {
        const found = envelopes.find(test);
        if (found) done(found);
        else waiters.push({ test, done });
      }),
    close: () => new Promise((done) => server.close(() => done())),
  };
}
