import type { DraftStatus } from '@lumen/schema/generated/graphql';
import { RotateCcw } from 'lucide-react';
import { buttonClass } from '../../../../ui/button';
import { FormAlert } from '../../../../ui/FormAlert';
import type { DraftEditorState } from '../../hooks/useDraftEditor';

/**
 * What the editor says above the form: unsaved changes, a refused save with a way to reload,
 * someone else's newer version, the last error, and why the draft cannot be edited now.
 */
export function DraftEditorNotices({
  status,
  editor,
}: {
  status: DraftStatus;
  editor: DraftEditorState;
}) {
  const { actions, conflict, dirty, newer, alert } = editor;
  return (
    <>
      {dirty ? (
        <p className="-mt-3 text-xs text-muted" role="status">
          Unsaved changes
          {actions.canApprove || actions.canSubmit ? ': save before submitting or approving.' : '.'}
          {status === 'APPROVED'
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
              onClick={() => void editor.reloadLatest()}
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
    </>
  );
}
