import { loadEnv } from '@lumen/config/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { BRAND_FIELDS, baseInput, client, codeOf, signUp } from './brand-helpers';

let gateway: RunningGateway;

beforeAll(async () => {
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
});

type Ids = { brand: string; competitor: string; keyword: string; prompt: string };

describe('another workspace’s ids answer exactly like missing ones', () => {
  it('gives user B NOT_FOUND on every brand field for user A’s ids and leaves A’s data as it was', async () => {
    const a = client(gateway, await signUp(gateway));
    const b = client(gateway, await signUp(gateway));
    const created = await a<{
      createBrand: {
        id: string;
        competitors: { id: string }[];
        keywords: { id: string; prompts: { id: string }[] }[];
      };
    }>(`mutation ($input: BrandInput!) { createBrand(input: $input) { ${BRAND_FIELDS} } }`, {
      input: baseInput({ competitors: [{ name: 'Contoso' }], keywords: ['CRM software'] }),
    });
    expect(created.errors).toBeUndefined();
    const brand = created.data!.createBrand;
    const ids: Ids = {
      brand: brand.id,
      competitor: brand.competitors[0]!.id,
      keyword: brand.keywords[0]!.id,
      prompt: brand.keywords[0]!.prompts[0]!.id,
    };
    const snapshot = async () =>
      (await a(`query ($id: ID!) { brand(id: $id) { ${BRAND_FIELDS} } }`, { id: ids.brand })).data;
    const before = await snapshot();

    const missing = '00000000-0000-4000-8000-000000000000';
    const attempts: [string, string, Record<string, unknown>][] = [
      [
        'updateBrand',
        'mutation ($id: ID!, $input: BrandInput!) { updateBrand(id: $id, input: $input) { id } }',
        { id: ids.brand, input: baseInput({ name: 'Hijacked' }) },
      ],
      [
        'setBrandStatus',
        'mutation ($id: ID!) { setBrandStatus(id: $id, status: PAUSED) { id } }',
        { id: ids.brand },
      ],
      ['deleteBrand', 'mutation ($id: ID!) { deleteBrand(id: $id) }', { id: ids.brand }],
      [
        'addCompetitor',
        'mutation ($id: ID!) { addCompetitor(brandId: $id, input: { name: "X" }) { id } }',
        { id: ids.brand },
      ],
      [
        'updateCompetitor',
        'mutation ($id: ID!) { updateCompetitor(id: $id, input: { name: "X" }) { id } }',
        { id: ids.competitor },
      ],
      [
        'removeCompetitor',
        'mutation ($id: ID!) { removeCompetitor(id: $id) }',
        { id: ids.competitor },
      ],
      [
        'addKeywords',
        'mutation ($id: ID!) { addKeywords(brandId: $id, texts: ["x y"]) { id } }',
        { id: ids.brand },
      ],
      ['removeKeyword', 'mutation ($id: ID!) { removeKeyword(id: $id) }', { id: ids.keyword }],
      [
        'addPrompts',
        'mutation ($id: ID!) { addPrompts(keywordId: $id, texts: ["Which CRM?"]) { id } }',
        { id: ids.keyword },
      ],
      [
        'setPromptActive',
        'mutation ($id: ID!) { setPromptActive(id: $id, active: false) { id } }',
        { id: ids.prompt },
      ],
    ];
    for (const [field, query, variables] of attempts) {
      const theirs = await b(query, variables);
      // The same answer as for an id that exists nowhere, message included.
      const nowhere = await b(query, {
        ...variables,
        id: missing,
      });
      expect(codeOf(theirs), field).toBe('NOT_FOUND');
      expect(theirs.errors?.[0]?.message, field).toBe(nowhere.errors?.[0]?.message);
      expect(codeOf(nowhere), field).toBe('NOT_FOUND');
    }
    expect((await b('query ($id: ID!) { brand(id: $id) { id } }', { id: ids.brand })).data).toEqual(
      { brand: null },
    );
    expect((await b('{ brands { id } }')).data).toEqual({ brands: [] });
    expect(await snapshot()).toEqual(before);
    // The activity log: B's refused attempts wrote nothing in A's log or in B's, and B's log
    // filtered by A's brand is empty.
    const LOG = 'query ($f: ActivityFilter) { activity(filter: $f) { edges { node { kind } } } }';
    const kinds = (body: { data?: unknown }) =>
      (body.data as { activity: { edges: { node: { kind: string } }[] } }).activity.edges.map(
        (e) => e.node.kind,
      );
    expect(kinds(await a(LOG))).toEqual(['brand.created']);
    expect(kinds(await b(LOG))).toEqual([]);
    expect(kinds(await b(LOG, { f: { brandId: ids.brand } }))).toEqual([]);
  });

  it('answers NOT_FOUND, not an internal error, for ids that are not UUIDs', async () => {
    const b = client(gateway, await signUp(gateway));
    const body = await b('mutation { deleteBrand(id: "1 or 1=1") }');
    expect(codeOf(body)).toBe('NOT_FOUND');
    expect((await b('{ brand(id: "nope") { id } }')).data).toEqual({ brand: null });
  });

  it('gives user B NOT_FOUND on every team field for user A’s workspace, member and invitation ids', async () => {
    const aToken = await signUp(gateway);
    const a = client(gateway, aToken);
    const b = client(gateway, await signUp(gateway));
    const made = await a<{ createWorkspace: { id: string } }>(
      'mutation { createWorkspace(name: "A team") { id } }',
    );
    const workspace = made.data!.createWorkspace.id;
    const me = await a<{ me: { id: string } }>('{ me { id } }');
    const user = me.data!.me.id;
    const invited = await a<{ inviteMember: { id: string } }>(
      'mutation ($w: ID!) { inviteMember(workspaceId: $w, email: "c@example.com", role: MEMBER) { id } }',
      { w: workspace },
    );
    const invitation = invited.data!.inviteMember.id;
    const missing = '00000000-0000-4000-8000-000000000000';
    const attempts: [string, string, Record<string, unknown>, Record<string, unknown>][] = [
      [
        'renameWorkspace',
        'mutation ($w: ID!) { renameWorkspace(id: $w, name: "Hijacked") { id } }',
        { w: workspace },
        { w: missing },
      ],
      [
        'inviteMember',
        'mutation ($w: ID!) { inviteMember(workspaceId: $w, email: "d@example.com", role: OWNER) { id } }',
        { w: workspace },
        { w: missing },
      ],
      [
        'setMemberRole',
        'mutation ($w: ID!, $u: ID!) { setMemberRole(workspaceId: $w, userId: $u, role: VIEWER) { role } }',
        { w: workspace, u: user },
        { w: missing, u: user },
      ],
      [
        'removeMember',
        'mutation ($w: ID!, $u: ID!) { removeMember(workspaceId: $w, userId: $u) }',
        { w: workspace, u: user },
        { w: missing, u: user },
      ],
      [
        'leaveWorkspace',
        'mutation ($w: ID!) { leaveWorkspace(workspaceId: $w) }',
        { w: workspace },
        { w: missing },
      ],
      [
        'revokeInvitation',
        'mutation ($w: ID!) { revokeInvitation(id: $w) }',
        { w: invitation },
        { w: missing },
      ],
      [
        'resendInvitation',
        'mutation ($w: ID!) { resendInvitation(id: $w) { id } }',
        { w: invitation },
        { w: missing },
      ],
    ];
    for (const [field, query, theirs, nowhere] of attempts) {
      const asB = await b(query, theirs);
      const none = await b(query, nowhere);
      expect(codeOf(asB), field).toBe('NOT_FOUND');
      expect(asB.errors?.[0]?.message, field).toBe(none.errors?.[0]?.message);
      // A malformed id never reaches a query: the same answer.
      const bad = await b(
        query,
        Object.fromEntries(Object.keys(theirs).map((k) => [k, "1' or 1=1"])),
      );
      expect(codeOf(bad), field).toBe('NOT_FOUND');
    }
    // A member id of another workspace, asked in B's own: NOT_FOUND too.
    const bMe = await b<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
    const own = bMe.data!.me.workspaces[0]!.id;
    const foreignMember = await b(
      'mutation ($w: ID!, $u: ID!) { removeMember(workspaceId: $w, userId: $u) }',
      { w: own, u: user },
    );
    expect(codeOf(foreignMember)).toBe('NOT_FOUND');
    // A's workspace, its members and its invitation are as they were.
    const after = await client(
      gateway,
      aToken,
    )<{
      me: {
        workspaces: {
          id: string;
          name: string;
          members: { role: string }[];
          invitations: { id: string }[];
        }[];
      };
    }>('{ me { workspaces { id name members { role } invitations { id } } } }');
    expect(after.data!.me.workspaces.find((w) => w.id === workspace)).toMatchObject({
      name: 'A team',
      members: [{ role: 'OWNER' }],
      invitations: [{ id: invitation }],
    });
  });

  it('gives user B NOT_FOUND on every engine connection field for user A’s connection id', async () => {
    const a = client(gateway, await signUp(gateway));
    const b = client(gateway, await signUp(gateway));
    const made = await a<{ connectEngine: { id: string } }>(
      'mutation { connectEngine(input: { kind: MISTRAL, apiKey: "mistral-key-abcdefgh" }) { id } }',
    );
    const id = made.data!.connectEngine.id;
    const missing = '00000000-0000-4000-8000-000000000000';
    const attempts: [string, string][] = [
      [
        'updateEngineConnection',
        'mutation ($id: ID!) { updateEngineConnection(id: $id, input: { kind: MISTRAL, label: "Hijacked" }) { id } }',
      ],
      ['testEngineConnection', 'mutation ($id: ID!) { testEngineConnection(id: $id) { id } }'],
      ['removeEngineConnection', 'mutation ($id: ID!) { removeEngineConnection(id: $id) }'],
    ];
    for (const [field, query] of attempts) {
      const asB = await b(query, { id });
      const none = await b(query, { id: missing });
      expect(codeOf(asB), field).toBe('NOT_FOUND');
      expect(asB.errors?.[0]?.message, field).toBe(none.errors?.[0]?.message);
      expect(codeOf(await b(query, { id: "1' or 1=1" })), field).toBe('NOT_FOUND');
    }
    const theirs = await b<{ engineConnections: { id: string }[] }>('{ engineConnections { id } }');
    expect(theirs.data?.engineConnections.map((c) => c.id)).not.toContain(id);
    const mine = await a<{ engineConnections: { id: string; label: string; status: string }[] }>(
      '{ engineConnections { id label status } }',
    );
    expect(mine.data?.engineConnections).toEqual([{ id, label: 'Mistral', status: 'UNTESTED' }]);
  });

  it('gives user B NOT_FOUND on every webhook field for user A’s webhook and delivery ids', async () => {
    const a = client(gateway, await signUp(gateway));
    const b = client(gateway, await signUp(gateway));
    // A blocked URL would be refused; an address that answers nothing is enough for the log.
    const made = await a<{ createWebhook: { webhook: { id: string } } }>(
      'mutation { createWebhook(input: { url: "https://hooks.example.invalid/x", events: ["run.failed"] }) { webhook { id } } }',
    );
    const id = made.data!.createWebhook.webhook.id;
    const sent = await a<{ sendTestEvent: { id: string } }>(
      'mutation ($id: ID!) { sendTestEvent(webhookId: $id) { id } }',
      { id },
    );
    const deliveryId = sent.data!.sendTestEvent.id;
    const missing = '00000000-0000-4000-8000-000000000000';
    const attempts: [string, string, string][] = [
      [
        'updateWebhook',
        'mutation ($id: ID!) { updateWebhook(id: $id, input: { url: "https://evil.example/", events: ["run.failed"] }) { id } }',
        id,
      ],
      [
        'rotateWebhookSecret',
        'mutation ($id: ID!) { rotateWebhookSecret(id: $id) { secret } }',
        id,
      ],
      ['deleteWebhook', 'mutation ($id: ID!) { deleteWebhook(id: $id) }', id],
      ['sendTestEvent', 'mutation ($id: ID!) { sendTestEvent(webhookId: $id) { id } }', id],
      ['redeliver', 'mutation ($id: ID!) { redeliver(deliveryId: $id) { id } }', deliveryId],
    ];
    for (const [field, query, target] of attempts) {
      const asB = await b(query, { id: target });
      const none = await b(query, { id: missing });
      expect(codeOf(asB), field).toBe('NOT_FOUND');
      expect(asB.errors?.[0]?.message, field).toBe(none.errors?.[0]?.message);
      expect(codeOf(await b(query, { id: "1' or 1=1" })), field).toBe('NOT_FOUND');
    }
    const theirs = await b<{ webhooks: { id: string }[] }>('{ webhooks { id } }');
    expect(theirs.data?.webhooks).toEqual([]);
    const mine = await a<{ webhooks: { id: string; url: string; deliveries: { id: string }[] }[] }>(
      '{ webhooks { id url deliveries { id } } }',
    );
    expect(mine.data?.webhooks).toEqual([
      { id, url: 'https://hooks.example.invalid/x', deliveries: [{ id: deliveryId }] },
    ]);
    const slack = await a<{ createSlackChannel: { id: string } }>(
      'mutation { createSlackChannel(input: { webhookUrl: "https://hooks.example.invalid/s", events: ["run.failed"] }) { id } }',
    );
    const slackId = slack.data!.createSlackChannel.id;
    const slackAttempts: [string, string][] = [
      [
        'updateSlackChannel',
        'mutation ($id: ID!) { updateSlackChannel(id: $id, input: { events: ["run.failed"] }) { id } }',
      ],
      ['deleteSlackChannel', 'mutation ($id: ID!) { deleteSlackChannel(id: $id) }'],
      ['sendSlackTest', 'mutation ($id: ID!) { sendSlackTest(channelId: $id) { id } }'],
    ];
    for (const [field, query] of slackAttempts) {
      expect(codeOf(await b(query, { id: slackId })), field).toBe('NOT_FOUND');
      expect(codeOf(await b(query, { id: "1' or 1=1" })), field).toBe('NOT_FOUND');
    }
    expect(
      (await b<{ slackChannels: unknown[] }>('{ slackChannels { id } }')).data?.slackChannels,
    ).toEqual([]);
    // Its retries (the address never answers) find no webhook and stop.
    const gone = await a('mutation ($id: ID!) { deleteWebhook(id: $id) }', { id });
    expect(gone.errors).toBeUndefined();
  });
});
