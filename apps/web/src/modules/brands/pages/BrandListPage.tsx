import { Plus, Tags } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { CountedSection } from '../../shell/components/CountedSection';

export function BrandListPage() {
  const addBrand = (
    <Link to="/campaigns/create" className={buttonClass.primary}>
      <Plus aria-hidden="true" size={16} />
      Add brand
    </Link>
  );
  return (
    <Page>
      <PageHeader
        title="Brands"
        description="The companies and products you track. Each brand has its aliases, domains, competitors and the prompts Lumen asks AI engines about it."
        actions={addBrand}
      />
      <CountedSection
        countKey="brands"
        noun={{ one: 'brand', many: 'brands' }}
        empty={{
          icon: Tags,
          title: 'No brands yet',
          body: 'Add the brand you want to measure. Lumen then asks AI engines your buyers’ questions and shows how often, how high and how favourably the brand appears.',
          action: addBrand,
        }}
      />
    </Page>
  );
}
