import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// What the image and compose file promise (docs/deployment.md), checked without a Docker engine.
const root = resolve(import.meta.dirname, '../../..');
const dockerfile = readFileSync(resolve(root, 'Dockerfile'), 'utf8');
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

type Service = {
  ports?: string[];
  profiles?: string[];
  networks?: string[];
  command?: string[] | string;
  environment?: Record<string, string>;
};
const compose = parse(readFileSync(resolve(root, 'docker-compose.yml'), 'utf8')) as {
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
    expect(compose.services.redis?.ports).toBeUndefined();
    expect(compose.networks.data?.internal).toBe(true);
    expect(compose.services.postgres?.networks).toEqual(['data']);
    expect(compose.services.redis?.networks).toEqual(['data']);
  });

  it('requires a Postgres and a Redis password and runs the bundles with node', () => {
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(
      /^\$\{POSTGRES_PASSWORD:\?/,
    );
    expect(compose.services.redis?.environment?.REDIS_PASSWORD).toMatch(/^\$\{REDIS_PASSWORD:\?/);
    expect(String(compose.services.redis?.command)).toContain('--requirepass');
    expect(compose.services.gateway?.environment?.REDIS_URL).toContain('${REDIS_PASSWORD:?');
    for (const name of ['gateway', 'worker', 'migrate']) {
      expect(compose.services[name]?.command?.[0]).toBe('node');
    }
  });
});
