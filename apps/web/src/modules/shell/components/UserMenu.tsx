import { useQuery } from '@apollo/client/react';
import { Building2, Check, CircleHelp, History, LogOut, Plug, Settings } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { selectedWorkspaceId, switchWorkspace } from '../../../app/workspaceSelection';
import { Skeleton } from '../../../ui/Skeleton';
import { offersAgencyView } from '../../agency/utils/agencyRows';
import { useAuth } from '../../auth/hooks/useAuth';
import { ViewerQuery } from '../graphql/viewer';
import { currentWorkspace } from '../utils/currentWorkspace';
import { formatPlan, initialsOf } from '../utils/formatPlan';

const ITEMS = [
  { label: 'Settings', to: '/settings', icon: Settings },
  { label: 'Integrations', to: '/integrations', icon: Plug },
  { label: 'Activity log', to: '/logs', icon: History },
  { label: 'Help & Support', to: '/help', icon: CircleHelp },
] as const;

export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { user, signOut } = useAuth();
  const { data, loading } = useQuery(ViewerQuery);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const email = data?.me.email ?? user?.email ?? '';
  const workspaces = data?.me.workspaces ?? [];
  const workspace = currentWorkspace(workspaces, selectedWorkspaceId());
  // No plan is shown rather than a guessed one when the API has not answered, nor on an
  // instance that sells no plans (planName null).
  const plan = workspace?.planName ? formatPlan(workspace.planName) : null;

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target))
        setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? items[0] : items[items.length - 1])?.focus();
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const logOut = async () => {
    setOpen(false);
    try {
      await signOut();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not sign out.');
      return;
    }
    navigate('/login', { replace: true });
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={email || 'Account'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={`flex w-full items-center gap-2.5 rounded-lg text-left transition-colors duration-150 hover:bg-surface-2 ${
          collapsed ? 'justify-center p-1.5' : 'p-2'
        } ${open ? 'bg-surface-2' : ''}`}
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-semibold text-accent-text"
        >
          {initialsOf(email)}
        </span>
        {collapsed ? null : (
          <span className="flex min-w-0 flex-col" aria-hidden="true">
            <span className="truncate text-sm font-medium text-fg">{email}</span>
            {loading && !data ? (
              <Skeleton className="mt-1 h-3 w-16" />
            ) : plan ? (
              <span className="truncate text-xs text-muted">{plan}</span>
            ) : null}
          </span>
        )}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className={`absolute bottom-full z-50 mb-2 w-60 rounded-lg border border-border-strong bg-surface p-1 shadow-pop ${
            collapsed ? 'left-0' : 'left-0 right-0 w-auto'
          }`}
        >
          <div className="border-b border-border px-2.5 pb-2 pt-1.5" role="none">
            <p className="truncate text-sm font-medium text-fg">{email}</p>
            {plan ? <p className="text-xs text-muted">{plan}</p> : null}
          </div>
          {offersAgencyView(workspaces) ? (
            <div className="flex flex-col border-b border-border py-1" role="none">
              {workspaces.map((w) => (
                <button
                  key={w.id}
                  type="button"
                  role="menuitemradio"
                  aria-checked={w.id === workspace?.id}
                  tabIndex={-1}
                  onClick={() => {
                    setOpen(false);
                    if (w.id !== workspace?.id) switchWorkspace(w.id);
                  }}
                  className="flex h-8 items-center gap-2.5 rounded-md px-2.5 text-left text-sm text-muted hover:bg-surface-2 hover:text-fg focus-visible:bg-surface-2 focus-visible:text-fg"
                >
                  <Check
                    aria-hidden="true"
                    size={15}
                    className={w.id === workspace?.id ? 'text-accent-text' : 'invisible'}
                  />
                  <span className="truncate">{w.name}</span>
                </button>
              ))}
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  navigate('/agency');
                }}
                className="flex h-8 items-center gap-2.5 rounded-md px-2.5 text-left text-sm text-muted hover:bg-surface-2 hover:text-fg focus-visible:bg-surface-2 focus-visible:text-fg"
              >
                <Building2 aria-hidden="true" size={15} />
                Agency view: all workspaces
              </button>
            </div>
          ) : null}
          <div className="flex flex-col py-1" role="none">
            {ITEMS.map((item) => (
              <button
                key={item.to}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  navigate(item.to);
                }}
                className="flex h-8 items-center gap-2.5 rounded-md px-2.5 text-sm text-muted hover:bg-surface-2 hover:text-fg focus-visible:bg-surface-2 focus-visible:text-fg"
              >
                <item.icon aria-hidden="true" size={15} />
                {item.label}
              </button>
            ))}
          </div>
          <div className="border-t border-border pt-1" role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => void logOut()}
              className="flex h-8 w-full items-center gap-2.5 rounded-md px-2.5 text-sm text-muted hover:bg-surface-2 hover:text-fg focus-visible:bg-surface-2 focus-visible:text-fg"
            >
              <LogOut aria-hidden="true" size={15} />
              Log Out
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
