import type { DraftStatus } from '@lumen/schema/generated/graphql';
import { formatMoment } from '../../../ui/format';
import { DraftSiteChooser } from './DraftSiteChooser';
import { PublishControls } from './PublishControls';
import { DraftStatusBadge } from './PublishingStatus';

type SlotDraft = {
  id: string;
  status: DraftStatus;
  approvedAt?: string | null;
  site?: { id: string; name: string } | null;
};

/**
 * The draft editor's publishing card: where the draft stands, then publish now, schedule,
 * unschedule and the published post, all followed live (docs/publishing.md, "Publishing a
 * draft").
 */
export function DraftPublishSlot({ draft }: { draft: SlotDraft }) {
  return (
    <div className="flex min-w-0 flex-col gap-3 text-sm" data-testid="draft-publish-slot">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-muted">Status</span>
        <DraftStatusBadge status={draft.status} />
      </div>
      {draft.approvedAt ? (
        <p className="text-muted">Approved {formatMoment(draft.approvedAt)}.</p>
      ) : null}
      <DraftSiteChooser draft={draft} />
      <PublishControls draftId={draft.id} />
    </div>
  );
}
