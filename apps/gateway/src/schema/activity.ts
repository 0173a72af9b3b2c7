import type { ActivityRow } from '@lumen/db/repositories/activity.repository';
import { listActivityActors } from '@lumen/db/repositories/activity.repository';
import { builder } from '../builder';
import { activityTail, parseActivityFilter, readActivity } from '../services/activity-read.service';
import { requestStream } from '../subscriptions/stream-limits';
import { connectionType, newestFirst, pageArgs } from './connection';

// The workspace's activity log (docs/activity.md): who changed what, and how jobs ended. Every
// role reads it; a viewer's entries name people, never their emails.

const ActivityLevelEnum = builder.enumType('ActivityLevel', {
  values: {
    INFO: { value: 'info' },
    WARNING: { value: 'warning' },
    ERROR: { value: 'error' },
  } as const,
});

const ActorTypeEnum = builder.enumType('ActorType', {
  values: {
    USER: { value: 'user', description: 'A person, signed in.' },
    API_KEY: { value: 'api_key', description: 'An API key of the workspace.' },
    SYSTEM: { value: 'system', description: 'Lumen itself: jobs and schedules.' },
  } as const,
});

type ActorView = {
  type: ActivityRow['actorType'];
  id: string | null;
  name: string;
  email: string | null;
};

const ActivityActorType = builder.objectRef<ActorView>('ActivityActor').implement({
  description: 'Who did it, named as they were at the time.',
  fields: (t) => ({
    type: t.field({ type: ActorTypeEnum, resolve: (a) => a.type }),
    id: t.exposeID('id', { nullable: true, description: 'The user or API key; null for Lumen.' }),
    name: t.exposeString('name'),
    email: t.exposeString('email', {
      nullable: true,
      description: 'The person’s email, never for a viewer (and never for keys or Lumen).',
    }),
  }),
});

const ActivityEntryType = builder.objectRef<ActivityRow>('ActivityEntry');
ActivityEntryType.implement({
  description: 'One change to the workspace, or one job outcome.',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind', { description: '`<subject>.<verb>`, e.g. `brand.created`.' }),
    level: t.field({ type: ActivityLevelEnum, resolve: (r) => r.level }),
    message: t.exposeString('message'),
    actor: t.field({
      type: ActivityActorType,
      resolve: (r) => ({
        type: r.actorType,
        id: r.actorId,
        name: r.actorName ?? (r.actorType === 'system' ? 'Lumen' : 'Someone'),
        email: r.actorEmail,
      }),
    }),
    subjectType: t.exposeString('subjectType', {
      nullable: true,
      description: 'brand, keyword, prompt, competitor, run, order, draft, …',
    }),
    subjectId: t.exposeID('subjectId', { nullable: true }),
    brandId: t.exposeID('brandId', { nullable: true, description: 'The brand it concerns.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const ActivityConnectionType = connectionType('Activity', ActivityEntryType);

export const ActivityFilterInput = builder.inputType('ActivityFilter', {
  fields: (t) => ({
    kinds: t.stringList({ description: 'Any of these kinds (`brand.created`, …).' }),
    levels: t.field({ type: [ActivityLevelEnum] }),
    actorId: t.id({ description: 'A person (or key) from `activityActors`.' }),
    brandId: t.id(),
    from: t.field({ type: 'DateTime', description: 'From this instant on.' }),
    to: t.field({ type: 'DateTime', description: 'Before this instant.' }),
  }),
});

builder.queryField('activity', (t) =>
  t.field({
    type: ActivityConnectionType,
    authScopes: { member: true },
    description: 'The workspace’s activity log, newest first.',
    args: {
      filter: t.arg({ type: ActivityFilterInput }),
      first: t.arg.int({ description: '1–100, default 20.' }),
      after: t.arg.string(),
    },
    resolve: async (_root, args, ctx) => {
      const page = pageArgs(args, newestFirst);
      const filter = await parseActivityFilter(ctx, args.filter);
      return page.connection(await readActivity(ctx, filter, page));
    },
  }),
);

builder.queryField('activityActors', (t) =>
  t.field({
    type: [ActivityActorType],
    authScopes: { member: true },
    description: 'Everyone who appears in the workspace’s log, by name: the person filter.',
    resolve: async (_root, _args, ctx) => {
      const rows = await listActivityActors(ctx.deps.db, (await ctx.workspace()).id);
      return rows.map((r) => ({ ...r, email: null }));
    },
  }),
);

builder.subscriptionField('activityAdded', (t) =>
  t.field({
    type: ActivityEntryType,
    authScopes: { member: true },
    description: 'Each entry added to the current workspace’s log from now on (the live tail).',
    subscribe: async (_root, _args, ctx) => {
      const access = await ctx.workspace();
      return requestStream(ctx, (signal) => activityTail(ctx, access, signal));
    },
    resolve: (row) => row,
  }),
);
