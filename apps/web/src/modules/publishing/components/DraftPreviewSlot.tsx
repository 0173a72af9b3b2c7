/**
 * Where the draft editor shows what the draft would change in the engines' answers (the
 * closed-loop work fills it with previewDraftEffect). Until then it says what will be here.
 */
export function DraftPreviewSlot({ draft }: { draft: { id: string } }) {
  return (
    <p className="text-sm text-muted" data-testid="draft-preview-slot" data-draft-id={draft.id}>
      A simulation of how the offline engines would answer this opportunity’s prompts with this
      draft published will appear here.
    </p>
  );
}
