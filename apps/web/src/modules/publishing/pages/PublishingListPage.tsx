import {
  CircleCheckBig,
  FilePenLine,
  LayoutTemplate,
  type LucideIcon,
  PackageOpen,
  Plus,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { CountedSection, type CountKey } from '../../shell/components/CountedSection';

/** The sections this placeholder list serves; opportunities and sites have their own pages. */
export type PublishingSection = 'orders' | 'drafts' | 'published' | 'templates';

type SectionCopy = {
  title: string;
  description: string;
  countKey: CountKey | null;
  noun: { one: string; many: string };
  empty: { icon: LucideIcon; title: string; body: string; action: { label: string; to: string } };
};

const TEMPLATE_KINDS = [
  ['Listicle', '“Best tools for …” pages that engines quote when they rank options.'],
  ['Comparison', 'You against a competitor, feature by feature, with a clear verdict.'],
  ['FAQ', 'Direct answers to the questions your buyers ask engines.'],
  ['How-to', 'Step-by-step guides that recommend your product where it fits.'],
  ['Glossary', 'Definitions that make your domain the source engines cite.'],
] as const;

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
  published: {
    title: 'Published',
    description:
      'Posts live on your WordPress sites, and whether engines have started to use them.',
    countKey: 'published',
    noun: { one: 'published post', many: 'published posts' },
    empty: {
      icon: CircleCheckBig,
      title: 'Nothing published yet',
      body: 'Approved drafts are published to your connected WordPress sites and listed here with their live URL.',
      action: { label: 'Review drafts', to: '/publishing/drafts' },
    },
  },
  templates: {
    title: 'Templates',
    description:
      'The structures Lumen writes content from. Built-in templates cover the formats engines cite most.',
    countKey: null,
    noun: { one: 'template', many: 'templates' },
    empty: {
      icon: LayoutTemplate,
      title: 'Templates',
      body: '',
      action: { label: 'Browse opportunities', to: '/publishing/opportunities' },
    },
  },
};

export function PublishingListPage({ section }: { section: PublishingSection }) {
  const copy = SECTIONS[section];
  return (
    <Page>
      <PageHeader title={copy.title} description={copy.description} />
      {copy.countKey ? (
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
      ) : (
        <TemplateKinds />
      )}
    </Page>
  );
}

function TemplateKinds() {
  return (
    <section aria-label="Built-in templates" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {TEMPLATE_KINDS.map(([kind, body]) => (
        <article
          key={kind}
          className="flex flex-col gap-1.5 rounded-xl border border-border bg-surface p-4"
        >
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-semibold text-fg">{kind}</h2>
            <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs text-muted">
              Built-in
            </span>
          </div>
          <p className="text-sm text-muted">{body}</p>
        </article>
      ))}
    </section>
  );
}
