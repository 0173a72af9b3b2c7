import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback OTLP/HTTP receiver for tests (docs/observability.md, "Traces"): it accepts
// POST /v1/traces in the OTLP/JSON encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json) and keeps
// every span it was sent, flattened with its service and attributes.

/** OTLP's span kinds (SpanKind in trace.proto). */
export const SPAN_KIND = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

export type ReceivedSpan = {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  status: { code?: number };
};

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
type KeyValue = { key: string; value: AnyValue };
type ExportRequest = {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: (Omit<ReceivedSpan, 'attributes' | 'service' | 'parentSpanId'> & {
        parentSpanId?: string;
        attributes?: KeyValue[];
      })[];
    }[];
  }[];
};

function value(v: AnyValue): string | number | boolean {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  return Boolean(v.boolValue);
}

function attributesOf(list: KeyValue[] | undefined): Record<string, string | number | boolean> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, value(kv.value)]));
}

export type OtlpReceiver = {
  /** The base URL to give as OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Bodies that were not OTLP/JSON (a protobuf body, say): the test fails on any. */
  rejected: string[];
  close(): Promise<void>;
};

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const rejected: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      try {
        if (!String(req.headers['content-type']).startsWith('application/json'))
          throw new Error(`content-type ${req.headers['content-type']}`);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportRequest;
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service = String(
            attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '',
          );
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              spans.push({
                service,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                kind: span.kind,
                attributes: attributesOf(span.attributes),
                status: span.status ?? {},
              });
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (error) {
        rejected.push(String(error));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    rejected,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
