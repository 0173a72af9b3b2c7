import { splitByHighlights } from '../../quick-score/utils/highlightSegments';
import { plainText } from '../../quick-score/utils/plainExcerpt';

// Pure pieces of the run screens: what a run's state reads as, how long it took, where its
// toast goes, and how an answer's mentions are coloured. Table tests beside this file.

type RunLike = {
  status: string;
  total: number;
  done: number;
  failed: number;
  error?: string | null;
  score?: number | null;
  createdAt: string;
  startedAt?: string | null;
  finishedAt?: string | null;
};

export const isOpenRun = (status: string) => status === 'QUEUED' || status === 'RUNNING';

export const isCancelled = (run: Pick<RunLike, 'status' | 'error'>) =>
  run.status === 'FAILED' && run.error === 'Cancelled';

/** 0–100 of the queries answered or failed; a finished run is 100. */
export function runPercent(run: Pick<RunLike, 'status' | 'total' | 'done' | 'failed'>): number {
  if (!isOpenRun(run.status)) return 100;
  if (run.total <= 0) return 0;
  return Math.min(100, Math.round(((run.done + run.failed) / run.total) * 100));
}

/** "45 s", "3 min 12 s", "1 h 4 min"; null while it has not started. */
export function runDuration(run: RunLike, now = Date.now()): string | null {
  const from = run.startedAt ?? (isOpenRun(run.status) ? null : run.createdAt);
  if (!from) return null;
  const end = run.finishedAt ? Date.parse(run.finishedAt) : now;
  const seconds = Math.max(0, Math.round((end - Date.parse(from)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export type StatusTone = 'accent' | 'success' | 'warning' | 'danger' | 'muted';

/** The label and tone of a run's status badge. */
export function runStatusBadge(
  run: Pick<RunLike, 'status' | 'error' | 'failed'> & { budgetStopped?: number },
): {
  label: string;
  tone: StatusTone;
} {
  if (!isOpenRun(run.status) && (run.budgetStopped ?? 0) > 0) {
    return run.status === 'COMPLETED'
      ? { label: 'Partial: budget reached', tone: 'warning' }
      : { label: 'Stopped: budget reached', tone: 'danger' };
  }
  switch (run.status) {
    case 'QUEUED':
      return { label: 'Queued', tone: 'muted' };
    case 'RUNNING':
      return { label: 'Running', tone: 'accent' };
    case 'COMPLETED':
      return run.failed > 0
        ? { label: 'Completed with failures', tone: 'warning' }
        : { label: 'Completed', tone: 'success' };
    default:
      return isCancelled(run)
        ? { label: 'Cancelled', tone: 'muted' }
        : { label: 'Failed', tone: 'danger' };
  }
}

/** One sentence for a toast or a result line. */
export function runOutcome(run: RunLike): string {
  const answers = `${run.done} of ${run.total} answers`;
  const failed = run.failed > 0 ? `, ${run.failed} failed` : '';
  switch (run.status) {
    case 'QUEUED':
      return 'Waiting for a worker to pick it up.';
    case 'RUNNING':
      return `${answers} in${failed}.`;
    case 'COMPLETED':
      return `${run.score === null || run.score === undefined ? 'Finished' : `Score ${run.score}`} · ${answers}${failed}.`;
    default:
      return isCancelled(run)
        ? `Cancelled after ${answers}.`
        : `Failed: ${run.error ?? 'the run stopped.'}`;
  }
}

/**
 * What a run the monthly budget stopped says, plainly: null when the budget never stopped a
 * query of it. Those queries were never asked of the engine, so the run is partial, not broken.
 */
export function budgetNotice(run: {
  status: string;
  total: number;
  budgetStopped: number;
}): { title: string; detail: string } | null {
  if (run.budgetStopped <= 0) return null;
  const notAsked = `${run.budgetStopped} ${run.budgetStopped === 1 ? 'answer' : 'answers'} not asked`;
  if (isOpenRun(run.status)) {
    return {
      title: `Budget reached: ${notAsked} so far`,
      detail: 'Free engines still answer; paid ones are not asked again this month.',
    };
  }
  return {
    title: `Budget reached: ${notAsked}`,
    detail:
      run.status === 'COMPLETED'
        ? `This run is partial: the monthly budget stopped ${run.budgetStopped} of its ${run.total} queries before they were asked, so they cost nothing. Raise the budget or wait for next month to measure them.`
        : `Nothing was answered: the monthly budget was spent before this run asked any paid engine. Raise the budget or wait for next month.`,
  };
}

/** A finished run's toast is for people elsewhere in the app, not on that brand's pages. */
export function shouldToastFinishedRun(pathname: string, brandId: string | null | undefined) {
  if (!brandId) return true;
  return !(pathname === `/campaigns/${brandId}` || pathname.startsWith(`/campaigns/${brandId}/`));
}

type Mention = {
  kind: string;
  entityId?: string | null;
  entityName?: string;
  firstOffset?: number;
  spans: readonly { start: number; end: number }[];
};

/** Its spans; a name the engines brought up is stored with its first offset only. */
function spansOf(text: string, m: Mention): readonly { start: number; end: number }[] {
  if (m.spans.length > 0 || m.firstOffset === undefined || !m.entityName) return m.spans;
  const end = m.firstOffset + m.entityName.length;
  const found = text.slice(m.firstOffset, end).toLowerCase() === m.entityName.toLowerCase();
  return found ? [{ start: m.firstOffset, end }] : [];
}

export type TintedSegment = { text: string; start: number; tint: number | null };

/** The tint of names the engines brought up that the brand does not track. */
export const DISCOVERED_TINT = -1;

/**
 * The answer's text without its markdown syntax, cut at its mentions' spans, each mention tinted
 * by entity: 0 for the brand, 1… for competitors in the brand's order, DISCOVERED_TINT for names
 * the engines brought up. Overlaps keep the first mention's tint; never parsed as HTML.
 */
export function tintedSegments(
  text: string,
  mentions: readonly Mention[],
  competitorIds: readonly string[],
): TintedSegment[] {
  const plain = plainText(
    text,
    mentions.flatMap((m) => spansOf(text, m)),
  );
  const owners: { start: number; end: number; tint: number }[] = [];
  for (const m of mentions) {
    const tint =
      m.kind === 'BRAND'
        ? 0
        : m.kind === 'COMPETITOR' && m.entityId && competitorIds.includes(m.entityId)
          ? 1 + competitorIds.indexOf(m.entityId)
          : DISCOVERED_TINT;
    for (const span of spansOf(text, m)) owners.push({ ...plain.move(span), tint });
  }
  return splitByHighlights(plain.text, owners).map((segment) => ({
    text: segment.text,
    start: segment.start,
    tint: segment.highlighted
      ? (owners.find((o) => o.start <= segment.start && segment.start < o.end)?.tint ??
        DISCOVERED_TINT)
      : null,
  }));
}

/** Who owns a cited source, in words. */
export function citationOwnerLabel(
  citation: { owner: string; entityId?: string | null },
  names: ReadonlyMap<string, string>,
): string {
  if (citation.owner === 'OWN') return 'Your site';
  if (citation.owner === 'COMPETITOR') {
    return (citation.entityId && names.get(citation.entityId)) || 'Competitor';
  }
  return 'Third party';
}
