import { loadEnv } from '@lumen/config/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { codeOf, fieldsOf } from './brand-helpers';
import { join, person, teamWorkspace } from './team-helpers';

// Defaults for new brands (docs/brands.md, "Defaults for new brands").

let gateway: RunningGateway;

beforeAll(async () => {
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
});

const SET = `mutation ($w: ID!, $i: BrandDefaultsInput) {
  setBrandDefaults(workspaceId: $w, input: $i) { id brandDefaults {
    engines samples cadence hour weekday timezone country language } } }`;
const READ = `{ currentWorkspace { brandDefaults {
  engines samples cadence hour weekday timezone country language } } }`;
const input = {
  engines: ['local-gpt', 'local-claude', 'local-gpt'],
  samples: 3,
  cadence: 'DAILY',
  hour: 7,
  weekday: 1,
  timezone: 'Europe/Berlin',
  country: ' Germany ',
  language: 'de',
};

describe('defaults for new brands', () => {
  it('are set by owners and admins, read by every member, and cleared with null', async () => {
    const owner = await person(gateway, 'owner');
    const w = await teamWorkspace(owner, 'Defaults Co');
    const viewer = await person(gateway, 'viewer');
    await join(owner, w, viewer, 'VIEWER');
    const admin = await person(gateway, 'admin');
    await join(owner, w, admin, 'ADMIN');

    const before = await viewer.gql<{ currentWorkspace: { brandDefaults: null } }>(READ, {}, w);
    expect(before.data!.currentWorkspace.brandDefaults).toBeNull();

    const set = await owner.gql(SET, { w, i: input });
    expect(set.errors).toBeUndefined();
    const read = await viewer.gql<{ currentWorkspace: { brandDefaults: unknown } }>(READ, {}, w);
    expect(read.data!.currentWorkspace.brandDefaults).toEqual({
      ...input,
      engines: ['local-gpt', 'local-claude'],
      country: 'Germany',
    });
    expect(codeOf(await viewer.gql(SET, { w, i: input }))).toBe('FORBIDDEN');
    expect((await admin.gql(SET, { w, i: { ...input, hour: 9 } })).errors).toBeUndefined();

    // The activity log says who changed them, from what to what.
    const log = await owner.gql<{
      activity: { edges: { node: { kind: string; actor: { name: string } | null } }[] };
    }>('{ activity(first: 5) { edges { node { kind actor { name } } } } }', {}, w);
    expect(log.data!.activity.edges.map((e) => e.node.kind)).toContain(
      'workspace.brand_defaults_changed',
    );

    const cleared = await owner.gql(SET, { w, i: null });
    expect(cleared.errors).toBeUndefined();
    const after = await owner.gql<{ currentWorkspace: { brandDefaults: null } }>(READ, {}, w);
    expect(after.data!.currentWorkspace.brandDefaults).toBeNull();
  });

  it('refuses what a brand would refuse, field by field, and keeps the old ones', async () => {
    const owner = await person(gateway, 'owner');
    const w = await teamWorkspace(owner, 'Strict Co');
    await owner.gql(SET, { w, i: input });
    const bad = await owner.gql(SET, {
      w,
      i: { ...input, timezone: 'Mars/Olympus', samples: 9, language: 'German' },
    });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(bad) ?? {}).sort()).toEqual(['language', 'samples', 'timezone']);
    const kept = await owner.gql<{ currentWorkspace: { brandDefaults: { timezone: string } } }>(
      READ,
      {},
      w,
    );
    expect(kept.data!.currentWorkspace.brandDefaults.timezone).toBe('Europe/Berlin');
  });

  it('is NOT_FOUND for a workspace the caller is not in', async () => {
    const owner = await person(gateway, 'owner');
    const w = await teamWorkspace(owner, 'Private Co');
    const stranger = await person(gateway, 'stranger');
    expect(codeOf(await stranger.gql(SET, { w, i: input }))).toBe('NOT_FOUND');
  });
});
