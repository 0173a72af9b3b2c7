import { useParams } from 'react-router-dom';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { DetailPage } from '../../shell/components/DetailPage';

export function BrandFormPage() {
  const { campaignId } = useParams();
  if (campaignId) {
    return (
      <DetailPage noun="brand" backTo="/campaigns" backLabel="Back to brands" breadcrumb="Brands" />
    );
  }
  return (
    <Page width="narrow">
      <PageHeader
        title="Add brand"
        description="The brand you want to measure, its domains and its competitors."
      />
    </Page>
  );
}
