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
  return (
    <div className="relative flex h-dvh w-full overflow-hidden bg-bg">
      <aside
        aria-label="Sidebar"
        className={`flex h-full shrink-0 flex-col border-r border-border bg-surface ${compact ? 'w-20' : 'w-64'}`}
      >
        <div
          className={`flex h-14 items-center gap-2 border-b border-border ${compact ? 'justify-center px-2' : 'px-4'}`}
        >
          <Link
            to="/login"
            aria-label="Lumen, sign in"
            className="flex items-center gap-2.5 rounded-md"
          >
            <LogoMark />
            {compact ? null : (
              <span className="text-[15px] font-semibold tracking-tight text-fg">Lumen</span>
            )}
          </Link>
          {compact ? null : (
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
          )}
        </div>
        <nav aria-label="Main" className="flex flex-1 flex-col gap-0.5 overflow-y-auto p-3">
          <NavLink
            to="/visibility/quick-score"
            title={compact ? 'Visibility Score' : undefined}
            className={({ isActive }) => navItemClass(isActive, compact)}
          >
            <Gauge aria-hidden="true" size={18} className="shrink-0" />
            <span className={compact ? 'sr-only' : 'truncate'}>Visibility Score</span>
          </NavLink>
          <div
            className={`mt-4 mb-1.5 text-[11px] font-semibold uppercase tracking-wider text-subtle ${compact ? 'sr-only' : 'px-2.5'}`}
          >
            With an account
          </div>
          {LOCKED_ITEMS.map((item) => (
            <Tooltip key={item.label} content={LOCKED_TOOLTIP}>
              {(tooltipProps) => (
                <Link
                  to="/signup"
                  {...tooltipProps}
                  aria-label={`${item.label} (locked)`}
                  className={`${navItemClass(false, compact)} text-subtle`}
                >
                  <item.icon aria-hidden="true" size={18} className="shrink-0" />
                  {compact ? null : <span className="truncate">{item.label}</span>}
                  <Lock
                    aria-hidden="true"
                    size={compact ? 10 : 13}
                    className={compact ? 'absolute right-1.5 bottom-1.5' : 'ml-auto'}
                  />
                </Link>
              )}
            </Tooltip>
          ))}
        </nav>
        <div className="flex flex-col gap-3 border-t border-border p-3">
          {compact ? null : (
            <Link
              to="/signup"
              className="inline-flex h-9 items-center justify-center rounded-md bg-accent px-3 text-sm font-medium text-accent-fg hover:bg-accent-hover"
            >
              Sign up free
            </Link>
          )}
          {compact ? (
            <div className="flex justify-center">
              <ThemeToggleButton />
            </div>
          ) : null}
          <div
            className={`flex items-center gap-2.5 rounded-lg ${compact ? 'justify-center p-1.5' : 'p-2'}`}
          >
            <span
              aria-hidden="true"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-surface-3 text-xs font-semibold text-muted"
            >
              G
            </span>
            <span className={compact ? 'sr-only' : 'flex min-w-0 flex-col'}>
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
