import { useQuery } from '@apollo/client/react';
import type { KeywordNumbersQuery as KeywordNumbersData } from '@lumen/schema/generated/graphql';
import { CircleAlert, Grid3x3, MessageSquareText, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Skeleton, SkeletonRows } from '../../../ui/Skeleton';
import { Sparkline } from '../../../ui/Sparkline';
import { AnswerCard, Legend } from '../../runs/components/AnswerList';
import { KeywordNumbersQuery, MatrixAnswerQuery } from '../graphql/keyword';
import { useDateRange } from '../hooks/useDateRange';
import { cellText, historyText } from '../utils/keywordView';
import { dayLabel } from '../utils/metricsView';
import { RangePicker } from './RangePicker';

type Brand = {
  id: string;
  name: string;
  timezone: string;
  competitors: { id: string; name: string }[];
};
type Matrix = NonNullable<NonNullable<KeywordNumbersData['brand']>['keyword']>['matrix'];
type Cell = Matrix['rows'][number]['cells'][number];

/**
 * A keyword's numbers (docs/metrics.md, "Keyword detail"): its prompts × the brand's engines in
 * one run of the range (`?run=`, the latest by default), each cell opening the answer
 * (`?answer=<promptId>:<engine>`), and each prompt's mention rate run by run.
 */
export function KeywordNumbers({ brand, keywordId }: { brand: Brand; keywordId: string }) {
  const [params, setParams] = useSearchParams();
  const range = useDateRange(brand.timezone, ['run', 'answer']);
  const runId = params.get('run');
  const query = useQuery(KeywordNumbersQuery, {
    variables: { id: brand.id, keywordId, filter: range.filter, runId },
    fetchPolicy: 'cache-and-network',
  });
  const data = query.data ?? query.previousData;
  const matrix = data?.brand?.keyword?.matrix;
  const [promptId, engine] = (params.get('answer') ?? '').split(':');
  const setParam = (key: string, value: string | null, also: Record<string, null> = {}) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries({ ...also, [key]: value })) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  let body: React.ReactNode;
  if (query.error && runId && readGraphQLError(query.error).code === 'NOT_FOUND') {
    // A link or a range change left a run that did not ask this keyword in the range.
    body = (
      <EmptyState
        icon={Grid3x3}
        title="That run did not ask this keyword in this range"
        action={
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => setParam('run', null, { answer: null })}
          >
            Show the latest run
          </button>
        }
      >
        Pick another run or a longer range.
      </EmptyState>
    );
  } else if (query.error && !data) {
    body = (
      <ErrorState
        title="Could not load the keyword’s numbers"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!matrix) {
    body = (
      <div role="status" aria-label="Loading the matrix" className="flex flex-col gap-3">
        <Skeleton className="h-9 w-64" />
        <SkeletonRows rows={4} />
      </div>
    );
  } else if (!matrix.run) {
    body = (
      <EmptyState icon={Grid3x3} title="No run asked this keyword in this range">
        {range.choice.kind === 'preset' && range.choice.days < 90
          ? 'Pick a longer range, or run the brand from its page.'
          : 'Run the brand from its page to measure these prompts.'}
      </EmptyState>
    );
  } else {
    const run = matrix.run;
    const cellOf = (pid: string, eng: string) =>
      matrix.rows.find((r) => r.prompt.id === pid)?.cells.find((c) => c.engine === eng);
    const open = promptId && engine ? cellOf(promptId, engine) : undefined;
    body = (
      <>
        <MatrixTable
          matrix={matrix}
          selected={open ? `${promptId}:${engine}` : null}
          onOpen={(pid, eng) => setParam('answer', `${pid}:${eng}`)}
        />
        {open?.answerId && promptId && engine ? (
          <AnswerViewer
            brand={brand}
            runId={run.id}
            runDate={run.date}
            promptId={promptId}
            engine={engine}
            cell={open}
            onClose={() => setParam('answer', null)}
          />
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="keyword-numbers-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="keyword-numbers-heading" className="text-base font-semibold text-fg">
            Prompts × engines
          </h2>
          <p className="text-sm text-muted">
            Does each engine name {brand.name} for each prompt, where, and does it cite you?
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          {matrix && matrix.runs.length > 0 ? (
            <label className="flex items-center gap-2 text-xs text-muted">
              Run
              <select
                aria-label="Run"
                className="h-8 rounded-md border border-border bg-surface px-2 text-sm text-fg"
                value={matrix.run?.id ?? ''}
                onChange={(e) => setParam('run', e.target.value, { answer: null })}
              >
                {matrix.runs.map((r, i) => (
                  <option key={r.id} value={r.id}>
                    {dayLabel(r.date)}
                    {i === 0 ? ' (latest)' : ''} · {r.answers} answers
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <RangePicker
            name="keyword-range"
            value={range.choice}
            current={range.filter}
            today={range.today}
            onChange={range.setChoice}
          />
        </div>
      </div>
      {body}
    </section>
  );
}

function MatrixTable({
  matrix,
  selected,
  onOpen,
}: {
  matrix: Matrix;
  selected: string | null;
  onOpen: (promptId: string, engine: string) => void;
}) {
  const th = 'px-3 py-2.5 font-medium';
  return (
    <Card flush className="min-w-0">
      <div data-testid="keyword-matrix">
        {/* Narrow screens: one block per prompt, its engines under it (no sideways scrolling). */}
        <ul aria-label="Prompts by engine" className="divide-y divide-border sm:hidden">
          {matrix.rows.map((row) => (
            <li key={row.prompt.id} className="flex flex-col gap-2 px-4 py-3">
              <p className="text-sm text-fg">
                {row.prompt.text}
                {row.prompt.branded ? (
                  <span className="ml-1.5 rounded bg-surface-3 px-1.5 py-0.5 text-xs text-warning">
                    branded
                  </span>
                ) : null}
              </p>
              <div className="grid grid-cols-2 gap-2">
                {row.cells.map((c) => {
                  const label =
                    matrix.engines.find((e) => e.engine === c.engine)?.label ?? c.engine;
                  return (
                    <div key={c.engine} className="flex min-w-0 flex-col gap-1">
                      <span className="truncate text-xs text-subtle">{label}</span>
                      <MatrixCell
                        cell={c}
                        prompt={row.prompt.text}
                        engine={label}
                        selected={selected === `${row.prompt.id}:${c.engine}`}
                        onOpen={() => onOpen(row.prompt.id, c.engine)}
                      />
                    </div>
                  );
                })}
              </div>
              <div className="flex items-center gap-2">
                <Sparkline
                  values={row.prompt.history.map((p) => (p.answers ? p.mentionRate.value : null))}
                  domain={[0, 1]}
                  className="shrink-0 text-accent"
                />
                <span className="text-xs text-muted">{historyText(row.prompt.history)}</span>
              </div>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto sm:block">
          <table className="w-full text-sm" aria-label="Prompts by engine">
            <caption className="sr-only">
              Each prompt on each engine in the run of {dayLabel(matrix.run?.date ?? '')}: whether
              the brand is mentioned, its rank and whether your domains are cited. Choose a cell to
              read the answer.
            </caption>
            <thead className="border-b border-border text-xs text-subtle">
              <tr>
                <th scope="col" className={`${th} min-w-48 text-left`}>
                  Prompt
                </th>
                {matrix.engines.map((e) => (
                  <th key={e.engine} scope="col" className={`${th} text-left`}>
                    {e.label}
                  </th>
                ))}
                <th scope="col" className={`${th} text-left`}>
                  History
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {matrix.rows.map((row) => {
                const history = row.prompt.history;
                return (
                  <tr key={row.prompt.id}>
                    <th scope="row" className="px-3 py-2.5 text-left align-top font-normal text-fg">
                      {row.prompt.text}
                      {row.prompt.branded ? (
                        <span className="ml-1.5 rounded bg-surface-3 px-1.5 py-0.5 text-xs text-warning">
                          branded
                        </span>
                      ) : null}
                    </th>
                    {row.cells.map((c) => (
                      <td key={c.engine} className="px-3 py-2 align-top">
                        <MatrixCell
                          cell={c}
                          prompt={row.prompt.text}
                          engine={
                            matrix.engines.find((e) => e.engine === c.engine)?.label ?? c.engine
                          }
                          selected={selected === `${row.prompt.id}:${c.engine}`}
                          onOpen={() => onOpen(row.prompt.id, c.engine)}
                        />
                      </td>
                    ))}
                    <td className="px-3 py-2 align-top">
                      <div className="flex items-center gap-2">
                        <Sparkline
                          values={history.map((p) => (p.answers ? p.mentionRate.value : null))}
                          domain={[0, 1]}
                          className="shrink-0 text-accent"
                        />
                        <span className="text-xs text-muted" data-testid="prompt-history">
                          {historyText(history)}
                        </span>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
    </Card>
  );
}

function MatrixCell({
  cell,
  prompt,
  engine,
  selected,
  onOpen,
}: {
  cell: Cell;
  prompt: string;
  engine: string;
  selected: boolean;
  onOpen: () => void;
}) {
  const view = cellText(cell);
  if (!cell.answerId) return <span className="text-xs text-subtle">{view.short}</span>;
  const tone = cell.failed
    ? 'text-warning'
    : cell.mentioned
      ? 'bg-accent-soft text-accent-text'
      : 'bg-surface-2 text-muted';
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={`${engine}, “${prompt}”: ${view.long}. Read the answer`}
      onClick={onOpen}
      data-testid="matrix-cell"
      className={`flex w-full min-w-24 flex-col items-start rounded-md px-2 py-1.5 text-left text-xs ring-accent hover:ring-1 ${tone} ${selected ? 'ring-2' : ''}`}
    >
      <span className="font-medium">{view.short}</span>
      {view.extra ? <span className="opacity-80">{view.extra}</span> : null}
    </button>
  );
}

function AnswerViewer({
  brand,
  runId,
  runDate,
  promptId,
  engine,
  cell,
  onClose,
}: {
  brand: Brand;
  runId: string;
  runDate: string;
  promptId: string;
  engine: string;
  cell: Cell;
  onClose: () => void;
}) {
  const { data, error, loading, refetch } = useQuery(MatrixAnswerQuery, {
    variables: { brandId: brand.id, runId, promptId, engine },
  });
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a cell moves focus to the answer, so a keyboard or screen-reader user lands on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again for each opened cell
  useEffect(() => heading.current?.focus(), [promptId, engine]);
  const answer = data?.answers.edges[0]?.node;
  const names = new Map<string, string>([
    [brand.id, brand.name],
    ...brand.competitors.map((c) => [c.id, c.name] as [string, string]),
  ]);
  return (
    <section
      aria-labelledby="answer-viewer-heading"
      className="flex flex-col gap-3 rounded-xl border border-border-strong bg-surface-2 p-4"
      data-testid="answer-viewer"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3
            id="answer-viewer-heading"
            ref={heading}
            tabIndex={-1}
            className="text-sm font-semibold text-fg outline-none"
          >
            Answer
          </h3>
          <p className="text-xs text-muted">
            Run of {dayLabel(runDate)}
            {cell.servedModel ? ` · served model ${cell.servedModel}` : ''}
          </p>
        </div>
        <button type="button" className={buttonClass.ghost} onClick={onClose}>
          <X aria-hidden="true" size={16} />
          Close
        </button>
      </div>
      <Legend brand={brand} />
      {error && !answer ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : loading && !answer ? (
        <SkeletonRows rows={3} label="Loading the answer" />
      ) : !answer ? (
        <EmptyState icon={MessageSquareText} title="This answer is gone">
          <CircleAlert aria-hidden="true" size={14} className="inline" /> The run no longer holds
          it.
        </EmptyState>
      ) : (
        <ul>
          <AnswerCard
            answer={answer}
            competitorIds={brand.competitors.map((c) => c.id)}
            names={names}
          />
        </ul>
      )}
    </section>
  );
}
