import { DetailPage } from '../../shell/components/DetailPage';

export function OpportunityDetailPage() {
  return (
    <DetailPage
      noun="opportunity"
      backTo="/publishing/opportunities"
      backLabel="Back to opportunities"
      breadcrumb="Opportunities"
    />
  );
}
