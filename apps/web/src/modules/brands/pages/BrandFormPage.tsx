import { Gauge, Tags } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { DetailPage } from '../../shell/components/DetailPage';

const FIELDS = [
  ['Name and aliases', 'Every way answers refer to the brand, e.g. “Acme” and “Acme CRM”.'],
  ['Domains', 'Sites you own; a citation of one of them counts for you.'],
  ['Competitors', 'The brands you want to be compared with, with their own aliases and domains.'],
  ['Market', 'Industry, country and language, which shape the questions Lumen asks.'],
  ['Engines and schedule', 'Which AI platforms to ask, daily, weekly or on demand.'],
] as const;

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
        description="A brand is what Lumen measures: its names, its domains and the competitors it is compared with."
      />
      <section
        aria-label="What a brand needs"
        className="rounded-xl border border-border bg-surface"
      >
        <ul className="divide-y divide-border">
          {FIELDS.map(([title, body]) => (
            <li key={title} className="flex gap-3 px-5 py-3.5">
              <Tags aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-subtle" />
              <div>
                <h2 className="text-sm font-medium text-fg">{title}</h2>
                <p className="text-sm text-muted">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <EmptyState
        icon={Gauge}
        title="Measure a brand right now"
        action={
          <Link to="/visibility/quick-score" className={buttonClass.primary}>
            Run a quick score
          </Link>
        }
      >
        This workspace cannot save brands yet: the server has no brands API. The quick score
        measures any brand across the engines today, without saving it.
      </EmptyState>
    </Page>
  );
}
