import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWordPress, type TestWordPress } from './wordpress';

// The harness itself: a real WordPress that answers its REST API with an application password,
// and nothing left running once it is stopped.
describe('test WordPress harness', () => {
  let wp: TestWordPress;
  beforeAll(async () => {
    wp = await startTestWordPress();
  });
  afterAll(async () => {
    await wp?.stop();
  });

  const basic = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  it('serves the REST API with pretty permalinks and accepts the application password', async () => {
    const index = await fetch(`${wp.url}/wp-json/`);
    expect(index.status).toBe(200);
    expect(((await index.json()) as { namespaces: string[] }).namespaces).toContain('wp/v2');
    const me = await fetch(`${wp.url}/wp-json/wp/v2/users/me?context=edit`, {
      headers: { authorization: basic(wp.username, wp.applicationPassword) },
    });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { username: string; capabilities: Record<string, boolean> };
    expect(body.username).toBe(wp.username);
    expect(body.capabilities.publish_posts).toBe(true);
  });

  it('refuses a revoked application password', async () => {
    const extra = await wp.createApplicationPassword('revoked');
    const auth = { authorization: basic(wp.username, extra.password) };
    expect((await fetch(`${wp.url}/wp-json/wp/v2/users/me`, { headers: auth })).status).toBe(200);
    await wp.revokeApplicationPassword(extra.uuid);
    expect((await fetch(`${wp.url}/wp-json/wp/v2/users/me`, { headers: auth })).status).toBe(401);
  });

  it('stops every process it started, PHP workers included', async () => {
    const other = await startTestWordPress();
    const pids = other.pids();
    // MariaDB, the PHP server and its four workers.
    expect(pids.length).toBeGreaterThanOrEqual(6);
    await other.stop();
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });
});
