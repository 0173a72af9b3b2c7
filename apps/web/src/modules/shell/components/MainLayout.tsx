import {
  BarChart3,
  LayoutDashboard,
  Lightbulb,
  PanelLeftClose,
  PanelLeftOpen,
  Swords,
  Tags,
} from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { LogoMark } from '../../../ui/Logo';
import { PageSpinner } from '../../../ui/Spinner';
import { useOpportunityCountsLive } from '../../opportunities/hooks/useOpportunityCountsLive';
import { useRunFinishedToasts } from '../../runs/hooks/useRunFinishedToasts';
import { WorkspaceSwitcher } from '../../team/components/WorkspaceSwitcher';
import { useCompactMode } from '../hooks/useCompactMode';
import { useSidebarCollapsed } from '../hooks/useSidebarCollapsed';
import {
  type HubPanel as HubPanelKind,
  isDashboardPath,
  panelAfterNavigation,
  panelAfterToggle,
  sectionOf,
} from '../utils/panelRules';
import { HubPanel } from './HubPanel';
import { ManagedServiceCard } from './ManagedServiceCard';
import { navItemClass } from './navItemClass';
import { ThemeToggleButton } from './ThemeToggleButton';
import { UserMenu } from './UserMenu';

export function MainLayout() {
  const { pathname } = useLocation();
  useRunFinishedToasts();
  useOpportunityCountsLive();
  const compact = useCompactMode();
  const [storedCollapsed, toggleCollapsed] = useSidebarCollapsed();
  const collapsed = compact || storedCollapsed;
  const [panel, setPanel] = useState<HubPanelKind | null>(null);
  const triggers = useRef<Partial<Record<HubPanelKind, HTMLButtonElement | null>>>({});
  const lastPath = useRef(pathname);

  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    setPanel((open) => panelAfterNavigation(open, pathname, compact));
  }, [pathname, compact]);

  const closePanel = useCallback(() => {
    if (panel) triggers.current[panel]?.focus();
    setPanel(null);
  }, [panel]);

  useEffect(() => {
    if (!panel) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closePanel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [panel, closePanel]);

  const section = sectionOf(pathname);
  const hubButton = (kind: HubPanelKind, label: string, Icon: typeof Tags) => (
    <button
      ref={(element) => {
        triggers.current[kind] = element;
      }}
      type="button"
      aria-expanded={panel === kind}
      aria-controls={panel === kind ? 'hub-panel' : undefined}
      title={collapsed ? label : undefined}
      onClick={() => setPanel((open) => panelAfterToggle(open, kind))}
      className={navItemClass(section === kind || panel === kind, collapsed)}
    >
      <Icon aria-hidden="true" size={18} className="shrink-0" />
      <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
    </button>
  );

  return (
    <div className="relative flex h-dvh w-full overflow-hidden bg-bg">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:absolute focus:left-3 focus:top-3"
      >
        Skip to content
      </a>
      <aside
        aria-label="Sidebar"
        className={`relative z-40 flex h-full shrink-0 flex-col border-r border-border bg-surface transition-[width] duration-200 ${
          collapsed ? 'w-20' : 'w-64'
        }`}
      >
        <div
          className={`flex h-14 items-center gap-2 border-b border-border ${collapsed ? 'justify-center px-2' : 'px-4'}`}
        >
          <Link to="/" aria-label="Lumen home" className="flex items-center gap-2.5 rounded-md">
            <LogoMark />
            {collapsed ? null : (
              <span className="text-[15px] font-semibold tracking-tight text-fg">Lumen</span>
            )}
          </Link>
          {collapsed ? null : (
            <div className="ml-auto flex items-center gap-0.5">
              <ThemeToggleButton />
              {compact ? null : (
                <button
                  type="button"
                  aria-label="Collapse sidebar"
                  className={buttonClass.icon}
                  onClick={toggleCollapsed}
                >
                  <PanelLeftClose aria-hidden="true" size={16} />
                </button>
              )}
            </div>
          )}
        </div>
        {collapsed ? null : <WorkspaceSwitcher />}
        <nav aria-label="Main" className="flex flex-1 flex-col gap-0.5 overflow-y-auto p-3">
          <NavLink
            to="/"
            title={collapsed ? 'Dashboard' : undefined}
            className={() => navItemClass(isDashboardPath(pathname), collapsed)}
          >
            <LayoutDashboard aria-hidden="true" size={18} className="shrink-0" />
            <span className={collapsed ? 'sr-only' : 'truncate'}>Dashboard</span>
          </NavLink>
          {hubButton('brands', 'Brands', Tags)}
          <NavLink
            to="/competitors"
            title={collapsed ? 'Competitors' : undefined}
            className={({ isActive }) => navItemClass(isActive, collapsed)}
          >
            <Swords aria-hidden="true" size={18} className="shrink-0" />
            <span className={collapsed ? 'sr-only' : 'truncate'}>Competitors</span>
          </NavLink>
          {hubButton('publishing', 'Opportunities', Lightbulb)}
          <NavLink
            to="/analytics"
            title={collapsed ? 'Analytics' : undefined}
            className={({ isActive }) => navItemClass(isActive, collapsed)}
          >
            <BarChart3 aria-hidden="true" size={18} className="shrink-0" />
            <span className={collapsed ? 'sr-only' : 'truncate'}>Analytics</span>
          </NavLink>
        </nav>
        <div className="flex flex-col gap-3 border-t border-border p-3">
          {collapsed ? null : <ManagedServiceCard />}
          {collapsed ? (
            <div className="flex flex-col items-center gap-1">
              {compact ? null : (
                <button
                  type="button"
                  aria-label="Expand sidebar"
                  className={buttonClass.icon}
                  onClick={toggleCollapsed}
                >
                  <PanelLeftOpen aria-hidden="true" size={16} />
                </button>
              )}
              <ThemeToggleButton />
            </div>
          ) : null}
          <UserMenu collapsed={collapsed} />
        </div>
      </aside>
      {panel ? (
        <>
          {compact ? (
            <div
              aria-hidden="true"
              className="absolute inset-0 z-30 bg-overlay"
              onClick={closePanel}
            />
          ) : null}
          <HubPanel panel={panel} overlay={compact} onClose={closePanel} />
        </>
      ) : null}
      <main
        id="main"
        tabIndex={-1}
        className="min-w-0 flex-1 overflow-y-auto overflow-x-hidden outline-none"
      >
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
