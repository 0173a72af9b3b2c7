import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GuestBudget,
  guestEnginesLeft,
  reserveGuestEngines,
  secondsUntilUtcMidnight,
  utcDay,
} from './guest-engine-budget';

// The paid engines' daily budget for guest checks, on a real Redis.
let redis: Redis;
const budget = (perEngine: number): GuestBudget => ({
  redis,
  prefix: `${process.env.REDIS_PREFIX ?? 'lumen-test'}:budget-${randomUUID().slice(0, 8)}`,
  perEngine,
});

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL as string);
});
afterAll(() => {
  redis.disconnect();
});

describe('guest engine budget', () => {
  it('grants exactly the budget to 60 concurrent checks, per engine', async () => {
    const b = budget(10);
    const now = new Date('2026-11-24T12:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 60 }, () =>
        reserveGuestEngines(b, randomUUID(), ['openai', 'anthropic'], now),
      ),
    );
    expect(results.filter((r) => r.includes('openai'))).toHaveLength(10);
    expect(results.filter((r) => r.includes('anthropic'))).toHaveLength(10);
    expect(await guestEnginesLeft(b, ['openai', 'anthropic'], now)).toEqual([]);
  });

  it('skips only the engine that is spent', async () => {
    const b = budget(1);
    const now = new Date('2026-11-24T12:00:00Z');
    expect(await reserveGuestEngines(b, randomUUID(), ['openai'], now)).toEqual(['openai']);
    expect(await reserveGuestEngines(b, randomUUID(), ['openai', 'perplexity'], now)).toEqual([
      'perplexity',
    ]);
    expect(await guestEnginesLeft(b, ['openai', 'perplexity', 'google'], now)).toEqual(['google']);
  });

  it('charges a retried check once', async () => {
    const b = budget(2);
    const now = new Date('2026-11-24T12:00:00Z');
    const id = randomUUID();
    for (let i = 0; i < 5; i++) {
      expect(await reserveGuestEngines(b, id, ['openai'], now)).toEqual(['openai']);
    }
    expect(await guestEnginesLeft(b, ['openai'], now)).toEqual(['openai']);
    expect(await reserveGuestEngines(b, randomUUID(), ['openai'], now)).toEqual(['openai']);
    expect(await reserveGuestEngines(b, randomUUID(), ['openai'], now)).toEqual([]);
    // Still granted to the checks that hold it.
    expect(await reserveGuestEngines(b, id, ['openai'], now)).toEqual(['openai']);
  });

  it('refills at UTC midnight, and its keys expire', async () => {
    const b = budget(1);
    const lateToday = new Date('2026-11-24T23:59:59Z');
    const tomorrow = new Date('2026-11-25T00:00:00Z');
    expect(await reserveGuestEngines(b, randomUUID(), ['openai'], lateToday)).toEqual(['openai']);
    expect(await reserveGuestEngines(b, randomUUID(), ['openai'], lateToday)).toEqual([]);
    expect(await reserveGuestEngines(b, randomUUID(), ['openai'], tomorrow)).toEqual(['openai']);
    const ttl = await redis.ttl(`${b.prefix}:guest-budget:${utcDay(lateToday)}:openai`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2 * 24 * 3600);
  });

  it('with a budget of 0, never grants a paid engine to a guest', async () => {
    const b = budget(0);
    expect(await reserveGuestEngines(b, randomUUID(), ['openai'])).toEqual([]);
    expect(await guestEnginesLeft(b, ['openai'])).toEqual([]);
  });

  it('says how long until midnight UTC', () => {
    expect(secondsUntilUtcMidnight(new Date('2026-11-24T23:59:00Z'))).toBe(60);
    expect(secondsUntilUtcMidnight(new Date('2026-11-24T00:00:00Z'))).toBe(86_400);
  });
});
