import { randomUUID } from 'node:crypto';
import { guestDistinctId } from '@lumen/config/analytics';
import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostHogIngest, startPostHogIngest } from '../../../scripts/test/posthog-ingest';
import { type RunningGateway, startGateway } from '../src/server';
import { ADDRESS_HASH_PURPOSE, hashAddress } from '../src/services/start-quick-score.service';
import { baseInput, client, signUp } from './brand-helpers';

// Server-side product events reach PostHog through the real posthog-node SDK, read back from a
// loopback server that speaks PostHog's ingestion protocol (docs/observability.md). Users are
// their id, guests a hashed anonymous id; no email, name, domain or address leaves.

const KEY = 'phc_lumen_test_project_key';
const GUEST_ADDRESS = '203.0.113.9';
const EMAIL = `analytics-${randomUUID().slice(0, 8)}@example.com`;
const BRAND = `Quillbarrow ${randomUUID().slice(0, 6)}`;
const DOMAIN = `${BRAND.toLowerCase().replace(/\s+/g, '-')}.com`;

let ingest: PostHogIngest;
let gateway: RunningGateway | undefined;
let worker: RunningWorker | undefined;
let handle: Database;

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  await loadSeedCorpus(handle);
  ingest = await startPostHogIngest(KEY);
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    POSTHOG_KEY: KEY,
    POSTHOG_HOST: ingest.host,
    // The guest's address arrives as X-Forwarded-For from this (trusted) loopback proxy.
    TRUST_PROXY: 'loopback',
  });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  await ingest?.close();
  if (handle) await closeDb(handle);
});

function subjectOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  return payload.sub as string;
}

async function waitForCompletion(id: string): Promise<void> {
  await waitForRow('quick_scores', id);
}

async function waitForRow(table: 'quick_scores' | 'runs', id: string): Promise<void> {
  for (;;) {
    const [row] = await handle.execute<{ status: string }>(
      sql`select status from ${sql.identifier(table)} where id = ${id}`,
    );
    if (row?.status === 'COMPLETED') return;
    if (row?.status === 'FAILED') throw new Error(`${table} row ${id} failed`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('product analytics (PostHog)', () => {
  it('sends brand and quick-check events with user ids or guest ids, and no personal data', async () => {
    const running = gateway!;
    const addressHash = hashAddress(
      GUEST_ADDRESS,
      running.deps.secrets.deriveKey(ADDRESS_HASH_PURPOSE),
    );
    const token = await signUp(running, EMAIL);
    const userId = subjectOf(token);
    const gql = client(running, token);

    // A guest checks a brand…
    const started = await fetch(`${running.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': GUEST_ADDRESS },
      body: JSON.stringify({
        query: 'mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id } }',
        variables: { input: { brandName: BRAND, website: DOMAIN, industry: 'CRM software' } },
      }),
    });
    const requestId = ((await started.json()) as { data: { startQuickScore: { id: string } } }).data
      .startQuickScore.id;
    await waitForCompletion(requestId);

    // …and a signed-in user claims it, creates a brand by hand and deletes that one.
    const claimed = await gql<{ claimQuickScore: { id: string } }>(
      'mutation ($id: ID!) { claimQuickScore(requestId: $id) { id } }',
      { id: requestId },
    );
    expect(claimed.errors).toBeUndefined();
    const again = await gql('mutation ($id: ID!) { claimQuickScore(requestId: $id) { id } }', {
      id: requestId,
    });
    expect(again.errors).toBeUndefined();
    const created = await gql<{ createBrand: { id: string } }>(
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      {
        input: baseInput({
          name: `${BRAND} Two`,
          domains: [`two-${DOMAIN}`],
          aliases: [],
          keywords: ['CRM software'],
        }),
      },
    );
    expect(created.errors).toBeUndefined();
    const brandId = created.data!.createBrand.id;
    // A run of that brand ends: the worker reports it for the workspace's owner.
    const run = await gql<{ startRun: { id: string } }>(
      'mutation ($id: ID!) { startRun(brandId: $id) { id } }',
      { id: brandId },
    );
    expect(run.errors).toBeUndefined();
    const runId = run.data!.startRun.id;
    await waitForRow('runs', runId);
    expect(
      (await gql('mutation ($id: ID!) { deleteBrand(id: $id) }', { id: brandId })).errors,
    ).toBeUndefined();

    // Closing flushes what the SDKs still hold.
    await worker!.close();
    worker = undefined;
    await running.close();
    gateway = undefined;

    const byName = (name: string) => ingest.events.filter((e) => e.event === name);
    const guest = guestDistinctId(addressHash);

    const [requested] = byName('quick_score_requested');
    const [completed] = byName('quick_score_completed');
    expect(requested).toMatchObject({
      distinct_id: guest,
      properties: { quick_score_id: requestId, reused: false, $process_person_profile: false },
    });
    expect(completed).toMatchObject({
      distinct_id: guest, // the worker names the same guest
      properties: { quick_score_id: requestId, $process_person_profile: false },
    });
    expect(completed!.properties.score).toEqual(expect.any(Number));
    expect(completed!.properties.answers).toBeGreaterThan(0);

    // A second claim of the same check returns the same brand and is not a second event.
    expect(byName('brand_claimed')).toHaveLength(1);
    expect(byName('brand_claimed')[0]).toMatchObject({
      distinct_id: userId,
      properties: { workspace_id: expect.any(String) },
    });
    expect(byName('brand_created')).toEqual([
      expect.objectContaining({
        distinct_id: userId,
        properties: expect.objectContaining({ brand_id: brandId, engines: 2, cadence: 'DAILY' }),
      }),
    ]);
    expect(byName('brand_deleted')).toEqual([
      expect.objectContaining({
        distinct_id: userId,
        properties: expect.objectContaining({ brand_id: brandId }),
      }),
    ]);
    expect(byName('run_completed')).toEqual([
      expect.objectContaining({
        distinct_id: userId,
        properties: expect.objectContaining({
          brand_id: brandId,
          run_id: runId,
          trigger: 'MANUAL',
          status: 'COMPLETED',
          answers: expect.any(Number),
        }),
      }),
    ]);
    // Users get person profiles; guests do not.
    expect(byName('brand_created')[0]!.properties.$process_person_profile).toBeUndefined();

    // Nothing personal or typed by the guest, anywhere in what was sent.
    const sent = ingest.bodies.join('\n');
    for (const secret of [EMAIL, '@example.com', BRAND, DOMAIN, GUEST_ADDRESS, addressHash]) {
      expect(sent).not.toContain(secret);
    }
    // posthog-node gzips its batches, and the server decoded them.
    expect(ingest.encodings).toContain('gzip');
  });
});
