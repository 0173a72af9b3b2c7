import { useParams } from 'react-router-dom';
import { DetailPage } from '../../shell/components/DetailPage';

export function KeywordDetailPage() {
  const { campaignId = '' } = useParams();
  return (
    <DetailPage
      noun="keyword"
      backTo={`/campaigns/${encodeURIComponent(campaignId)}`}
      backLabel="Back to the brand"
      breadcrumb="Brand"
    />
  );
}
