import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// What the image and compose file promise (docs/deployment.md), checked without a Docker engine.
const root = resolve(import.meta.dirname, '../../..');
const dockerfile = readFileSync(resolve(root, 'Dockerfile'), 'utf8');
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

type Service = {
  image?: string;
  healthcheck?: { test?: string[] };
  ports?: string[];
  profiles?: string[];
  container_name?: string;
  volumes?: string[];
  networks?: string[];
  command?: string[] | string;
  environment?: Record<string, string>;
};
// Compose resolves YAML merge keys (`<<: *lumen-env`); so does this parse.
const compose = parse(readFileSync(resolve(root, 'docker-compose.yml'), 'utf8'), {
  merge: true,
}) as {
  services: Record<string, Service>;
  networks: Record<string, { internal?: boolean }>;
};

describe('Dockerfile', () => {
  it('runs Node 24 with runtime dependencies only, as a non-root user, with a /readyz healthcheck', () => {
    expect(dockerfile).toMatch(/^FROM node:24-bookworm-slim AS build$/m);
    expect(finalStage).toMatch(/^FROM node:24-bookworm-slim$/m);
    expect(finalStage).toMatch(/^RUN npm ci --omit=dev\b/m);
    expect(finalStage).toMatch(/^USER node$/m);
    expect(finalStage).toMatch(/^HEALTHCHECK [\s\S]*\/readyz/m);
    expect(finalStage).toContain('CMD ["node", "apps/gateway/dist/main.mjs"]');
    expect(finalStage).not.toMatch(/tsx/);
    // Sources are not copied wholesale into the final image.
    expect(finalStage).not.toMatch(/^COPY \. \./m);
    // It installs the runtime manifest (scripts/lib/runtime-deps.ts), not the workspaces'.
    expect(finalStage).toContain(
      'COPY --from=build /app/dist/runtime/package.json /app/dist/runtime/package-lock.json ./',
    );
    expect(finalStage).not.toMatch(/^COPY (apps|packages)\/[^ ]*package\.json/m);
    expect(finalStage).toMatch(/^ENV NODE_OPTIONS=--enable-source-maps$/m);
  });

  it('keeps secrets out of the build context', () => {
    const ignored = readFileSync(resolve(root, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toContain('.env');
    expect(ignored).toContain('node_modules');
  });
});

describe('docker-compose.yml', () => {
  it('publishes the gateway only; the data stores sit on an internal network', () => {
    const published = Object.entries(compose.services)
      .filter(([, s]) => !s.profiles && s.ports?.length)
      .map(([name]) => name);
    expect(published).toEqual(['gateway']);
    expect(compose.services.postgres?.ports).toBeUndefined();
    expect(compose.services.valkey?.ports).toBeUndefined();
    expect(compose.networks.data?.internal).toBe(true);
    expect(compose.services.postgres?.networks).toEqual(['data']);
    expect(compose.services.valkey?.networks).toEqual(['data']);
  });

  it('requires a Postgres and a Redis password and runs the bundles with node', () => {
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(
      /^\$\{POSTGRES_PASSWORD:\?/,
    );
    expect(compose.services.valkey?.environment?.REDIS_PASSWORD).toMatch(/^\$\{REDIS_PASSWORD:\?/);
    expect(String(compose.services.valkey?.command)).toContain('--requirepass');
    expect(compose.services.gateway?.environment?.REDIS_URL).toContain('${REDIS_PASSWORD:?');
    for (const name of ['gateway', 'worker', 'migrate']) {
      expect(compose.services[name]?.command?.[0]).toBe('node');
    }
  });

  // Redis 7.4 and later are not open source; Valkey (BSD) is its drop-in (docs/deployment.md).
  it('keeps its Redis-protocol store licence-clean: Valkey, no redis image', () => {
    expect(compose.services.valkey?.image).toMatch(/^valkey\/valkey:\d+$/);
    const images = Object.values(compose.services).map((service) => service.image ?? '');
    expect(images.filter((image) => /^redis(:|$)/.test(image))).toEqual([]);
  });

  // The image's HEALTHCHECK asks /readyz, which only the gateway serves: the worker has its own.
  it('gives the worker its own healthcheck: the heartbeat it writes, not /readyz', () => {
    const worker = compose.services.worker;
    expect(worker?.healthcheck?.test).toEqual(['CMD', 'node', 'apps/worker/dist/healthcheck.mjs']);
    expect(worker?.environment?.WORKER_HEARTBEAT_FILE).toMatch(/^\/tmp\//);
    // Everything else the services share still reaches the worker.
    expect(worker?.environment?.DATABASE_URL).toBe(
      compose.services.gateway?.environment?.DATABASE_URL,
    );
    expect(JSON.stringify(compose.services.gateway?.healthcheck?.test)).toContain('/readyz');
  });
});

describe('docker-compose.yml, several processes', () => {
  // `--scale worker=N` and, behind the proxy profile, `--scale gateway=N` (docs/deployment.md,
  // "Several processes"): no fixed container name, no fixed host port, one proxy in front.
  it('lets workers and gateways scale, with a Caddy proxy profile in front of the gateways', () => {
    for (const name of ['gateway', 'worker']) {
      expect(compose.services[name]?.container_name).toBeUndefined();
    }
    expect(compose.services.worker?.ports).toBeUndefined();
    expect(compose.services.gateway?.ports?.[0]).toMatch(/^\$\{GATEWAY_PORTS:-4000\}:4000$/);
    const proxy = compose.services.proxy;
    expect(proxy?.profiles).toEqual(['proxy']);
    expect(proxy?.image).toMatch(/^caddy:\d+$/);
    expect(proxy?.volumes).toEqual(['./deploy/Caddyfile:/etc/caddy/Caddyfile:ro']);
    const caddyfile = readFileSync(resolve(root, 'deploy/Caddyfile'), 'utf8');
    // Every replica compose's DNS names, asked again as replicas come and go; SSE unbuffered.
    expect(caddyfile).toMatch(/dynamic a gateway 4000/);
    expect(caddyfile).toMatch(/flush_interval -1/);
    expect(compose.services.gateway?.environment?.TRUST_PROXY).toMatch(/^\$\{TRUST_PROXY:-\}$/);
    expect(compose.services.worker?.environment?.DATABASE_POOL_MAX).toMatch(
      /^\$\{DATABASE_POOL_MAX:-10\}$/,
    );
  });
});

describe('engines.node', () => {
  const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
    engines: { node: string };
  };
  const ci = readFileSync(resolve(root, '.ci/run'), 'utf8');

  // posthog-node needs 22.22 on the 22 line and graphql-yoga 22.15 (production-dependencies
  // checks every package's own range); CI runs the oldest version the range allows.
  it('allows 22.22 and newer on the 22 line, and 24 on; CI tests exactly 22.22.0', () => {
    expect(pkg.engines.node).toBe('^22.22 || >=24');
    expect(ci).toMatch(/^NODE22_FLOOR=22\.22\.0$/m);
    expect(ci).toContain('install_node "$NODE22_FLOOR"');
  });
});
