import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  type CrawlerImport,
  crawlerHitsPerDay,
  crawlerPageReads,
  crawlerStatuses,
  crawlerTopPages,
  latestAuditKeyPages,
  listCrawlerImports,
  ownCitedPages,
} from '@lumen/db/repositories/crawler.repository';
import { agentByToken, LOGGED_AGENTS } from '@lumen/domain/crawlers/crawler-agents';
import {
  addDays,
  type CitationFetch,
  citationFetches,
  onDomains,
  pageOfUrl,
  parseCrawlerRange,
  type StatusClass,
  statusClass,
  type UnreadKeyPage,
  unreadKeyPages,
} from '@lumen/domain/crawlers/crawler-report';
import { RANGES_SNAPSHOT_DATE } from '@lumen/domain/crawlers/ranges-snapshot';
import type { AgentKind } from '@lumen/domain/site-audit/ai-agents';
import { builder } from '../builder';
import { badInput } from '../errors';
import { findOwned } from '../workspace-scope';

// AI-crawler analytics of a brand (docs/crawlers.md): what verified AI bots fetched of its
// site, per day and kind, their top pages, the statuses they were served, key pages none read
// lately, and whether each cited page of the brand had been fetched before it was cited.

const TOP_PAGES_PER_BOT = 10;
const CITED_PAGES = 50;
const UNREAD_DAYS = 30;

const upper = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((v) => [v.toUpperCase(), { value: v }]));

const CrawlerKindEnum = builder.enumType('CrawlerKind', {
  description:
    'TRAINING collects pages to train models; SEARCH indexes for an answer engine; USER fetches a page a person asked about.',
  values: upper(['training', 'search', 'user'] as const) as Record<
    'TRAINING' | 'SEARCH' | 'USER',
    { value: AgentKind }
  >,
});

const StatusClassEnum = builder.enumType('CrawlerStatusClass', {
  values: upper([
    'ok',
    'redirect',
    'blocked',
    'not_found',
    'client_error',
    'server_error',
  ] as const) as Record<
    'OK' | 'REDIRECT' | 'BLOCKED' | 'NOT_FOUND' | 'CLIENT_ERROR' | 'SERVER_ERROR',
    { value: StatusClass }
  >,
});

export const CrawlerRangeInput = builder.inputType('CrawlerRange', {
  description:
    'UTC days, both included: from–to, or lastDays up to today (30 by default); at most 366 days.',
  fields: (t) => ({
    from: t.field({ type: 'Date', required: false }),
    to: t.field({ type: 'Date', required: false }),
    lastDays: t.int({ required: false }),
  }),
});

type DayHits = { day: string; agent: string; kind: AgentKind; hits: number };
type PageHits = { path: string; hits: number };
type Bot = {
  agent: string;
  owner: string;
  kind: AgentKind;
  verified: number;
  unverified: number;
  unverifiable: number;
  topPages: PageHits[];
};
type StatusHits = { agent: string; status: number; hits: number };
type Stats = {
  from: string;
  to: string;
  days: DayHits[];
  bots: Bot[];
  statuses: StatusHits[];
  unreadKeyPages: UnreadKeyPage[];
  citations: CitationFetch[];
  imports: CrawlerImport[];
};

const DayHitsType = builder.objectRef<DayHits>('CrawlerDayHits').implement({
  description: 'Verified hits of one agent on one day (UTC).',
  fields: (t) => ({
    day: t.exposeString('day'),
    agent: t.exposeString('agent'),
    kind: t.field({ type: CrawlerKindEnum, resolve: (d) => d.kind }),
    hits: t.exposeInt('hits'),
  }),
});

const PageHitsType = builder.objectRef<PageHits>('CrawlerPageHits').implement({
  fields: (t) => ({ path: t.exposeString('path'), hits: t.exposeInt('hits') }),
});

const BotType = builder.objectRef<Bot>('CrawlerBot').implement({
  description:
    'One AI agent over the range: verified hits (its address is in the ranges its operator publishes), unverified ones (the user agent claims it, the address is not in them: not counted) and unverifiable ones (its operator publishes no ranges: not counted).',
  fields: (t) => ({
    agent: t.exposeString('agent'),
    owner: t.exposeString('owner'),
    kind: t.field({ type: CrawlerKindEnum, resolve: (b) => b.kind }),
    verified: t.exposeInt('verified'),
    unverified: t.exposeInt('unverified'),
    unverifiable: t.exposeInt('unverifiable'),
    topPages: t.field({ type: [PageHitsType], resolve: (b) => b.topPages }),
  }),
});

const StatusHitsType = builder.objectRef<StatusHits>('CrawlerStatusHits').implement({
  description: 'Verified hits of one agent answered with one status.',
  fields: (t) => ({
    agent: t.exposeString('agent'),
    status: t.exposeInt('status'),
    statusClass: t.field({ type: StatusClassEnum, resolve: (s) => statusClass(s.status) }),
    hits: t.exposeInt('hits'),
  }),
});

const UnreadPageType = builder.objectRef<UnreadKeyPage>('CrawlerUnreadPage').implement({
  description: 'A key page no verified AI bot read in the 30 days up to the range’s end.',
  fields: (t) => ({
    url: t.exposeString('url'),
    role: t.exposeString('role'),
    path: t.exposeString('path'),
    lastRead: t.exposeString('lastRead', { nullable: true }),
  }),
});

type Fetch = NonNullable<CitationFetch['fetchedBefore']>;
const FetchType = builder.objectRef<Fetch>('CrawlerFetch').implement({
  fields: (t) => ({ day: t.exposeString('day'), agent: t.exposeString('agent') }),
});

const CitationType = builder.objectRef<CitationFetch>('CrawlerCitation').implement({
  description:
    'A page of the brand cited by answers in the range, and the first verified AI-bot fetch on or before the day it was first cited (null: none seen).',
  fields: (t) => ({
    url: t.exposeString('url'),
    path: t.exposeString('path'),
    citations: t.exposeInt('citations'),
    firstCitedDay: t.exposeString('firstCitedDay'),
    fetchedBefore: t.field({ type: FetchType, nullable: true, resolve: (c) => c.fetchedBefore }),
  }),
});

const ImportType = builder.objectRef<CrawlerImport>('CrawlerLogImport').implement({
  description: 'One access log read (upload or ingest request). Only its counts are kept.',
  fields: (t) => ({
    id: t.exposeID('id'),
    source: t.exposeString('source', { description: 'upload or ingest.' }),
    fileName: t.exposeString('fileName', { nullable: true }),
    format: t.exposeString('format', { nullable: true }),
    bytes: t.exposeFloat('bytes'),
    lines: t.exposeInt('lines'),
    malformed: t.exposeInt('malformed'),
    verified: t.exposeInt('verified'),
    unverified: t.exposeInt('unverified'),
    unverifiable: t.exposeInt('unverifiable'),
    firstDay: t.exposeString('firstDay', { nullable: true }),
    lastDay: t.exposeString('lastDay', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const StatsType = builder.objectRef<Stats>('CrawlerStats').implement({
  description: 'What AI crawlers fetched of the brand’s site, from its access logs.',
  fields: (t) => ({
    from: t.exposeString('from'),
    to: t.exposeString('to'),
    rangesSnapshotDate: t.string({
      description:
        'The date of the address lists shipped with Lumen; an operator’s CRAWLER_RANGES_DIR replaces them.',
      resolve: () => RANGES_SNAPSHOT_DATE,
    }),
    days: t.field({ type: [DayHitsType], resolve: (s) => s.days }),
    bots: t.field({ type: [BotType], resolve: (s) => s.bots }),
    statuses: t.field({ type: [StatusHitsType], resolve: (s) => s.statuses }),
    unreadKeyPages: t.field({ type: [UnreadPageType], resolve: (s) => s.unreadKeyPages }),
    citations: t.field({ type: [CitationType], resolve: (s) => s.citations }),
    imports: t.field({
      type: [ImportType],
      description: 'The latest 10 logs read, newest first.',
      resolve: (s) => s.imports,
    }),
  }),
});

builder.queryField('crawlerStats', (t) =>
  t.field({
    type: StatsType,
    authScopes: { member: true },
    description:
      'AI-crawler analytics of the brand over the range (docs/crawlers.md). NOT_FOUND for another workspace’s, a missing or a malformed brand id.',
    args: {
      brandId: t.arg.id({ required: true }),
      range: t.arg({ type: CrawlerRangeInput, required: false }),
    },
    resolve: async (_root, { brandId, range: rawRange }, ctx) => {
      const brand = await findOwned(ctx, 'Brand', brandId, findBrand);
      const parsed = parseCrawlerRange(rawRange, new Date().toISOString().slice(0, 10));
      if ('issues' in parsed) throw badInput(parsed.issues);
      const { from, to } = parsed.range;
      const db = ctx.deps.db;
      const ws = brand.workspaceId;
      const [perDay, top, statuses, keyPages, cited, imports] = await Promise.all([
        crawlerHitsPerDay(db, ws, brand.id, from, to),
        crawlerTopPages(db, ws, brand.id, from, to, TOP_PAGES_PER_BOT),
        crawlerStatuses(db, ws, brand.id, from, to),
        latestAuditKeyPages(db, ws, brand.id),
        ownCitedPages(db, ws, brand.id, from, to, CITED_PAGES),
        listCrawlerImports(db, ws, brand.id),
      ]);
      const pages = keyPages.length
        ? keyPages
        : brand.domains.slice(0, 1).map((d) => ({ url: `https://${d}/`, role: 'home' }));
      const ownCited = cited.filter((c) => onDomains(c.url, brand.domains));
      const paths = new Set<string>();
      for (const url of [...pages.map((k) => k.url), ...ownCited.map((c) => c.url)]) {
        const path = pageOfUrl(url);
        if (path) paths.add(path);
      }
      const reads = await crawlerPageReads(db, ws, brand.id, [...paths]);
      const lastReads = new Map([...reads].map(([p, r]) => [p, r.lastDay]));
      const firstFetches = new Map(
        [...reads].map(([p, r]) => [p, { day: r.firstDay, agent: r.firstAgent }]),
      );

      const bots = new Map<string, Bot>();
      const days: DayHits[] = [];
      for (const row of perDay) {
        const agent = agentByToken(row.agent);
        if (!agent) continue;
        let bot = bots.get(row.agent);
        if (!bot) {
          bot = {
            agent: agent.token,
            owner: agent.owner,
            kind: agent.kind,
            verified: 0,
            unverified: 0,
            unverifiable: 0,
            topPages: [],
          };
          bots.set(row.agent, bot);
        }
        bot[row.verification] += row.hits;
        if (row.verification === 'verified') {
          days.push({ day: row.day, agent: agent.token, kind: agent.kind, hits: row.hits });
        }
      }
      for (const row of top) bots.get(row.agent)?.topPages.push({ path: row.path, hits: row.hits });
      const order = new Map(LOGGED_AGENTS.map((a, i) => [a.token, i]));
      return {
        from,
        to,
        days,
        bots: [...bots.values()].sort(
          (a, b) =>
            b.verified - a.verified || (order.get(a.agent) ?? 0) - (order.get(b.agent) ?? 0),
        ),
        statuses,
        unreadKeyPages: unreadKeyPages(pages, lastReads, addDays(to, 1 - UNREAD_DAYS)),
        citations: citationFetches(ownCited, firstFetches),
        imports,
      };
    },
  }),
);
