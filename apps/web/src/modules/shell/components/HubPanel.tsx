import {
  ChartNoAxesColumn,
  CircleCheckBig,
  Columns3,
  FilePenLine,
  Globe,
  LayoutTemplate,
  Lightbulb,
  type LucideIcon,
  PackageOpen,
  Plus,
  Tags,
  X,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { useNavigationCounts } from '../hooks/useNavigationCounts';
import type { HubPanel as HubPanelKind } from '../utils/panelRules';
import { countBadgeClass, navItemClass } from './navItemClass';

type CountKey = 'brands' | 'opportunities' | 'ordersInProgress' | 'drafts' | 'published' | 'sites';

type PanelEntry = { label: string; to: string; icon: LucideIcon; count?: CountKey; end?: boolean };
type PanelSection = { title?: string; entries: PanelEntry[] };

const HUB_PANELS: Record<HubPanelKind, { title: string; sections: PanelSection[] }> = {
  brands: {
    title: 'Brands',
    sections: [
      {
        entries: [
          { label: 'All brands', to: '/campaigns', icon: Tags, count: 'brands', end: true },
          { label: 'Add brand', to: '/campaigns/create', icon: Plus },
        ],
      },
    ],
  },
  publishing: {
    title: 'Opportunities',
    sections: [
      {
        entries: [
          {
            label: 'Opportunities',
            to: '/publishing/opportunities',
            icon: Lightbulb,
            count: 'opportunities',
          },
          { label: 'Pipeline', to: '/publishing/pipeline', icon: Columns3 },
          { label: 'Status', to: '/publishing/status', icon: ChartNoAxesColumn },
          {
            label: 'Orders in progress',
            to: '/publishing/orders',
            icon: PackageOpen,
            count: 'ordersInProgress',
          },
          { label: 'Drafts', to: '/publishing/drafts', icon: FilePenLine, count: 'drafts' },
          {
            label: 'Published',
            to: '/publishing/published',
            icon: CircleCheckBig,
            count: 'published',
          },
        ],
      },
      {
        title: 'Settings',
        entries: [
          { label: 'WordPress sites', to: '/publishing/sites', icon: Globe, count: 'sites' },
          { label: 'Templates', to: '/publishing/templates', icon: LayoutTemplate },
        ],
      },
    ],
  },
};

type HubPanelProps = { panel: HubPanelKind; overlay: boolean; onClose: () => void };

export function HubPanel({ panel, overlay, onClose }: HubPanelProps) {
  const { counts } = useNavigationCounts();
  const config = HUB_PANELS[panel];
  const navRef = useRef<HTMLElement>(null);

  // The panel sits after the whole sidebar in the DOM; moving focus into it keeps keyboard users
  // from tabbing through the rest of the sidebar first. Escape brings focus back to the trigger.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus only when another panel opens
  useEffect(() => {
    navRef.current?.querySelector<HTMLElement>('a')?.focus();
  }, [panel]);

  return (
    <aside
      id="hub-panel"
      aria-label={`${config.title} panel`}
      className={`flex h-full w-64 shrink-0 flex-col border-r border-border bg-surface ${
        overlay ? 'absolute inset-y-0 left-20 z-40 shadow-pop' : 'relative'
      }`}
    >
      <div className="flex h-14 items-center justify-between border-b border-border px-4">
        <h2 className="text-sm font-semibold text-fg">{config.title}</h2>
        <button
          type="button"
          aria-label="Close panel"
          className={buttonClass.icon}
          onClick={onClose}
        >
          <X aria-hidden="true" size={16} />
        </button>
      </div>
      <nav
        ref={navRef}
        aria-label={config.title}
        className="flex flex-1 flex-col gap-5 overflow-y-auto p-3"
      >
        {config.sections.map((section) => (
          <div key={section.title ?? 'main'} className="flex flex-col gap-0.5">
            {section.title ? (
              <h3 className="px-2.5 pb-1.5 text-[11px] font-semibold uppercase tracking-wider text-subtle">
                {section.title}
              </h3>
            ) : null}
            {section.entries.map((entry) => {
              const count = entry.count && counts ? counts[entry.count] : 0;
              return (
                <NavLink
                  key={entry.to}
                  to={entry.to}
                  end={entry.end ?? false}
                  className={({ isActive }) => navItemClass(isActive, false)}
                >
                  <entry.icon aria-hidden="true" size={16} className="shrink-0" />
                  <span className="truncate">{entry.label}</span>
                  {count > 0 ? <span className={countBadgeClass()}>{count}</span> : null}
                </NavLink>
              );
            })}
          </div>
        ))}
      </nav>
    </aside>
  );
}
