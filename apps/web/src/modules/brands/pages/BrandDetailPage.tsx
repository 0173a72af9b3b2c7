import { DetailPage } from '../../shell/components/DetailPage';

export function BrandDetailPage() {
  return (
    <DetailPage noun="brand" backTo="/campaigns" backLabel="Back to brands" breadcrumb="Brands" />
  );
}
