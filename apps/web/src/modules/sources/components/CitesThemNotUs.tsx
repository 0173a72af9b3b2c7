import type { SourceOutreachQuery } from '@lumen/schema/generated/graphql';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { type Column, DataTable } from '../../../ui/DataTable';
import { percent, plural } from '../../../ui/format';
import { toastError } from '../../../ui/toastError';
import { useSourceOutreach } from '../hooks/useSourceOutreach';
import { CONTACT_LABEL, KIND_LABEL, scanText } from '../utils/sourcesView';

type OutreachPage = SourceOutreachQuery['sourceOutreach']['pages'][number];

const columns: Column<OutreachPage>[] = [
  {
    key: 'page',
    header: 'Page and what it names',
    cell: (p) => (
      <div className="flex min-w-0 max-w-xl flex-col gap-1">
        <a
          href={p.url}
          target="_blank"
          rel="noreferrer noopener"
          className="font-medium text-fg [overflow-wrap:anywhere] hover:underline"
        >
          {p.title ?? p.url}
        </a>
        <span className="text-xs text-subtle">
          <span className="break-all">{p.url}</span> · {KIND_LABEL[p.kind]}
        </span>
        <span className="text-sm text-muted">
          Names <strong className="font-medium text-fg">{p.competitors.join(', ')}</strong>, not you
        </span>
        <details className="text-xs">
          <summary className="cursor-pointer text-muted">
            Cited for {plural(p.prompts.length, 'prompt')}
          </summary>
          <ul className="mt-1 flex list-disc flex-col gap-1 pl-4 text-muted">
            {p.prompts.map((q) => (
              <li key={q.text}>
                {q.text} <span className="text-subtle">({q.engineLabels.join(', ')})</span>
              </li>
            ))}
          </ul>
        </details>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {p.contact ? (
            <a
              href={p.contact.url}
              target="_blank"
              rel="noreferrer noopener"
              className="text-accent-text hover:underline"
            >
              {CONTACT_LABEL[p.contact.kind]}
            </a>
          ) : (
            <span className="text-subtle">No contact or submit page found</span>
          )}
          {p.opportunityId ? (
            <Link
              to={`/opportunities/${p.opportunityId}`}
              className="text-accent-text hover:underline"
            >
              Open the opportunity
            </Link>
          ) : null}
        </div>
      </div>
    ),
  },
  {
    key: 'score',
    header: 'Share × engines',
    align: 'right',
    sortValue: (p) => p.score,
    cell: (p) => (
      <div className="flex flex-col items-end gap-0.5">
        <span className="font-medium tabular-nums text-fg">{percent(p.share, 1)}</span>
        <span className="text-xs text-subtle">{plural(p.citations, 'citation')}</span>
        <span className="text-right text-xs text-muted">
          {plural(p.engineLabels.length, 'engine')}:
        </span>
        <ul className="text-right text-xs text-muted">
          {p.engineLabels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      </div>
    ),
  },
];

/**
 * "Cites them, not us" on the Sources page (docs/sources.md): cited pages whose text names
 * competitors but not the brand, best first, with a button that reads the cited pages now.
 */
export function CitesThemNotUs({
  brandId,
  days,
  canRead,
}: {
  brandId: string;
  days: number;
  canRead: boolean;
}) {
  const { data, scan, open, loading, error, refetch, start, starting } = useSourceOutreach(
    brandId,
    days,
  );
  const status = scanText(scan);
  return (
    <Card
      aria-label="Cites them, not us"
      title="Cites them, not us"
      description="Pages engines cite for your prompts that name competitors but not you: ask them to include you. Best first by share of citations × engines citing them."
      actions={
        canRead ? (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={open || starting}
            onClick={() => void start().catch(toastError)}
          >
            {open ? 'Reading…' : 'Read cited pages'}
          </button>
        ) : null
      }
      flush
    >
      <p className="px-5 py-3 text-sm text-muted" role="status" aria-live="polite">
        {status}
        {data && data.citedPages > 0
          ? ` ${data.readPages} of ${plural(data.citedPages, 'cited page')} in the period read.`
          : ''}
      </p>
      <DataTable
        label="Pages that cite competitors, not you"
        columns={columns}
        rows={data?.pages ?? []}
        rowKey={(p) => p.url}
        loading={loading && !data}
        error={error}
        onRetry={() => void refetch()}
        empty={
          <p className="p-5 text-sm text-muted">
            {scan
              ? 'No cited page in this period names a competitor without naming you.'
              : 'Read the cited pages to find the ones that name competitors but not you.'}
          </p>
        }
      />
    </Card>
  );
}
