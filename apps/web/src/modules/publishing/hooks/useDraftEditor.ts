import { useMutation, useSubscription } from '@apollo/client/react';
import type { DraftFieldsFragment as Draft } from '@lumen/schema/generated/graphql';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { toastError } from '../../../ui/toastError';
import { useUnsavedChangesGuard } from '../../brands/hooks/useUnsavedChangesGuard';
import {
  ApproveDraftMutation,
  DraftUpdatedSubscription,
  RestoreDraftVersionMutation,
  ReturnDraftForChangesMutation,
  SubmitDraftForReviewMutation,
  UpdateDraftMutation,
} from '../graphql/drafts';
import {
  type DraftForm,
  draftActions,
  formFrom,
  isDirty,
  placeholderView,
  validateDraftForm,
} from '../utils/draftView';

/** What the form was loaded from: the version a save names, so a newer one is refused. */
type Base = { version: number; form: DraftForm };

export type ReviewAction = 'submit' | 'approve' | 'return';

export type BodyTab = 'write' | 'preview';

/** A range of the body to select in the Write tab (a placeholder the person chose). */
type Selection = { start: number; end: number; at: number };

const REVIEW_TOAST: Record<ReviewAction, string> = {
  approve: 'Draft approved',
  submit: 'Submitted for review',
  return: 'Sent back for changes',
};

/**
 * The draft editor's state and actions: the form against the version it was loaded from, the
 * server's field errors, a refused save (CONFLICT), someone else's newer save, and save, review
 * and restore. The page only lays it out.
 */
export function useDraftEditor(draft: Draft, reload: () => Promise<unknown>) {
  const [base, setBase] = useState<Base>(() => ({ version: draft.version, form: formFrom(draft) }));
  const [form, setForm] = useState<DraftForm>(base.form);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [newer, setNewer] = useState<number | null>(null);
  const [bodyTab, setBodyTab] = useState<BodyTab>('write');
  const [selection, setSelection] = useState<Selection | null>(null);
  const dirty = isDirty(form, base.form);
  useUnsavedChangesGuard(dirty);
  const placeholders = useMemo(
    () => placeholderView(form.body, base.form.body),
    [form.body, base.form.body],
  );

  /** Shows the Write tab with the placeholder selected, ready to be typed over. */
  const goToPlaceholder = (range: { offset: number; end: number }) => {
    setBodyTab('write');
    setSelection({ start: range.offset, end: range.end, at: Date.now() });
  };

  const adopt = (next: Draft) => {
    const loaded = formFrom(next);
    setBase({ version: next.version, form: loaded });
    setForm(loaded);
    setFields({});
    setAlert(null);
    setConflict(null);
    setNewer(null);
  };

  const reloadLatest = () =>
    reload().then((r) => {
      const fresh = (r as { data?: { draft?: Draft | null } }).data?.draft;
      if (fresh) adopt(fresh);
    });

  // Someone else's save: adopt it when nothing is being edited here, else say so.
  useSubscription(DraftUpdatedSubscription, {
    variables: { id: draft.id },
    onData: ({ data }) => {
      const version = data.data?.draftUpdated.version;
      if (version === undefined || version <= base.version) return;
      if (dirty) setNewer(version);
      else void reloadLatest();
    },
    onError: () => {},
  });

  const [update, updating] = useMutation(UpdateDraftMutation, {
    refetchQueries: ['NavigationCounts'],
  });
  const [restore, restoring] = useMutation(RestoreDraftVersionMutation);
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

  const review = async (action: ReviewAction) => {
    const run = { submit, approve, return: sendBack }[action];
    try {
      const result = await run({ variables: { id: draft.id, version: base.version } });
      const data = result.data as Record<string, Draft | undefined> | undefined;
      const next = data && Object.values(data)[0];
      if (next) {
        adopt(next);
        toast.success(REVIEW_TOAST[action]);
      }
    } catch (error) {
      fail(error);
    }
  };

  const restoreVersion = async (version: number) => {
    try {
      const result = await restore({
        variables: { id: draft.id, restore: version, version: base.version },
      });
      const next = result.data?.restoreDraftVersion;
      if (next) {
        adopt(next);
        toast.success(`Version ${version} restored as version ${next.version}`);
      }
    } catch (error) {
      toastError(error);
      fail(error);
    }
  };

  const set =
    <K extends keyof DraftForm>(key: K) =>
    (value: DraftForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  return {
    version: base.version,
    form,
    set,
    fields,
    alert,
    conflict,
    newer,
    dirty,
    busy,
    saving: updating.loading,
    restoring: restoring.loading,
    actions: draftActions(draft.status),
    placeholders,
    bodyTab,
    setBodyTab,
    selection,
    goToPlaceholder,
    save,
    review,
    restoreVersion,
    reloadLatest,
  };
}

export type DraftEditorState = ReturnType<typeof useDraftEditor>;
