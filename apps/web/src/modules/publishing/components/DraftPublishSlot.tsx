import type { DraftStatus } from '@lumen/schema/generated/graphql';
import { DraftStatusBadge } from './PublishingStatus';

type SlotDraft = {
  id: string;
  status: DraftStatus;
  approvedAt?: string | null;
  site?: { name: string } | null;
};

/**
 * Where the draft editor puts its publishing controls (publish, schedule, the published post).
 * The publishing work replaces this body with its PublishControls; until then it states where
 * the draft stands: its status, whether it is approved, and the site it will go to.
 */
export function DraftPublishSlot({ draft }: { draft: SlotDraft }) {
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="draft-publish-slot">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-muted">Status</span>
        <DraftStatusBadge status={draft.status} />
      </div>
      <p className="text-muted">
        {draft.approvedAt
          ? `Approved ${new Date(draft.approvedAt).toLocaleString()}.`
          : 'Not approved yet: only an approved draft can be published.'}
      </p>
      <p className="text-muted">
        {draft.site
          ? `Goes to ${draft.site.name}.`
          : 'No site chosen for this order; connect one under Sites to publish.'}
      </p>
    </div>
  );
}
