import type { AnswerAnalysis } from '../entities/types';
import { type MetricsTally, tallyAnswers } from '../metrics/tally';
import { wilson } from '../metrics/wilson';
import type { Interval, NotificationEventDraft } from './events';

// The events a finished run's answers give against the previous comparable run's answers
// (docs/notifications.md): share of voice that moved, a competitor that overtook the brand, and
// pages of the brand's own domains that stopped or started being cited. Like every move in the
// product, a number only "moves" when its 95 % Wilson intervals do not overlap.

export type AnswerForEvents = {
  engine: string;
  promptId: string | null;
  promptText: string;
  branded: boolean;
  analysis: Pick<AnswerAnalysis, 'mentions' | 'citations'>;
};

export type EntityForEvents = { id: string; name: string; kind: 'brand' | 'competitor' };

export type AnswerEventsInput = {
  brandId: string;
  runId: string;
  previousRunId: string;
  entities: readonly EntityForEvents[];
  current: readonly AnswerForEvents[];
  previous: readonly AnswerForEvents[];
};

/** One competitor's side of an overtaking, or the brand's. */
export type Standing = { shareOfVoice: number; mentionRate: Interval };

export type OvertookPayload = {
  brandId: string;
  runId: string;
  previousRunId: string;
  engine: string | null;
  competitorId: string;
  competitorName: string;
  brand: Standing;
  competitor: Standing;
  /** Shares of voice in the previous run, when the brand was ahead or level. */
  before: { brand: number; competitor: number };
  why: string;
};

export type CitationWhere = { promptId: string; prompt: string; engine: string };

export type CitationPayload = {
  brandId: string;
  runId: string;
  previousRunId: string;
  url: string;
  domain: string;
  /** The prompt × engine pairs where the page was lost (or gained), at most CITATION_WHERE_CAP. */
  where: CitationWhere[];
  /** How many prompt × engine pairs in all. */
  pairs: number;
  why: string;
};

export const CITATION_WHERE_CAP = 20;

const pct = (v: number) => `${Math.round(v * 100)} %`;
const range = (i: Interval) => `${pct(i.low)}–${pct(i.high)}`;
const separate = (a: Interval, b: Interval) => a.high < b.low || b.high < a.low;

/** Answers per scope: every engine together (null), then each engine alone. */
function scopes(answers: readonly AnswerForEvents[]): Map<string | null, MetricsTally> {
  const byScope = new Map<string | null, AnswerForEvents['analysis'][]>([[null, []]]);
  // Branded prompts ("is Acme good for …") are left out, as in every number the pages show.
  for (const a of answers) {
    if (a.branded) continue;
    byScope.get(null)!.push(a.analysis);
    const list = byScope.get(a.engine);
    if (list) list.push(a.analysis);
    else byScope.set(a.engine, [a.analysis]);
  }
  const out = new Map<string | null, MetricsTally>();
  for (const [scope, list] of byScope) {
    out.set(scope, tallyAnswers(list.map((analysis) => ({ discovered: [], ...analysis }))));
  }
  return out;
}

const mentioned = (t: MetricsTally, id: string) =>
  Object.hasOwn(t.entities, id) ? t.entities[id]!.mentioned : 0;

function shareOfVoice(t: MetricsTally, id: string): Interval & { value: number } {
  const k = mentioned(t, id);
  const n = t.entityAnswers;
  return { value: n === 0 ? 0 : k / n, ...wilson(k, n) };
}

function mentionRate(t: MetricsTally, id: string): Interval & { value: number } {
  const k = mentioned(t, id);
  return { value: t.answers === 0 ? 0 : k / t.answers, ...wilson(k, t.answers) };
}

function scopeEvents(
  input: AnswerEventsInput,
  engine: string | null,
  before: MetricsTally,
  after: MetricsTally,
): NotificationEventDraft[] {
  if (before.answers === 0 || after.answers === 0) return [];
  const { brandId, runId, previousRunId } = input;
  const where = engine ? ` on ${engine}` : '';
  const subject = `${brandId}:${engine ?? '*'}`;
  const out: NotificationEventDraft[] = [];

  // Share of voice: the brand's mentions among all tracked brands' mentions. Its interval is
  // Wilson's over those mentions (docs/notifications.md says why that is a fair reading).
  if (before.entityAnswers > 0 && after.entityAnswers > 0) {
    const previous = shareOfVoice(before, brandId);
    const current = shareOfVoice(after, brandId);
    if (separate(previous, current)) {
      out.push({
        type: 'share_of_voice.moved',
        key: `share_of_voice.moved:${subject}:${runId}`,
        brandId,
        data: {
          brandId,
          runId,
          previousRunId,
          engine,
          direction: current.value > previous.value ? 'UP' : 'DOWN',
          previous,
          current,
          change: current.value - previous.value,
          why:
            `The brand had ${pct(current.value)} of the tracked brands' mentions${where} ` +
            `(95 % interval ${range(current)}), against ${pct(previous.value)} ` +
            `(${range(previous)}) in the previous run: the intervals do not overlap.`,
        },
      });
    }
  }

  // A competitor overtook: the brand was ahead or level before, and now the competitor's
  // mention-rate interval lies wholly above the brand's. Both share the run's answers, so the
  // order of mention rates is the order of shares of voice.
  const brandRate = mentionRate(after, brandId);
  for (const c of input.entities) {
    if (c.kind !== 'competitor') continue;
    if (mentioned(before, c.id) > mentioned(before, brandId)) continue;
    const rival = mentionRate(after, c.id);
    if (!(rival.low > brandRate.high)) continue;
    const data: OvertookPayload = {
      brandId,
      runId,
      previousRunId,
      engine,
      competitorId: c.id,
      competitorName: c.name,
      brand: { shareOfVoice: shareOfVoice(after, brandId).value, mentionRate: brandRate },
      competitor: { shareOfVoice: shareOfVoice(after, c.id).value, mentionRate: rival },
      before: {
        brand: shareOfVoice(before, brandId).value,
        competitor: shareOfVoice(before, c.id).value,
      },
      why:
        `${c.name} was named in ${pct(rival.value)} of answers${where} (95 % interval ` +
        `${range(rival)}), the brand in ${pct(brandRate.value)} (${range(brandRate)}): the ` +
        `intervals do not overlap. In the previous run the brand was ahead or level.`,
    };
    out.push({
      type: 'competitor.overtook',
      key: `competitor.overtook:${subject}:${c.id}:${runId}`,
      brandId,
      data,
    });
  }
  return out;
}

/** The brand's own pages cited per prompt × engine (every prompt, branded ones included). */
function ownCitations(answers: readonly AnswerForEvents[]) {
  const pairs = new Map<string, { where: CitationWhere; urls: Map<string, string> }>();
  for (const a of answers) {
    if (a.promptId === null) continue;
    const key = `${a.promptId}\u0000${a.engine}`;
    let pair = pairs.get(key);
    if (!pair) {
      pair = {
        where: { promptId: a.promptId, prompt: a.promptText, engine: a.engine },
        urls: new Map(),
      };
      pairs.set(key, pair);
    }
    for (const c of a.analysis.citations) if (c.owner === 'own') pair.urls.set(c.url, c.domain);
  }
  return pairs;
}

/** A short stable key part for a URL (keys stay bounded whatever the URL's length). */
function urlKey(url: string): string {
  // cyrb53: 53 bits are plenty to tell one brand's pages apart.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function citationEvents(input: AnswerEventsInput): NotificationEventDraft[] {
  const before = ownCitations(input.previous);
  const after = ownCitations(input.current);
  const lost = new Map<string, { domain: string; where: CitationWhere[] }>();
  const gained = new Map<string, { domain: string; where: CitationWhere[] }>();
  const note = (into: typeof lost, url: string, domain: string, where: CitationWhere) => {
    const entry = into.get(url);
    if (entry) entry.where.push(where);
    else into.set(url, { domain, where: [where] });
  };
  // Only pairs asked (and answered) in both runs can say a page was lost or gained.
  for (const [key, now] of after) {
    const then = before.get(key);
    if (!then) continue;
    for (const [url, domain] of then.urls)
      if (!now.urls.has(url)) note(lost, url, domain, now.where);
    for (const [url, domain] of now.urls)
      if (!then.urls.has(url)) note(gained, url, domain, now.where);
  }
  const out: NotificationEventDraft[] = [];
  for (const [type, pages] of [
    ['citation.lost', lost],
    ['citation.gained', gained],
  ] as const) {
    for (const url of [...pages.keys()].sort()) {
      const { domain, where } = pages.get(url)!;
      const pairs = where.length;
      const engines = [...new Set(where.map((w) => w.engine))].sort().join(', ');
      const prompts = `${pairs} ${pairs === 1 ? 'prompt' : 'prompt × engine pairs'}`;
      const why =
        type === 'citation.lost'
          ? `${url} was cited for ${prompts} (${engines}) in the previous run and in none of this run's answers to them.`
          : `${url} is cited for ${prompts} (${engines}) where the previous run did not cite it.`;
      const data: CitationPayload = {
        brandId: input.brandId,
        runId: input.runId,
        previousRunId: input.previousRunId,
        url,
        domain,
        where: where.slice(0, CITATION_WHERE_CAP),
        pairs,
        why,
      };
      out.push({
        type,
        key: `${type}:${input.brandId}:${urlKey(url)}:${input.runId}`,
        brandId: input.brandId,
        data,
      });
    }
  }
  return out;
}

/**
 * Events of a run's answers against the previous comparable run's answers: share of voice and
 * overtakings for every engine together and for each engine both runs asked, then own-page
 * citations lost or gained per prompt × engine.
 */
export function answerEvents(input: AnswerEventsInput): NotificationEventDraft[] {
  const before = scopes(input.previous);
  const after = scopes(input.current);
  const out: NotificationEventDraft[] = [];
  for (const scope of [null, ...[...after.keys()].filter((k) => k !== null).sort()]) {
    const prior = before.get(scope);
    const now = after.get(scope);
    if (prior && now) out.push(...scopeEvents(input, scope, prior, now));
  }
  out.push(...citationEvents(input));
  return out;
}
