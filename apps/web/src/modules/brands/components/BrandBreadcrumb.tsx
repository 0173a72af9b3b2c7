import { Link } from 'react-router-dom';

/** "Brands / <brand>" above every page of one brand (run, keyword, site, sources). */
export function BrandBreadcrumb({ brand }: { brand: { id: string; name: string } }) {
  return (
    <nav aria-label="Breadcrumb" className="flex gap-1.5 text-sm text-subtle">
      <Link to="/campaigns" className="hover:text-fg">
        Brands
      </Link>
      <span aria-hidden="true">/</span>
      <Link to={`/campaigns/${brand.id}`} className="hover:text-fg">
        {brand.name}
      </Link>
    </nav>
  );
}
