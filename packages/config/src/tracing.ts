import type * as OtelApi from '@opentelemetry/api';
import type { Env } from './env';

// OpenTelemetry traces (docs/observability.md, "Traces"): a gateway request, the jobs it
// enqueues, the worker's run of each job and the engines' provider calls, as one trace. Off
// unless OTEL_EXPORTER_OTLP_ENDPOINT is set, and then nothing of OpenTelemetry is loaded: every
// helper below runs its work directly and costs one null check. The trace crosses the queue as
// a W3C `traceparent` in the job's data, as the request id does.

type Api = typeof OtelApi;
export type SpanAttributes = Record<string, string | number | boolean | undefined>;
export type SpanKindName = 'server' | 'client' | 'producer' | 'consumer' | 'internal';

/** The span a traced piece of work runs in; null when tracing is off. */
export type SpanHandle = {
  setAttributes(attributes: SpanAttributes): void;
  updateName(name: string): void;
};

type Tracing = {
  api: Api;
  tracer: OtelApi.Tracer;
  propagator: OtelApi.TextMapPropagator;
  shutdown(): Promise<void>;
};

let active: Tracing | null = null;
let starting: Promise<void> | null = null;

export type TracingEnv = Pick<
  Env,
  | 'OTEL_EXPORTER_OTLP_ENDPOINT'
  | 'OTEL_EXPORTER_OTLP_PROTOCOL'
  | 'OTEL_SERVICE_NAME'
  | 'OTEL_BSP_SCHEDULE_DELAY'
>;

/**
 * Starts exporting spans when OTEL_EXPORTER_OTLP_ENDPOINT is set (once per process; a second
 * call is a no-op). Spans are batched and sent to `<endpoint>/v1/traces`, protobuf or JSON as
 * OTEL_EXPORTER_OTLP_PROTOCOL says; OTEL_EXPORTER_OTLP_HEADERS is read by the exporter itself.
 */
export async function startTracing(
  env: TracingEnv,
  service: { name: string; version?: string | undefined },
): Promise<boolean> {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return false;
  starting ??= load(env, endpoint, service);
  await starting;
  return true;
}

async function load(
  env: TracingEnv,
  endpoint: string,
  service: { name: string; version?: string | undefined },
): Promise<void> {
  const [api, core, contextHooks, resources, sdk, exporterModule] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
    env.OTEL_EXPORTER_OTLP_PROTOCOL === 'http/json'
      ? import('@opentelemetry/exporter-trace-otlp-http')
      : import('@opentelemetry/exporter-trace-otlp-proto'),
  ]);
  const exporter = new exporterModule.OTLPTraceExporter({
    url: `${endpoint.replace(/\/+$/, '')}/v1/traces`,
  });
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME ?? service.name,
      ...(service.version ? { 'service.version': service.version } : {}),
    }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter,
        ...(env.OTEL_BSP_SCHEDULE_DELAY !== undefined
          ? { scheduledDelayMillis: env.OTEL_BSP_SCHEDULE_DELAY }
          : {}),
      }),
    ],
  });
  // Our own context manager and provider, registered globally. Sentry (errors only here) leaves
  // OpenTelemetry's globals alone: @sentry/node 11 sets them up only with
  // `enableOpenTelemetrySetup: true`, which Lumen does not pass.
  const contextManager = new contextHooks.AsyncLocalStorageContextManager().enable();
  api.context.setGlobalContextManager(contextManager);
  api.trace.setGlobalTracerProvider(provider);
  active = {
    api,
    tracer: provider.getTracer('lumen'),
    propagator: new core.W3CTraceContextPropagator(),
    async shutdown() {
      await provider.shutdown();
      contextManager.disable();
    },
  };
}

export function tracingEnabled(): boolean {
  return active !== null;
}

/** Sends the spans still batched and stops; the process is closing. */
export async function stopTracing(): Promise<void> {
  const tracing = active;
  active = null;
  starting = null;
  await tracing?.shutdown();
}

function kindOf(api: Api, kind: SpanKindName): OtelApi.SpanKind {
  switch (kind) {
    case 'server':
      return api.SpanKind.SERVER;
    case 'client':
      return api.SpanKind.CLIENT;
    case 'producer':
      return api.SpanKind.PRODUCER;
    case 'consumer':
      return api.SpanKind.CONSUMER;
    default:
      return api.SpanKind.INTERNAL;
  }
}

function defined(attributes: SpanAttributes | undefined): OtelApi.Attributes {
  const out: OtelApi.Attributes = {};
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * Runs `work` in a new span, a child of the active span or, when given, of a `traceparent`
 * carried from another process (a job's data, a caller's header). A throw ends the span as an
 * error unless `expected` says the error is control flow (BullMQ moving a job, a chosen answer).
 */
export async function inSpan<T>(
  name: string,
  options: {
    kind: SpanKindName;
    attributes?: SpanAttributes;
    traceparent?: string | null | undefined;
    expected?: (error: unknown) => boolean;
  },
  work: (span: SpanHandle | null) => Promise<T>,
): Promise<T> {
  const tracing = active;
  if (!tracing) return work(null);
  const { api, tracer, propagator } = tracing;
  const parent = options.traceparent
    ? propagator.extract(
        api.ROOT_CONTEXT,
        { traceparent: options.traceparent },
        api.defaultTextMapGetter,
      )
    : api.context.active();
  return tracer.startActiveSpan(
    name,
    { kind: kindOf(api, options.kind), attributes: defined(options.attributes) },
    parent,
    async (span) => {
      const handle: SpanHandle = {
        setAttributes: (attributes) => span.setAttributes(defined(attributes)),
        updateName: (next) => span.updateName(next),
      };
      try {
        return await work(handle);
      } catch (error) {
        if (!options.expected?.(error)) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({
            code: api.SpanStatusCode.ERROR,
            message: error instanceof Error ? error.name : 'error',
          });
        }
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** The active span as a W3C `traceparent` (to put into a job's data or a request's headers). */
export function currentTraceparent(): string | undefined {
  const tracing = active;
  if (!tracing) return undefined;
  const carrier: Record<string, string> = {};
  tracing.propagator.inject(
    tracing.api.context.active(),
    carrier,
    tracing.api.defaultTextMapSetter,
  );
  return carrier.traceparent;
}

/**
 * A fetch whose every call is a client span carrying `attributes` (the engine), with the span's
 * `traceparent` added to the outbound request. The URL is recorded without its query, which may
 * hold a key (SerpApi's `api_key`). With tracing off, `fetch` itself is returned.
 */
export function tracedFetch(
  fetch: typeof globalThis.fetch | undefined,
  attributes: SpanAttributes,
): typeof globalThis.fetch | undefined {
  if (!active) return fetch;
  const call = fetch ?? globalThis.fetch;
  const traced = (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input));
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    return inSpan(
      method,
      {
        kind: 'client',
        attributes: {
          ...attributes,
          'http.request.method': method,
          'server.address': url.hostname,
          'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
          'url.full': `${url.origin}${url.pathname}`,
        },
      },
      async (span) => {
        const headers = new Headers(init?.headers ?? request?.headers);
        const traceparent = currentTraceparent();
        if (traceparent) headers.set('traceparent', traceparent);
        const response = await call(input, { ...init, headers });
        span?.setAttributes({ 'http.response.status_code': response.status });
        return response;
      },
    );
  };
  return traced as typeof globalThis.fetch;
}
