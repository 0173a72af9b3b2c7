import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import type { DraftFieldsFragment as Draft } from '@lumen/schema/generated/graphql';
import { Check, History, RotateCcw, Save, Send, Undo2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState } from '../../../ui/ErrorState';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { toastError } from '../../../ui/toastError';
import { useUnsavedChangesGuard } from '../../brands/hooks/useUnsavedChangesGuard';
import { timeAgo } from '../../brands/utils/brandFormat';
import { DraftPreviewSlot } from '../components/DraftPreviewSlot';
import { DraftPublishSlot } from '../components/DraftPublishSlot';
import { DraftStatusBadge } from '../components/PublishingStatus';
import {
  ApproveDraftMutation,
  DraftQuery,
  DraftUpdatedSubscription,
  RestoreDraftVersionMutation,
  ReturnDraftForChangesMutation,
  SubmitDraftForReviewMutation,
  UpdateDraftMutation,
} from '../graphql/drafts';
import {
  counter,
  type DraftForm,
  draftActions,
  formFrom,
  isDirty,
  LIMITS,
  validateDraftForm,
  writerLabel,
} from '../utils/draftView';
import { renderMarkdown } from '../utils/markdown';

/** What the form was loaded from: the version a save names, so a newer one is refused. */
type Base = { version: number; form: DraftForm };

function Counter({ value, max }: { value: string; max: number }) {
  const c = counter(value, max);
  return <span className={`tabular-nums ${c.over ? 'text-danger' : 'text-subtle'}`}>{c.text}</span>;
}

const PREVIEW =
  'min-h-96 max-w-none break-words text-sm leading-relaxed text-fg [&_a]:text-accent-text [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-l-2 [&_blockquote]:border-border-strong [&_blockquote]:pl-3 [&_blockquote]:text-muted [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:mb-1 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:my-2 [&_ol]:list-decimal [&_p]:my-2 [&_table]:my-3 [&_table]:w-full [&_td]:border [&_td]:border-border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-border [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_ul]:my-2 [&_ul]:list-disc';

function TermPicker({
  legend,
  terms,
  selected,
  onChange,
}: {
  legend: string;
  terms: readonly { id: number; name: string }[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  if (terms.length === 0) {
    return <p className="text-sm text-muted">The site has no {legend.toLowerCase()} yet.</p>;
  }
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-fg">{legend}</legend>
      <div className="flex max-h-48 flex-col gap-1 overflow-y-auto">
        {terms.map((t) => (
          <label key={t.id} className="flex items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              checked={selected.includes(t.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...selected, t.id] : selected.filter((id) => id !== t.id),
                )
              }
            />
            <span className="break-words">{t.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function DraftEditorPage() {
  const { draftId = '' } = useParams();
  const query = useQuery(DraftQuery, { variables: { id: draftId }, fetchPolicy: 'network-only' });
  const draft = query.data?.draft ?? null;

  if (query.error && !draft) {
    return (
      <Page>
        <PageHeader title="Draft" />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    );
  }
  if (query.loading && !draft) {
    return (
      <Page>
        <div role="status" aria-label="Loading the draft" className="flex flex-col gap-4">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-96" />
        </div>
      </Page>
    );
  }
  if (!draft) {
    return (
      <Page>
        <PageHeader title="Draft not found" />
        <p className="text-sm text-muted">
          This draft does not exist or belongs to another workspace.{' '}
          <Link to="/publishing/drafts" className="text-accent-text underline">
            Back to the drafts
          </Link>
        </p>
      </Page>
    );
  }
  return <Editor key={draft.id} draft={draft} reload={() => query.refetch()} />;
}

function Editor({ draft, reload }: { draft: Draft; reload: () => Promise<unknown> }) {
  const id = useId();
  const [base, setBase] = useState<Base>(() => ({ version: draft.version, form: formFrom(draft) }));
  const [form, setForm] = useState<DraftForm>(base.form);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [restoring, setRestoring] = useState<number | null>(null);
  const [newer, setNewer] = useState<number | null>(null);
  const dirty = isDirty(form, base.form);
  useUnsavedChangesGuard(dirty);

  const adopt = (next: Draft) => {
    const loaded = formFrom(next);
    setBase({ version: next.version, form: loaded });
    setForm(loaded);
    setFields({});
    setAlert(null);
    setConflict(null);
    setNewer(null);
  };

  // Someone else's save: adopt it when nothing is being edited here, else say so.
  useSubscription(DraftUpdatedSubscription, {
    variables: { id: draft.id },
    onData: ({ data }) => {
      const version = data.data?.draftUpdated.version;
      if (version === undefined || version <= base.version) return;
      if (dirty) setNewer(version);
      else
        void reload().then((r) => {
          const fresh = (r as { data?: { draft?: Draft | null } }).data?.draft;
          if (fresh) adopt(fresh);
        });
    },
    onError: () => {},
  });

  const [update, updating] = useMutation(UpdateDraftMutation, {
    refetchQueries: ['NavigationCounts'],
  });
  const [restore, restoringBusy] = useMutation(RestoreDraftVersionMutation);
  const [submit, submitting] = useMutation(SubmitDraftForReviewMutation, {
    refetchQueries: ['NavigationCounts'],
  });
  const [approve, approving] = useMutation(ApproveDraftMutation, {
    refetchQueries: ['NavigationCounts'],
  });
  const [sendBack, sendingBack] = useMutation(ReturnDraftForChangesMutation);
  const busy = updating.loading || submitting.loading || approving.loading || sendingBack.loading;

  const fail = (error: unknown) => {
    const feedback = readGraphQLError(error);
    if (feedback.code === 'CONFLICT') {
      setConflict(feedback.message);
      return;
    }
    setFields(feedback.fields);
    setAlert(feedback.message);
  };

  const save = async () => {
    const check = validateDraftForm(form);
    if (!check.ok) {
      setFields(check.fields);
      setAlert('Check the highlighted fields.');
      return;
    }
    try {
      const result = await update({
        variables: {
          id: draft.id,
          version: base.version,
          input: {
            ...check.input,
            excerpt: check.input.excerpt || null,
            metaTitle: check.input.metaTitle || null,
            metaDescription: check.input.metaDescription || null,
          },
        },
      });
      const saved = result.data?.updateDraft;
      if (saved) {
        adopt(saved);
        toast.success(`Saved as version ${saved.version}`);
      }
    } catch (error) {
      fail(error);
    }
  };

  const review = async (action: 'submit' | 'approve' | 'return') => {
    const run = { submit, approve, return: sendBack }[action];
    try {
      const result = await run({ variables: { id: draft.id, version: base.version } });
      const data = result.data as Record<string, Draft | undefined> | undefined;
      const next = data && Object.values(data)[0];
      if (next) {
        adopt(next);
        toast.success(
          action === 'approve'
            ? 'Draft approved'
            : action === 'submit'
              ? 'Submitted for review'
              : 'Sent back for changes',
        );
      }
    } catch (error) {
      fail(error);
    }
  };

  const set =
    <K extends keyof DraftForm>(key: K) =>
    (value: DraftForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const actions = draftActions(draft.status);
  const preview = useMemo(
    () => (tab === 'preview' ? renderMarkdown(form.body) : ''),
    [tab, form.body],
  );
  const faqCount = draft.jsonLd
    ? ((JSON.parse(draft.jsonLd) as { mainEntity?: unknown[] }).mainEntity?.length ?? 0)
    : 0;

  return (
    <Page>
      <PageHeader
        title={form.title || 'Untitled draft'}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <DraftStatusBadge status={draft.status} />
            <span>Version {base.version}</span>
            {draft.opportunity ? (
              <Link
                to={`/opportunities/${draft.opportunity.id}`}
                className="text-accent-text underline"
              >
                {draft.opportunity.title}
              </Link>
            ) : null}
            <span>Written by {writerLabel(draft.order.writer)}</span>
          </span>
        }
        actions={
          <>
            {actions.canReturn ? (
              <button
                type="button"
                className={buttonClass.ghost}
                disabled={busy || dirty}
                onClick={() => void review('return')}
              >
                <Undo2 aria-hidden="true" size={16} />
                Send back
              </button>
            ) : null}
            {actions.canSubmit ? (
              <button
                type="button"
                className={buttonClass.secondary}
                disabled={busy || dirty}
                onClick={() => void review('submit')}
              >
                <Send aria-hidden="true" size={16} />
                Submit for review
              </button>
            ) : null}
            {actions.canApprove ? (
              <button
                type="button"
                className={buttonClass.secondary}
                disabled={busy || dirty}
                onClick={() => void review('approve')}
              >
                <Check aria-hidden="true" size={16} />
                Approve
              </button>
            ) : null}
            <button
              type="button"
              className={buttonClass.primary}
              disabled={!dirty || busy || !actions.canEdit}
              onClick={() => void save()}
            >
              {updating.loading ? (
                <Spinner label="Saving" size={16} />
              ) : (
                <Save aria-hidden="true" size={16} />
              )}
              Save
            </button>
          </>
        }
      />
      {dirty ? (
        <p className="-mt-3 text-xs text-muted" role="status">
          Unsaved changes
          {actions.canApprove || actions.canSubmit ? ': save before submitting or approving.' : '.'}
          {draft.status === 'APPROVED'
            ? ' Saving sends the approved draft back to Draft for another review.'
            : ''}
        </p>
      ) : null}
      {conflict ? (
        <div
          className="flex flex-col gap-2 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger"
          role="alert"
        >
          <p>{conflict}</p>
          <div>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() =>
                void reload().then((r) => {
                  const fresh = (r as { data?: { draft?: Draft | null } }).data?.draft;
                  if (fresh) adopt(fresh);
                })
              }
            >
              <RotateCcw aria-hidden="true" size={16} />
              Reload the latest version
            </button>
          </div>
        </div>
      ) : null}
      {newer && !conflict ? (
        <FormAlert
          tone="info"
          message={`Someone saved version ${newer} while you were editing. Saving now will be refused; copy your changes, then reload.`}
        />
      ) : null}
      <FormAlert message={conflict ? null : alert} />
      {!actions.canEdit ? (
        <FormAlert
          tone="info"
          message="This draft is scheduled or being published, so it cannot be edited now."
        />
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card title="Content">
            <div className="flex flex-col gap-4">
              <FormField
                label="Title"
                value={form.title}
                maxLength={LIMITS.titleMax + 50}
                error={fields.title}
                onValueChange={set('title')}
              />
              <FormField
                label="Slug"
                note="the last part of the post’s address"
                value={form.slug}
                error={fields.slug}
                onValueChange={set('slug')}
              />
              <div className="flex flex-col gap-1.5">
                <div role="tablist" aria-label="Body" className="flex gap-1">
                  {(['write', 'preview'] as const).map((t) => (
                    <button
                      key={t}
                      type="button"
                      role="tab"
                      id={`${id}-${t}`}
                      aria-selected={tab === t}
                      aria-controls={`${id}-panel`}
                      className={`${buttonClass.ghost} h-8 ${tab === t ? 'bg-surface-2 text-fg' : ''}`}
                      onClick={() => setTab(t)}
                    >
                      {t === 'write' ? 'Write' : 'Preview'}
                    </button>
                  ))}
                </div>
                <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
                  {tab === 'write' ? (
                    <div className="[&_textarea]:font-mono [&_textarea]:leading-relaxed">
                      <FormField
                        label="Body (Markdown)"
                        multiline
                        rows={24}
                        value={form.body}
                        error={fields.body}
                        onValueChange={set('body')}
                      />
                    </div>
                  ) : (
                    <div
                      className={`${PREVIEW} rounded-md border border-border p-4`}
                      data-testid="draft-preview"
                      // Rendered by renderMarkdown: raw HTML escaped, only web and mail links.
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above
                      dangerouslySetInnerHTML={{ __html: preview }}
                    />
                  )}
                </div>
              </div>
            </div>
          </Card>
          <Card
            title="Search and sharing"
            description="What search engines and AI assistants show for the post."
          >
            <div className="flex flex-col gap-4">
              <FormField
                label="Excerpt"
                note="optional"
                multiline
                rows={3}
                value={form.excerpt}
                error={fields.excerpt}
                hint={<Counter value={form.excerpt} max={LIMITS.excerptMax} />}
                onValueChange={set('excerpt')}
              />
              <FormField
                label="Meta title"
                value={form.metaTitle}
                error={fields.metaTitle}
                hint={<Counter value={form.metaTitle} max={LIMITS.metaTitleMax} />}
                onValueChange={set('metaTitle')}
              />
              <FormField
                label="Meta description"
                multiline
                rows={2}
                value={form.metaDescription}
                error={fields.metaDescription}
                hint={<Counter value={form.metaDescription} max={LIMITS.metaDescriptionMax} />}
                onValueChange={set('metaDescription')}
              />
              <p className="text-xs text-muted">
                {faqCount > 0
                  ? `FAQ markup (schema.org FAQPage): ${faqCount} questions, rebuilt from the FAQ section on every save.`
                  : 'No FAQ markup: add a “## Frequently asked questions” section with “###” questions to get it.'}
              </p>
            </div>
          </Card>
        </div>
        <aside className="flex min-w-0 flex-col gap-6" aria-label="Draft details">
          <Card title="Publishing">
            <DraftPublishSlot draft={draft} />
          </Card>
          <Card title="Categories and tags">
            {draft.site ? (
              <div className="flex flex-col gap-4">
                <TermPicker
                  legend="Categories"
                  terms={draft.site.categories}
                  selected={form.categories}
                  onChange={set('categories')}
                />
                <TermPicker
                  legend="Tags"
                  terms={draft.site.tags}
                  selected={form.tags}
                  onChange={set('tags')}
                />
                {fields.categories || fields.tags ? (
                  <p className="text-sm text-danger">{fields.categories ?? fields.tags}</p>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-muted">
                This order has no WordPress site, so there are no categories or tags to choose.{' '}
                <Link to="/publishing/sites" className="text-accent-text underline">
                  Connect a site
                </Link>
              </p>
            )}
          </Card>
          <Card title="Versions">
            <ol className="flex flex-col gap-2" aria-label="Versions">
              {draft.versions.map((v) => (
                <li key={v.version} className="flex items-start justify-between gap-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-fg">
                      <History aria-hidden="true" size={12} className="mr-1 inline" />v{v.version}
                      {v.version === base.version ? (
                        <span className="ml-1 text-xs text-subtle">(current)</span>
                      ) : null}
                    </p>
                    <p className="truncate text-xs text-muted" title={v.title}>
                      {v.generated ? 'Written by Lumen' : 'Saved'} · {timeAgo(v.createdAt)}
                    </p>
                  </div>
                  {v.version !== base.version && actions.canEdit ? (
                    <button
                      type="button"
                      className={`${buttonClass.ghost} h-8 px-2`}
                      aria-label={`Restore version ${v.version}`}
                      onClick={() => setRestoring(v.version)}
                    >
                      Restore
                    </button>
                  ) : null}
                </li>
              ))}
            </ol>
          </Card>
          {draft.order.template ? (
            <Card title="Template guidance" description={draft.order.template.name}>
              <div className="flex flex-col gap-2 text-sm">
                {draft.order.template.instructions ? (
                  <p className="text-muted">{draft.order.template.instructions}</p>
                ) : null}
                <ol className="list-decimal space-y-1 pl-5">
                  {draft.order.template.structure.map((s) => (
                    <li key={s.heading}>
                      <span className="font-medium text-fg">{s.heading}</span>
                      {s.guidance ? <span className="text-muted">: {s.guidance}</span> : null}
                    </li>
                  ))}
                </ol>
              </div>
            </Card>
          ) : null}
          <Card title="Effect on AI answers">
            <DraftPreviewSlot draft={draft} />
          </Card>
        </aside>
      </div>
      <ConfirmDialog
        open={restoring !== null}
        title={`Restore version ${restoring ?? ''}?`}
        confirmLabel="Restore"
        busy={restoringBusy.loading}
        onCancel={() => setRestoring(null)}
        onConfirm={async () => {
          if (restoring === null) return;
          try {
            const result = await restore({
              variables: { id: draft.id, restore: restoring, version: base.version },
            });
            const next = result.data?.restoreDraftVersion;
            if (next) {
              adopt(next);
              toast.success(`Version ${restoring} restored as version ${next.version}`);
            }
          } catch (error) {
            toastError(error);
            fail(error);
          }
          setRestoring(null);
        }}
      >
        Its content is saved as a new version; nothing is deleted.
        {dirty ? ' Your unsaved changes here will be replaced.' : ''}
      </ConfirmDialog>
    </Page>
  );
}
