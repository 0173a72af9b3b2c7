import { DraftPreviewPanel } from './DraftPreviewPanel';

/**
 * Where the draft editor shows what the draft would change in the engines' answers: the what-if
 * preview (docs/closed-loop.md), as a summary per engine with a link to the full side-by-side page.
 */
export function DraftPreviewSlot({ draft }: { draft: { id: string } }) {
  return (
    <div data-testid="draft-preview-slot" data-draft-id={draft.id}>
      <DraftPreviewPanel draftId={draft.id} compact />
    </div>
  );
}
