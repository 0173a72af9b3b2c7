import {
  BarChart3,
  Gauge,
  LayoutDashboard,
  Lightbulb,
  Lock,
  type LucideIcon,
  Tags,
} from 'lucide-react';
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { LogoMark } from '../../../ui/Logo';
import { PageSpinner } from '../../../ui/Spinner';
import { Tooltip } from '../../../ui/Tooltip';
import { useCompactMode } from '../hooks/useCompactMode';
import { navItemClass } from './navItemClass';
import { ThemeToggleButton } from './ThemeToggleButton';

const LOCKED_ITEMS: { label: string; icon: LucideIcon }[] = [
  { label: 'Dashboard', icon: LayoutDashboard },
  { label: 'Brands', icon: Tags },
  { label: 'Opportunities', icon: Lightbulb },
  { label: 'Analytics', icon: BarChart3 },
];

export const LOCKED_TOOLTIP = 'Sign up to access this feature';

export function GuestLayout() {
  const compact = useCompactMode();
  if (compact) return <GuestTopBarLayout />;
  return (
    <div className="relative flex h-dvh w-full overflow-hidden bg-bg">
      <aside
        aria-label="Sidebar"
        className="flex h-full w-64 shrink-0 flex-col border-r border-border bg-surface"
      >
        <div className="flex h-14 items-center gap-2 border-b border-border px-4">
          <GuestHomeLink />
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggleButton />
            <span
              role="img"
              aria-label="Guest access"
              title="Guest access"
              className="flex h-8 w-8 items-center justify-center rounded-md bg-surface-2 text-muted"
            >
              <Lock aria-hidden="true" size={14} />
            </span>
          </div>
        </div>
        <nav aria-label="Main" className="flex flex-1 flex-col gap-0.5 overflow-y-auto p-3">
          <NavLink
            to="/visibility/quick-score"
            className={({ isActive }) => navItemClass(isActive, false)}
          >
            <Gauge aria-hidden="true" size={18} className="shrink-0" />
            <span className="truncate">Visibility Score</span>
          </NavLink>
          <div className="mt-4 mb-1.5 px-2.5 text-[11px] font-semibold uppercase tracking-wider text-subtle">
            With an account
          </div>
          {LOCKED_ITEMS.map((item) => (
            <Tooltip key={item.label} content={LOCKED_TOOLTIP}>
              {(tooltipProps) => (
                <Link
                  to="/signup"
                  {...tooltipProps}
                  aria-label={`${item.label} (locked)`}
                  className={`${navItemClass(false, false)} text-subtle`}
                >
                  <item.icon aria-hidden="true" size={18} className="shrink-0" />
                  <span className="truncate">{item.label}</span>
                  <Lock aria-hidden="true" size={13} className="ml-auto" />
                </Link>
              )}
            </Tooltip>
          ))}
        </nav>
        <div className="flex flex-col gap-3 border-t border-border p-3">
          <Link
            to="/signup"
            className="inline-flex h-9 items-center justify-center rounded-md bg-accent px-3 text-sm font-medium text-accent-fg hover:bg-accent-hover"
          >
            Sign up free
          </Link>
          <div className="flex items-center gap-2.5 rounded-lg p-2">
            <span
              aria-hidden="true"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-surface-3 text-xs font-semibold text-muted"
            >
              G
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="truncate text-sm font-medium text-fg">Guest User</span>
              <span className="truncate text-xs text-muted">Free Trial</span>
            </span>
          </div>
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 overflow-y-auto overflow-x-hidden">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/**
 * On a phone a guest has one page, so an icon rail would only take width from it (80 of 390 px):
 * a bar across the top keeps the way to sign up and sign in, and the page gets the full width.
 */
function GuestTopBarLayout() {
  return (
    <div className="flex h-dvh w-full flex-col overflow-hidden bg-bg">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border bg-surface px-3">
        <GuestHomeLink />
        <div className="ml-auto flex items-center gap-1">
          <ThemeToggleButton />
          <Link
            to="/login"
            className="inline-flex h-9 items-center rounded-md px-2.5 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg"
          >
            Sign in
          </Link>
          <Link
            to="/signup"
            className="inline-flex h-9 items-center justify-center rounded-md bg-accent px-3 text-sm font-medium text-accent-fg hover:bg-accent-hover"
          >
            Sign up free
          </Link>
        </div>
      </header>
      <main id="main" className="min-w-0 flex-1 overflow-y-auto overflow-x-hidden">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** The logo and name, leading a guest to sign in (the sidebar and the phone's top bar). */
function GuestHomeLink() {
  return (
    <Link to="/login" aria-label="Lumen, sign in" className="flex items-center gap-2.5 rounded-md">
      <LogoMark />
      <span className="text-[15px] font-semibold tracking-tight text-fg">Lumen</span>
    </Link>
  );
}
