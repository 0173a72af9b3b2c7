import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { parseRedisUrl } from './redis';

// REDIS_URL's three forms (docs/deployment.md, "Redis Cluster, Sentinel and Valkey").
describe('parseRedisUrl', () => {
  it('keeps a plain redis:// URL for ioredis to read', () => {
    expect(parseRedisUrl('redis://:secret@valkey:6379/2')).toEqual({
      kind: 'single',
      url: 'redis://:secret@valkey:6379/2',
    });
  });

  it('reads a cluster: its nodes, credentials and TLS', () => {
    expect(
      parseRedisUrl('rediss+cluster://lumen:s%40cret@10.0.0.1:7000,10.0.0.2,[::1]:7002'),
    ).toEqual({
      kind: 'cluster',
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 6379 },
        { host: '::1', port: 7002 },
      ],
      username: 'lumen',
      password: 's@cret',
      tls: true,
    });
  });

  it('reads Sentinel: the sentinels, the master name and the database', () => {
    expect(parseRedisUrl('redis+sentinel://:pw@s1:26379,s2/mymaster/1')).toEqual({
      kind: 'sentinel',
      nodes: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26379 },
      ],
      password: 'pw',
      tls: false,
      name: 'mymaster',
      db: 1,
    });
  });

  it('refuses what it cannot read, naming the form', () => {
    expect(() => parseRedisUrl('redis+sentinel://s1:26379')).toThrow(/master name/);
    expect(() => parseRedisUrl('redis+cluster://a:7000/3')).toThrow(/database 0/);
    expect(() => parseRedisUrl('redis+cluster://a:notaport')).toThrow(/host:port/);
    expect(() => parseRedisUrl('redis+shard://a:1')).toThrow(/redis\+cluster:\/\//);
  });
});

describe('REDIS_PREFIX on a cluster', () => {
  it('becomes a hash tag, so BullMQ keys of every queue share one slot; one server keeps it', () => {
    const cluster = loadEnv({ REDIS_URL: 'redis+cluster://a:7000', REDIS_PREFIX: 'lumen' });
    expect(cluster.REDIS_PREFIX).toBe('{lumen}');
    const tagged = loadEnv({ REDIS_URL: 'redis+cluster://a:7000', REDIS_PREFIX: 'x-{lumen}' });
    expect(tagged.REDIS_PREFIX).toBe('x-{lumen}');
    expect(loadEnv({ REDIS_URL: 'redis://a:6379', REDIS_PREFIX: 'lumen' }).REDIS_PREFIX).toBe(
      'lumen',
    );
  });
});
