import type { DraftFieldsFragment as Draft } from '@lumen/schema/generated/graphql';
import { Check, Save, Send, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../../ui/button';
import { PageHeader } from '../../../../ui/PageHeader';
import { Spinner } from '../../../../ui/Spinner';
import type { DraftEditorState, ReviewAction } from '../../hooks/useDraftEditor';
import { writerLabel } from '../../utils/draftView';
import { DraftStatusBadge } from '../PublishingStatus';
import { REVIEW_BLOCKED_ID } from './DraftPlaceholders';

const REVIEW_BUTTONS: {
  action: ReviewAction;
  allowed: keyof DraftEditorState['actions'];
  label: string;
  icon: ReactNode;
  className: string;
}[] = [
  {
    action: 'return',
    allowed: 'canReturn',
    label: 'Send back',
    icon: <Undo2 aria-hidden="true" size={16} />,
    className: buttonClass.ghost,
  },
  {
    action: 'submit',
    allowed: 'canSubmit',
    label: 'Submit for review',
    icon: <Send aria-hidden="true" size={16} />,
    className: buttonClass.secondary,
  },
  {
    action: 'approve',
    allowed: 'canApprove',
    label: 'Approve',
    icon: <Check aria-hidden="true" size={16} />,
    className: buttonClass.secondary,
  },
];

/** The draft's title, where it stands, and the review and save buttons. */
export function DraftEditorHeader({ draft, editor }: { draft: Draft; editor: DraftEditorState }) {
  const { form, version, actions, busy, dirty } = editor;
  // The server refuses submit and approve while the saved body holds a placeholder.
  const blocked = editor.placeholders.reviewBlocked;
  return (
    <PageHeader
      title={form.title || 'Untitled draft'}
      description={
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <DraftStatusBadge status={draft.status} />
          <span>Version {version}</span>
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
          {REVIEW_BUTTONS.filter((b) => actions[b.allowed]).map((b) => {
            const waits = b.action !== 'return' && blocked !== null;
            return (
              <button
                key={b.action}
                type="button"
                className={b.className}
                // Review acts on the saved version: unsaved edits would be left behind.
                disabled={busy || dirty || waits}
                title={waits ? blocked : undefined}
                aria-describedby={waits ? REVIEW_BLOCKED_ID : undefined}
                onClick={() => void editor.review(b.action)}
              >
                {b.icon}
                {b.label}
              </button>
            );
          })}
          <button
            type="button"
            className={buttonClass.primary}
            disabled={!dirty || busy || !actions.canEdit}
            onClick={() => void editor.save()}
          >
            {editor.saving ? (
              <Spinner label="Saving" size={16} />
            ) : (
              <Save aria-hidden="true" size={16} />
            )}
            Save
          </button>
        </>
      }
    />
  );
}
