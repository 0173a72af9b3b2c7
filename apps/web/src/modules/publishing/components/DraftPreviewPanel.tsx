import { useMutation } from '@apollo/client/react';
import type { PreviewDraftEffectMutation as PreviewData } from '@lumen/schema/generated/graphql';
import { FlaskConical, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { ErrorState } from '../../../ui/ErrorState';
import { percent, rankText } from '../../../ui/format';
import { Rate } from '../../../ui/Rate';
import { Skeleton } from '../../../ui/Skeleton';
import { PreviewDraftEffectMutation } from '../graphql/closedLoop';
import { MARKDOWN_PROSE, renderMarkdownWithMarks } from '../utils/markdown';

const MARK_CLASS = 'rounded bg-accent/20 px-0.5 text-fg';

type Result = PreviewData['previewDraftEffect']['results'][number];

function Answer({
  title,
  text,
  spans,
  mentioned,
  rank,
  share,
}: {
  title: string;
  text: string;
  spans: Result['brandSpansBefore'];
  mentioned: boolean;
  rank: number | null | undefined;
  share: number;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-bg p-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
        <span className="font-semibold uppercase tracking-wide text-subtle">{title}</span>
        <span className={mentioned ? 'text-success' : 'text-muted'}>
          {mentioned ? `Mentioned, rank ${rankText(rank)}` : 'Not mentioned'} · share{' '}
          {/* One simulated answer: its share is as directional as a rate can be. */}
          <Rate value={share} n={1} />
        </span>
      </div>
      <div
        className={`${MARKDOWN_PROSE} max-h-96 overflow-y-auto [&>:first-child]:mt-0`}
        data-testid="preview-answer"
        // The editor preview's renderer: raw HTML shown as text, only web and mail links.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by renderMarkdownWithMarks
        dangerouslySetInnerHTML={{ __html: renderMarkdownWithMarks(text, spans, MARK_CLASS) }}
      />
    </div>
  );
}

function ResultCard({ result }: { result: Result }) {
  return (
    <li className="flex flex-col gap-3" data-testid="preview-result">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-fg">{result.engineLabel}</p>
        <p className="text-xs text-muted">“{result.prompt}”</p>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Answer
          title="Without the draft"
          text={result.answerBefore}
          spans={result.brandSpansBefore}
          mentioned={result.mentionedBefore}
          rank={result.rankBefore}
          share={result.shareBefore}
        />
        <Answer
          title="With the draft"
          text={result.answerAfter}
          spans={result.brandSpansAfter}
          mentioned={result.mentionedAfter}
          rank={result.rankAfter}
          share={result.shareAfter}
        />
      </div>
    </li>
  );
}

/** One line per answer: before → after, for the editor's narrow side column. */
function CompactResults({ results }: { results: Result[] }) {
  return (
    <ul className="flex flex-col divide-y divide-border text-sm">
      {results.map((r) => (
        <li
          key={`${r.promptId}:${r.engine}`}
          className="flex flex-col gap-0.5 py-2"
          data-testid="preview-result"
        >
          <span className="font-medium text-fg">{r.engineLabel}</span>
          <span className="text-xs text-muted">
            {r.mentionedBefore ? `Rank ${rankText(r.rankBefore)}` : 'Not mentioned'} →{' '}
            <span className={r.mentionedAfter ? 'text-success' : ''}>
              {r.mentionedAfter ? `rank ${rankText(r.rankAfter)}` : 'not mentioned'}
            </span>{' '}
            · share {percent(r.shareBefore)} → <Rate value={r.shareAfter} n={1} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Preview effect" of a draft (docs/closed-loop.md, "What-if preview"): the offline engines answer
 * the targeted prompt without and with the draft, side by side, the brand highlighted, with the
 * GEO position-adjusted share. Labelled as a simulation.
 */
export function DraftPreviewPanel({
  draftId,
  compact = false,
}: {
  draftId: string;
  /** The draft editor's side column: a summary per engine and a link to the full preview. */
  compact?: boolean;
}) {
  const [preview, { data, loading, error }] = useMutation(PreviewDraftEffectMutation);
  const result = data?.previewDraftEffect;
  const run = () => void preview({ variables: { id: draftId } }).catch(() => {});
  const missing = result?.results.filter((r) => !r.mentionedBefore).length ?? 0;
  const appeared = result?.results.filter((r) => !r.mentionedBefore && r.mentionedAfter).length;
  const button = (
    <button type="button" className={buttonClass.primary} onClick={run} disabled={loading}>
      <Sparkles aria-hidden="true" size={14} />
      {loading ? 'Simulating…' : result ? 'Preview again' : 'Preview effect'}
    </button>
  );
  const summary =
    missing === 0
      ? 'The brand is already in every answer; compare its rank and share.'
      : `The brand appears in ${appeared} of the ${missing} simulated answers it was missing from.`;
  if (compact) {
    return (
      <div className="flex flex-col gap-3">
        <div>{button}</div>
        {error ? (
          <ErrorState title="The preview could not run" error={error} onRetry={run} />
        ) : result ? (
          <>
            <p role="note" className="text-xs text-muted">
              {result.label}
            </p>
            <p role="status" className="text-sm text-fg">
              {summary}
            </p>
            <CompactResults results={result.results} />
            <Link
              to={`/publishing/drafts/${draftId}/preview`}
              className="text-sm text-accent-text hover:underline"
            >
              See the answers side by side
            </Link>
          </>
        ) : (
          <p className="text-sm text-muted">
            {loading
              ? 'The offline engines are answering…'
              : 'Simulate how the offline engines would answer the prompt this draft targets, with the draft added to what they read.'}
          </p>
        )}
      </div>
    );
  }
  return (
    <Card
      title="Preview effect"
      description="How the offline engines would answer the prompt this draft targets, with the draft added to what they read. Nothing is published or stored."
      actions={button}
    >
      {loading && !result ? (
        <div role="status" aria-label="Simulating" className="flex flex-col gap-3">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : error ? (
        <ErrorState title="The preview could not run" error={error} onRetry={run} />
      ) : result ? (
        <div className="flex flex-col gap-4">
          <p
            role="note"
            className="flex items-start gap-2 rounded-lg border border-border bg-surface-2 px-3 py-2 text-xs text-muted"
          >
            <FlaskConical aria-hidden="true" size={14} className="mt-0.5 shrink-0" />
            <span>
              {result.label} The share is the GEO paper’s position-adjusted word count of the
              sentences naming the brand.
            </span>
          </p>
          <p className="text-sm text-fg" role="status">
            {summary}
          </p>
          <ul className="flex flex-col gap-6">
            {result.results.map((r) => (
              <ResultCard key={`${r.promptId}:${r.engine}`} result={r} />
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-muted">
          Run the simulation to see each offline engine’s answer before and after, with your brand’s
          mentions highlighted.
        </p>
      )}
    </Card>
  );
}
