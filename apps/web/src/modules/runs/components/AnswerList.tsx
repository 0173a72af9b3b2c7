import { useQuery } from '@apollo/client/react';
import { graphql } from '@lumen/schema/generated/gql';
import type { AnswerCardFieldsFragment } from '@lumen/schema/generated/graphql';
import { CircleAlert, ExternalLink, MessageSquareText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { latency, usd } from '../../../ui/format';
import { SkeletonRows } from '../../../ui/Skeleton';
import { RunAnswersQuery } from '../graphql/runs';
import { citationOwnerLabel, DISCOVERED_TINT, tintedSegments } from '../utils/runView';

// Highlights from the tokens: the brand in the accent, competitors in the status hues with the
// body text colour on them (coloured text on its own tint is too faint in the light theme).
const COMPETITOR_TINTS = [
  'bg-warning/20 text-fg',
  'bg-success/20 text-fg',
  'bg-danger-soft text-fg',
];
function tintClass(tint: number): string {
  if (tint === 0) return 'bg-accent-soft text-accent-text';
  if (tint === DISCOVERED_TINT) return 'bg-surface-3 text-fg';
  return COMPETITOR_TINTS[(tint - 1) % COMPETITOR_TINTS.length] ?? 'bg-surface-3 text-fg';
}

/** @fragment what AnswerCard shows of an answer; the run's answers and the matrix cell spread it. */
export const AnswerCardFields = graphql(`
  fragment AnswerCardFields on Answer {
    id
    engine
    engineLabel
    requestedModel
    servedModel
    promptText
    text
    noOverview
    notLocalised
    error
    latencyMs
    cost
    mentions {
      entityId
      entityName
      kind
      rank
      count
      firstOffset
      spans {
        start
        end
      }
    }
    citations {
      url
      domain
      title
      position
      owner
      entityId
    }
  }
`);

type Answer = AnswerCardFieldsFragment;
type Brand = { id: string; name: string; competitors: { id: string; name: string }[] };

/**
 * A run's answers: filter by engine, each answer's text with every mention tinted by whom it
 * names (the brand in the accent), and its sources with who owns them.
 */
export function AnswerList({
  brand,
  runId,
  engines,
  version,
}: {
  brand: Brand;
  runId: string;
  engines: { engine: string; label: string }[];
  /** Answers stored so far: when it grows the list re-reads, at most every 2 s. */
  version: number;
}) {
  const [engine, setEngine] = useState<string | null>(null);
  const { data, loading, error, refetch, fetchMore } = useQuery(RunAnswersQuery, {
    variables: { brandId: brand.id, runId, engine },
    fetchPolicy: 'cache-and-network',
  });
  const [more, setMore] = useState(false);
  const last = useRef({ version, at: 0 });
  useEffect(() => {
    if (version === last.current.version) return;
    const timer = setTimeout(
      () => {
        last.current = { version, at: Date.now() };
        void refetch();
      },
      Math.max(0, last.current.at + 2000 - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [version, refetch]);
  const competitorIds = brand.competitors.map((c) => c.id);
  const names = new Map<string, string>([
    [brand.id, brand.name],
    ...brand.competitors.map((c) => [c.id, c.name] as [string, string]),
  ]);
  const answers = data?.answers.edges.map((e) => e.node);
  const page = data?.answers.pageInfo;

  return (
    <section aria-labelledby="answers-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="answers-heading" className="text-base font-semibold text-fg">
          Answers
        </h2>
        <fieldset className="flex flex-wrap gap-1" aria-label="Engine">
          {[{ engine: null, label: 'All engines' }, ...engines].map((e) => (
            <button
              key={e.engine ?? 'all'}
              type="button"
              aria-pressed={engine === e.engine}
              onClick={() => setEngine(e.engine)}
              className={`rounded-md px-2.5 py-1 text-xs font-medium transition-colors duration-150 ${engine === e.engine ? 'bg-accent-soft text-accent-text' : 'text-muted hover:bg-surface-2 hover:text-fg'}`}
            >
              {e.label}
            </button>
          ))}
        </fieldset>
      </div>
      <Legend brand={brand} />
      {error && !answers ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : loading && !answers ? (
        <SkeletonRows rows={4} label="Loading the answers" />
      ) : !answers || answers.length === 0 ? (
        <EmptyState icon={MessageSquareText} title="No answers yet">
          {engine
            ? 'This engine has not answered in this run yet.'
            : 'Answers appear here as each engine replies.'}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {answers.map((a) => (
            <AnswerCard key={a.id} answer={a} competitorIds={competitorIds} names={names} />
          ))}
        </ul>
      )}
      {page?.hasNextPage ? (
        <button
          type="button"
          className={`${buttonClass.secondary} self-start`}
          disabled={more}
          onClick={() => {
            setMore(true);
            void fetchMore({
              variables: { after: page.endCursor },
              updateQuery: (previous, { fetchMoreResult }) => ({
                answers: {
                  ...fetchMoreResult.answers,
                  edges: [...previous.answers.edges, ...fetchMoreResult.answers.edges],
                },
              }),
            }).finally(() => setMore(false));
          }}
        >
          Show more answers
        </button>
      ) : null}
    </section>
  );
}

export function Legend({ brand }: { brand: Brand }) {
  const items = [
    { name: brand.name, tint: 0 },
    ...brand.competitors.map((c, i) => ({ name: c.name, tint: i + 1 })),
    { name: 'Other names', tint: DISCOVERED_TINT },
  ];
  return (
    <ul aria-label="Highlight colours" className="flex flex-wrap gap-1.5 text-xs">
      {items.map((item) => (
        <li
          key={`${item.tint}-${item.name}`}
          className={`rounded px-1.5 py-0.5 ${tintClass(item.tint)}`}
        >
          {item.name}
        </li>
      ))}
    </ul>
  );
}

/** One answer with its highlights and owned sources; also the keyword page's answer viewer. */
export function AnswerCard({
  answer,
  competitorIds,
  names,
}: {
  answer: Answer;
  competitorIds: string[];
  names: Map<string, string>;
}) {
  const brandMention = answer.mentions.find((m) => m.kind === 'BRAND');
  return (
    <li className="rounded-xl border border-border bg-surface" data-testid="answer">
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-border px-4 py-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-fg">{answer.promptText}</p>
          <p className="mt-0.5 text-xs text-subtle">
            {answer.engineLabel}
            {answer.servedModel ? ` · ${answer.servedModel}` : ''}
            {answer.latencyMs !== null && answer.latencyMs !== undefined
              ? ` · ${latency(answer.latencyMs)}`
              : ''}
            {answer.error ? '' : ` · ${answerCost(answer.cost)}`}
          </p>
          {answer.notLocalised ? (
            <p className="mt-1 text-xs text-warning">
              Not localised: the offline engines answer in English only, whatever the prompt’s
              language.
            </p>
          ) : null}
        </div>
        {answer.error ? null : brandMention ? (
          <span className="rounded-md bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-text">
            Mentioned{brandMention.rank ? ` · #${brandMention.rank}` : ''}
          </span>
        ) : (
          <span className="rounded-md bg-surface-3 px-2 py-0.5 text-xs text-muted">
            Not mentioned
          </span>
        )}
      </header>
      <div className="flex flex-col gap-3 px-4 py-3">
        {answer.error ? (
          <p className="flex items-start gap-2 text-sm text-warning">
            <CircleAlert aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
            {answer.error}
          </p>
        ) : answer.noOverview ? (
          <p className="text-sm italic text-muted">
            No AI Overview shown: Google showed no AI answer for this prompt. Counted as an answer
            that mentions no brand.
          </p>
        ) : (
          <p className="whitespace-pre-line break-words text-sm text-muted">
            {tintedSegments(answer.text ?? '', answer.mentions, competitorIds).map((s) =>
              s.tint === null ? (
                <span key={s.start}>{s.text}</span>
              ) : (
                <mark
                  key={s.start}
                  className={`rounded-sm px-0.5 font-medium ${tintClass(s.tint)}`}
                >
                  {s.text}
                </mark>
              ),
            )}
          </p>
        )}
        {answer.citations.length > 0 ? (
          <div>
            <h3 className="text-xs font-medium text-subtle">Sources</h3>
            <ol className="mt-1 flex flex-col gap-1">
              {answer.citations.map((c) => (
                <li key={c.position} className="flex min-w-0 items-center gap-2 text-xs">
                  <span className="w-4 shrink-0 text-right tabular-nums text-subtle">
                    {c.position}
                  </span>
                  <a
                    href={c.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="flex min-w-0 items-center gap-1 text-fg hover:underline"
                  >
                    <span className="truncate">{c.title ?? c.domain}</span>
                    <ExternalLink aria-hidden="true" size={12} className="shrink-0 text-subtle" />
                  </a>
                  <span
                    className={`shrink-0 rounded px-1.5 py-0.5 ${c.owner === 'OWN' ? tintClass(0) : c.owner === 'COMPETITOR' ? tintClass(1 + Math.max(0, competitorIds.indexOf(c.entityId ?? ''))) : 'bg-surface-3 text-muted'}`}
                  >
                    {citationOwnerLabel(c, names)}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** An answer's price: dollars, or "no price" for a model the price table does not list. */
function answerCost(cost: number | null | undefined): string {
  return cost === null || cost === undefined ? 'no price' : cost === 0 ? 'free' : usd(cost);
}
