import { useQuery } from '@apollo/client/react';
import type { DraftFieldsFragment as Draft } from '@lumen/schema/generated/graphql';
import { Link, useParams } from 'react-router-dom';
import { Card } from '../../../ui/Card';
import { ErrorState } from '../../../ui/ErrorState';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { DraftPreviewSlot } from '../components/DraftPreviewSlot';
import { DraftPublishSlot } from '../components/DraftPublishSlot';
import { DraftContentCard } from '../components/draft-editor/DraftContentCard';
import { DraftEditorHeader } from '../components/draft-editor/DraftEditorHeader';
import { DraftEditorNotices } from '../components/draft-editor/DraftEditorNotices';
import { DraftPageDiffCard } from '../components/draft-editor/DraftPageDiffCard';
import { DraftPlaceholders } from '../components/draft-editor/DraftPlaceholders';
import { DraftSearchCard } from '../components/draft-editor/DraftSearchCard';
import { DraftTemplateCard } from '../components/draft-editor/DraftTemplateCard';
import { DraftTermsCard } from '../components/draft-editor/DraftTermsCard';
import { DraftVersionsCard } from '../components/draft-editor/DraftVersionsCard';
import { DraftQuery } from '../graphql/drafts';
import { useDraftEditor } from '../hooks/useDraftEditor';

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

/** The editor's layout; its state and actions live in `useDraftEditor`. */
function Editor({ draft, reload }: { draft: Draft; reload: () => Promise<unknown> }) {
  const editor = useDraftEditor(draft, reload);
  return (
    <Page>
      <DraftEditorHeader draft={draft} editor={editor} />
      <DraftEditorNotices status={draft.status} editor={editor} />
      <DraftPlaceholders writer={draft.order.writer} editor={editor} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <DraftContentCard editor={editor} />
          {draft.order.improvedPage ? (
            <DraftPageDiffCard page={draft.order.improvedPage} editor={editor} />
          ) : null}
          <DraftSearchCard jsonLd={draft.jsonLd} editor={editor} />
        </div>
        <aside className="flex min-w-0 flex-col gap-6" aria-label="Draft details">
          <Card title="Publishing">
            <DraftPublishSlot draft={draft} />
          </Card>
          <DraftTermsCard site={draft.site} editor={editor} />
          <DraftVersionsCard versions={draft.versions} editor={editor} />
          {draft.order.template ? <DraftTemplateCard template={draft.order.template} /> : null}
          <Card title="Effect on AI answers">
            <DraftPreviewSlot draft={draft} />
          </Card>
        </aside>
      </div>
    </Page>
  );
}
