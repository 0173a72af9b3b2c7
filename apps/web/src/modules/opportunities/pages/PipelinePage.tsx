import { useQuery } from '@apollo/client/react';
import type {
  OpportunitiesQuery as List,
  OpportunityStatus,
} from '@lumen/schema/generated/graphql';
import { Columns3, List as ListIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { DismissDialog } from '../components/DismissDialog';
import { ImpactMeter, TypeBadge } from '../components/OpportunityBadges';
import { OpportunitiesQuery, OpportunityFilterOptionsQuery } from '../graphql/opportunities';
import { useOpportunityActions } from '../hooks/useOpportunityActions';
import {
  allowedTargets,
  keyboardTarget,
  STATUS_LABEL,
  STATUS_ORDER,
} from '../utils/opportunityView';

type Card = List['opportunities']['edges'][number]['node'];

// The board shows the most impactful cards of each column; the counts are the whole column's.
const BOARD_SIZE = 100;

export function PipelinePage() {
  const { data, error, refetch } = useQuery(OpportunitiesQuery, {
    variables: { first: BOARD_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  // Engine names for the cards; the filter bar asks the same query, so it is usually cached.
  const { data: options } = useQuery(OpportunityFilterOptionsQuery);
  const engineLabel = new Map(options?.engines.map((e) => [e.id, e.label]) ?? []);
  const actions = useOpportunityActions();
  const [dragging, setDragging] = useState<Card | null>(null);
  const [over, setOver] = useState<OpportunityStatus | null>(null);
  const [dismissing, setDismissing] = useState<Card | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<string | null>(null);
  const cardRefs = useRef(new Map<string, HTMLLIElement>());

  const cards = data?.opportunities.edges.map((e) => e.node) ?? null;
  const counts = new Map(data?.opportunities.statusCounts.map((c) => [c.status, c.count]) ?? []);

  // After a keyboard move the card re-renders in its new column: keep the focus on it.
  useEffect(() => {
    const id = focusAfterMove.current;
    if (!id) return;
    const element = cardRefs.current.get(id);
    if (element) {
      element.focus();
      focusAfterMove.current = null;
    }
  });

  async function moveCard(card: Card, to: OpportunityStatus) {
    if (to === 'DISMISSED') {
      setDismissing(card);
      return;
    }
    if (!allowedTargets(card.status).includes(to)) {
      setAnnouncement(`${STATUS_LABEL[card.status]} cards cannot move to ${STATUS_LABEL[to]}.`);
      return;
    }
    focusAfterMove.current = card.id;
    const moved = await actions.move([card.id], to);
    setAnnouncement(moved ? `Moved “${card.title}” to ${STATUS_LABEL[to]}.` : 'Not moved.');
  }

  function onKey(event: KeyboardEvent<HTMLLIElement>, card: Card) {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      // One move at a time; the board re-reads its columns after each. Dismissing only opens a
      // dialog, so Delete works meanwhile.
      if (actions.busy) {
        setAnnouncement('Still saving the last move. Try again in a moment.');
        return;
      }
      const to = keyboardTarget(card.status, event.key === 'ArrowRight' ? 1 : -1);
      if (to) void moveCard(card, to);
      else setAnnouncement(`“${card.title}” cannot move further that way.`);
    } else if (event.key === 'Delete' && allowedTargets(card.status).includes('DISMISSED')) {
      event.preventDefault();
      setDismissing(card);
    }
  }

  return (
    <Page>
      <PageHeader
        title="Pipeline"
        description="Every opportunity by status. Drag a card to another column, or focus it and press ← or →; Delete dismisses it with a reason."
        actions={
          <Link to="/publishing/opportunities" className={buttonClass.secondary}>
            <ListIcon aria-hidden="true" size={16} />
            List
          </Link>
        }
      />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {error && !data ? (
        <ErrorState title="Could not load the pipeline" error={error} onRetry={() => refetch()} />
      ) : !cards ? (
        <div
          role="status"
          aria-label="Loading pipeline"
          className="grid gap-3 @xl:grid-cols-3 @5xl:grid-cols-6"
        >
          {STATUS_ORDER.map((s) => (
            <Skeleton key={s} className="h-48" />
          ))}
        </div>
      ) : cards.length === 0 ? (
        <EmptyState
          icon={Columns3}
          title="The pipeline is empty"
          action={
            <Link to="/campaigns" className={buttonClass.primary}>
              Go to brands
            </Link>
          }
        >
          Opportunities appear here after a run finds content gaps, and move from New to Resolved as
          you plan, write and publish.
        </EmptyState>
      ) : (
        <div className="grid gap-3 @xl:grid-cols-3 @5xl:grid-cols-6">
          {STATUS_ORDER.map((status) => {
            const column = cards.filter((c) => c.status === status);
            const droppable = dragging ? allowedTargets(dragging.status).includes(status) : false;
            return (
              <section
                key={status}
                aria-label={`${STATUS_LABEL[status]}, ${counts.get(status) ?? 0}`}
                data-status={status}
                onDragOver={(event) => {
                  if (!droppable) return;
                  event.preventDefault();
                  setOver(status);
                }}
                onDragLeave={() => setOver((s) => (s === status ? null : s))}
                onDrop={(event) => {
                  event.preventDefault();
                  setOver(null);
                  if (dragging && droppable) void moveCard(dragging, status);
                  setDragging(null);
                }}
                className={`flex flex-col gap-2 rounded-xl md:min-h-40 border bg-surface p-2 transition-colors duration-150 ${over === status ? 'border-accent bg-accent-soft' : droppable ? 'border-dashed border-border-strong' : 'border-border'}`}
              >
                <h2 className="flex items-center justify-between px-1.5 pt-1 text-xs font-medium text-muted">
                  {STATUS_LABEL[status]}
                  <span data-testid={`column-count-${status}`} className="tabular-nums text-subtle">
                    {counts.get(status) ?? 0}
                  </span>
                </h2>
                <ul className="flex flex-col gap-2">
                  {column.map((card) => (
                    <li
                      key={card.id}
                      ref={(element) => {
                        if (element) cardRefs.current.set(card.id, element);
                        else cardRefs.current.delete(card.id);
                      }}
                      // biome-ignore lint/a11y/noNoninteractiveTabindex: a board card is moved with the keyboard while focused
                      tabIndex={0}
                      draggable
                      aria-roledescription="card"
                      aria-label={`${card.title}. ${STATUS_LABEL[card.status]}. Press left or right arrow to move, Delete to dismiss.`}
                      onKeyDown={(event) => onKey(event, card)}
                      onDragStart={(event) => {
                        event.dataTransfer.setData('text/plain', card.id);
                        event.dataTransfer.effectAllowed = 'move';
                        setDragging(card);
                      }}
                      onDragEnd={() => {
                        setDragging(null);
                        setOver(null);
                      }}
                      className="flex cursor-grab flex-col gap-2 rounded-lg border border-border bg-surface-2 p-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 active:cursor-grabbing"
                    >
                      <Link
                        to={`/opportunities/${card.id}`}
                        tabIndex={-1}
                        className="line-clamp-3 font-medium text-fg hover:text-accent-text"
                      >
                        {card.title}
                      </Link>
                      {/* Titles of one gap type read alike once clamped: the prompt and the
                          engines showing it are what tell two cards apart. */}
                      {card.promptText ? (
                        <p className="line-clamp-2 text-xs text-muted" data-testid="card-prompt">
                          “{card.promptText}”
                        </p>
                      ) : null}
                      {card.evidence.engines.length > 0 ? (
                        <p className="text-xs text-subtle" data-testid="card-engines">
                          {card.evidence.engines.map((id) => engineLabel.get(id) ?? id).join(', ')}
                        </p>
                      ) : null}
                      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
                        <span className="truncate">{card.brandName}</span>
                        <ImpactMeter impact={card.impact} />
                      </div>
                      <span className="self-start">
                        <TypeBadge type={card.type} />
                      </span>
                    </li>
                  ))}
                  {column.length === 0 ? (
                    <li className="px-1.5 py-3 text-xs text-subtle">Nothing here</li>
                  ) : null}
                </ul>
              </section>
            );
          })}
        </div>
      )}
      <DismissDialog
        open={Boolean(dismissing)}
        count={1}
        busy={actions.busy}
        onCancel={() => setDismissing(null)}
        onConfirm={async (reason) => {
          if (!dismissing) return;
          const card = dismissing;
          const moved = await actions.move([card.id], 'DISMISSED', reason);
          setDismissing(null);
          setAnnouncement(moved ? `Dismissed “${card.title}”.` : 'Not dismissed.');
        }}
      />
    </Page>
  );
}
