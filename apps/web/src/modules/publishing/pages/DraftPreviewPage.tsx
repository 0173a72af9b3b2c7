import { useQuery } from '@apollo/client/react';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { DraftPreviewPanel } from '../components/DraftPreviewPanel';
import { DraftTitleQuery } from '../graphql/closedLoop';

/** The what-if preview of one draft on a page of its own (docs/closed-loop.md). */
export function DraftPreviewPage() {
  const { draftId = '' } = useParams();
  const { data } = useQuery(DraftTitleQuery, { variables: { id: draftId } });
  return (
    <Page>
      <div>
        <Link to="/publishing/drafts" className={buttonClass.ghost}>
          <ArrowLeft aria-hidden="true" size={14} />
          Drafts
        </Link>
      </div>
      <PageHeader
        title={data?.draft?.title ?? 'Draft preview'}
        description="A simulation by the offline engines, before you publish."
      />
      <DraftPreviewPanel draftId={draftId} />
    </Page>
  );
}
