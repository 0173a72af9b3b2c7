import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, type Database } from '../client';
import { authRateLimits } from '../schema/auth';
import { countAttempts } from './auth-flow.repository';

// The sign-in limiter counts an attempt under several keys at once (docs/security.md, "What is
// limited"). Under concurrency every attempt must read the same place in line under each key:
// when the keys were counted in separate statements, an early attempt could read a late count
// under one of them and be refused, so fewer than the allowed attempts got through.

let db: Database;

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL as string, { max: 10 });
});

afterAll(async () => {
  await closeDb(db);
});

describe('countAttempts', () => {
  it('gives each of 80 concurrent attempts one position, the same under every key and window', async () => {
    const tag = randomUUID();
    const keys = [`pair:${tag}:w`, `addr:${tag}`, `pair:${tag}:d`];
    const short = new Date(Math.floor(Date.now() / 900_000) * 900_000);
    const day = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
    try {
      const results = await Promise.all(
        Array.from({ length: 80 }, () =>
          countAttempts(db, [
            { key: keys[0]!, windowStart: short },
            { key: keys[1]!, windowStart: short },
            { key: keys[2]!, windowStart: day },
          ]),
        ),
      );
      const positions = results.map((counts) => keys.map((key) => counts.get(key)));
      for (const [w, a, d] of positions) {
        expect(a).toBe(w);
        expect(d).toBe(w);
      }
      expect(positions.map(([w]) => w).sort((x, y) => x! - y!)).toEqual(
        Array.from({ length: 80 }, (_, i) => i + 1),
      );
    } finally {
      await db.delete(authRateLimits).where(inArray(authRateLimits.key, keys));
    }
  });
});
