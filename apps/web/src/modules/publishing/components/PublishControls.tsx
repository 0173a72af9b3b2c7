import {
  skipToken,
  useApolloClient,
  useMutation,
  useQuery,
  useSubscription,
} from '@apollo/client/react';
import { CalendarClock, ExternalLink, LoaderCircle, Send, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { formatMoment } from '../../../ui/format';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import {
  DraftPublishingQuery,
  DraftPublishingUpdatedSubscription,
  PublishDraftMutation,
  UnscheduleDraftMutation,
} from '../graphql/publishDraft';
import { PublishedItemUpdatedSubscription } from '../graphql/publishedItems';
import {
  type DraftStatus,
  earliestSchedule,
  publishOffer,
  toLocalInput,
} from '../utils/publishControls';
import { shortUrl, wpStatusView } from '../utils/publishedView';

/**
 * The draft editor's publishing card (docs/publishing.md, "Publishing a draft"): publish now,
 * schedule at a time, unschedule, and the published post. While the draft is being published or
 * is scheduled it follows `draftUpdated`; while its post is being rewritten, `publishedItemUpdated`
 * too. Apollo's cache holds one Draft and one PublishedItem per id, so the editor around it and
 * /publishing/published move with it.
 */
export function PublishControls({ draftId }: { draftId: string }) {
  const { data, loading, error, refetch } = useQuery(DraftPublishingQuery, {
    variables: { id: draftId },
  });
  const draft = data?.draft ?? null;
  const status = (draft?.status ?? 'DRAFT') as DraftStatus;
  const item = draft?.publishedItem ?? null;
  const following = status === 'PUBLISHING' || status === 'SCHEDULED';

  useSubscription(
    DraftPublishingUpdatedSubscription,
    draft && following ? { variables: { id: draftId }, onError: () => void refetch() } : skipToken,
  );
  // The editor's own draftUpdated stream may move the status first and end ours before its last
  // frame: whenever the status changes, the card reads its fields (the post, the error) again.
  // The sidebar's badges (drafts, published) follow too.
  const client = useApolloClient();
  const seen = useRef(status);
  useEffect(() => {
    if (!draft || seen.current === status) return;
    seen.current = status;
    if (status === 'PUBLISHED' || status === 'FAILED' || status === 'APPROVED') {
      void refetch();
      void client.refetchQueries({ include: ['NavigationCounts'] });
    }
  }, [draft, status, refetch, client]);
  useSubscription(
    PublishedItemUpdatedSubscription,
    item && status === 'PUBLISHING' ? { variables: { id: item.id }, onError: () => {} } : skipToken,
  );

  const [publish, publishing] = useMutation(PublishDraftMutation, {
    refetchQueries: ['NavigationCounts'],
  });
  const [unschedule, unscheduling] = useMutation(UnscheduleDraftMutation);
  const [scheduling, setScheduling] = useState(false);
  const [at, setAt] = useState(() => toLocalInput(earliestSchedule(new Date())));
  const [failure, setFailure] = useState<{ message: string; at?: string } | null>(null);

  if (loading && !draft) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <LoaderCircle aria-hidden="true" size={14} className="animate-spin" />
        Loading publishing…
      </p>
    );
  }
  if (error || !draft) {
    return (
      <div className="flex flex-col items-start gap-2">
        <FormAlert message="Publishing details could not be loaded." />
        <button type="button" className={buttonClass.secondary} onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const outdated = item ? item.latestVersion > item.publishedVersion : false;
  const offer = publishOffer({ status, hasSite: draft.site !== null, outdated });
  const busy = publishing.loading || unscheduling.loading;

  const run = async (action: () => Promise<unknown>, done: string) => {
    setFailure(null);
    try {
      await action();
      toast.success(done);
      setScheduling(false);
    } catch (e) {
      const read = readGraphQLError(e);
      setFailure({ message: read.message, ...(read.fields.at ? { at: read.fields.at } : {}) });
    }
  };
  const siteName = draft.site?.name ?? 'WordPress';

  return (
    <section className="flex min-w-0 flex-col gap-3 text-sm" aria-label="Publish">
      {status === 'PUBLISHING' ? (
        <p className="flex items-center gap-2 text-fg" role="status">
          <LoaderCircle aria-hidden="true" size={14} className="animate-spin text-accent" />
          {item ? `Updating the post on ${siteName}…` : `Publishing to ${siteName}…`}
        </p>
      ) : status === 'SCHEDULED' && draft.scheduledFor ? (
        <p className="flex items-center gap-2 text-fg" role="status">
          <CalendarClock aria-hidden="true" size={14} className="text-accent" />
          Scheduled for {formatMoment(String(draft.scheduledFor))} on {siteName}.
        </p>
      ) : offer.note ? (
        <p className="text-muted">{offer.note}</p>
      ) : null}

      {draft.site?.status === 'FAILING' ? (
        <FormAlert
          tone="info"
          message={`The connection to ${draft.site.name} is failing: ${draft.site.lastError ?? 'check it on the Sites page'}.`}
        />
      ) : null}
      {status === 'FAILED' && draft.error ? <FormAlert message={draft.error} /> : null}

      {item ? (
        <div className="flex min-w-0 flex-col gap-1 rounded-md border border-border bg-surface-2 px-3 py-2">
          <a
            href={item.url}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex min-w-0 items-center gap-1 text-accent-text hover:underline"
          >
            <span className="truncate">{shortUrl(item.url)}</span>
            <ExternalLink aria-hidden="true" size={12} className="shrink-0" />
          </a>
          <p className="text-xs text-muted">
            {wpStatusView(item.status).label} · version {item.publishedVersion} on the site
            {outdated ? ` · draft at version ${item.latestVersion}` : ''}
          </p>
          {item.lastError && status !== 'FAILED' ? (
            <p className="text-xs text-danger">{item.lastError}</p>
          ) : null}
          <Link to="/publishing/published" className="text-xs text-subtle hover:underline">
            All published posts
          </Link>
        </div>
      ) : null}

      <FormAlert message={failure && !failure.at ? failure.message : null} />

      {offer.publish || offer.canUnschedule || offer.canSchedule ? (
        <div className="flex flex-wrap gap-2">
          {offer.publish ? (
            <button
              type="button"
              className={
                status === 'PUBLISHED' && !outdated ? buttonClass.secondary : buttonClass.primary
              }
              disabled={busy}
              onClick={() =>
                void run(
                  () => publish({ variables: { id: draftId, at: null } }),
                  status === 'PUBLISHED'
                    ? `Updating the post on ${siteName}`
                    : `Publishing to ${siteName}`,
                )
              }
            >
              <Send aria-hidden="true" size={14} />
              {offer.publish}
            </button>
          ) : null}
          {offer.canSchedule && !scheduling ? (
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={busy}
              onClick={() => setScheduling(true)}
            >
              <CalendarClock aria-hidden="true" size={14} />
              {status === 'SCHEDULED' ? 'Change time' : 'Schedule'}
            </button>
          ) : null}
          {offer.canUnschedule ? (
            <button
              type="button"
              className={buttonClass.ghost}
              disabled={busy}
              onClick={() =>
                void run(() => unschedule({ variables: { id: draftId } }), 'Schedule cancelled')
              }
            >
              <X aria-hidden="true" size={14} />
              Unschedule
            </button>
          ) : null}
        </div>
      ) : null}

      {scheduling && offer.canSchedule ? (
        <form
          className="flex flex-col gap-2"
          aria-label="Schedule publishing"
          onSubmit={(e) => {
            e.preventDefault();
            const when = new Date(at);
            void run(
              () => publish({ variables: { id: draftId, at: when.toISOString() } }),
              `Scheduled for ${formatMoment(when)}`,
            );
          }}
        >
          <label className="flex flex-col gap-1 text-xs text-muted">
            Publish at (your time)
            <input
              type="datetime-local"
              className={inputClass}
              value={at}
              min={toLocalInput(earliestSchedule(new Date()))}
              onChange={(e) => setAt(e.target.value)}
              aria-invalid={failure?.at ? true : undefined}
              required
            />
          </label>
          {failure?.at ? <p className="text-xs text-danger">{failure.at}</p> : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass.primary} disabled={busy || !at}>
              Schedule
            </button>
            <button
              type="button"
              className={buttonClass.ghost}
              onClick={() => {
                setScheduling(false);
                setFailure(null);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
