import { FilePenLine, type LucideIcon, PackageOpen, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { CountedSection, type CountKey } from '../../shell/components/CountedSection';

/** The sections this placeholder list serves; the others have their own pages. */
export type PublishingSection = 'orders' | 'drafts';

type SectionCopy = {
  title: string;
  description: string;
  countKey: CountKey;
  noun: { one: string; many: string };
  empty: { icon: LucideIcon; title: string; body: string; action: { label: string; to: string } };
};

const SECTIONS: Record<PublishingSection, SectionCopy> = {
  orders: {
    title: 'Orders in progress',
    description: 'Content being written for an opportunity from a template.',
    countKey: 'ordersInProgress',
    noun: { one: 'order in progress', many: 'orders in progress' },
    empty: {
      icon: PackageOpen,
      title: 'No orders in progress',
      body: 'Order content from an opportunity: pick a template and a site, and Lumen drafts the piece.',
      action: { label: 'Browse opportunities', to: '/publishing/opportunities' },
    },
  },
  drafts: {
    title: 'Drafts',
    description: 'Written content waiting for review, approval and scheduling.',
    countKey: 'drafts',
    noun: { one: 'draft', many: 'drafts' },
    empty: {
      icon: FilePenLine,
      title: 'No drafts yet',
      body: 'Drafts appear here when an order finishes. Review and edit them before they go to your site.',
      action: { label: 'Browse opportunities', to: '/publishing/opportunities' },
    },
  },
};

export function PublishingListPage({ section }: { section: PublishingSection }) {
  const copy = SECTIONS[section];
  return (
    <Page>
      <PageHeader title={copy.title} description={copy.description} />
      <CountedSection
        countKey={copy.countKey}
        noun={copy.noun}
        empty={{
          icon: copy.empty.icon,
          title: copy.empty.title,
          body: copy.empty.body,
          action: (
            <Link to={copy.empty.action.to} className={buttonClass.primary}>
              {copy.empty.action.to === '/campaigns/create' ? (
                <Plus aria-hidden="true" size={16} />
              ) : null}
              {copy.empty.action.label}
            </Link>
          ),
        }}
      />
    </Page>
  );
}
