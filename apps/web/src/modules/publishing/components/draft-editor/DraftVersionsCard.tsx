import type { DraftFieldsFragment as Draft } from '@lumen/schema/generated/graphql';
import { History } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../../../ui/button';
import { Card } from '../../../../ui/Card';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { timeAgo } from '../../../../ui/format';
import type { DraftEditorState } from '../../hooks/useDraftEditor';

/** The saved versions, each restorable (as a new version) while the draft can be edited. */
export function DraftVersionsCard({
  versions,
  editor,
}: {
  versions: Draft['versions'];
  editor: DraftEditorState;
}) {
  const [restoring, setRestoring] = useState<number | null>(null);
  const { version: current, actions } = editor;
  return (
    <Card title="Versions">
      <ol className="flex flex-col gap-2" aria-label="Versions">
        {versions.map((v) => (
          <li key={v.version} className="flex items-start justify-between gap-2 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-fg">
                <History aria-hidden="true" size={12} className="mr-1 inline" />v{v.version}
                {v.version === current ? (
                  <span className="ml-1 text-xs text-subtle">(current)</span>
                ) : null}
              </p>
              <p className="truncate text-xs text-muted" title={v.title}>
                {v.generated ? 'Written by Lumen' : 'Saved'} · {timeAgo(v.createdAt)}
              </p>
            </div>
            {v.version !== current && actions.canEdit ? (
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
      <ConfirmDialog
        open={restoring !== null}
        title={`Restore version ${restoring ?? ''}?`}
        confirmLabel="Restore"
        busy={editor.restoring}
        onCancel={() => setRestoring(null)}
        onConfirm={async () => {
          if (restoring === null) return;
          await editor.restoreVersion(restoring);
          setRestoring(null);
        }}
      >
        Its content is saved as a new version; nothing is deleted.
        {editor.dirty ? ' Your unsaved changes here will be replaced.' : ''}
      </ConfirmDialog>
    </Card>
  );
}
