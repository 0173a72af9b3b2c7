import { useEffect } from 'react';

const UNSAVED_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

const GUARD = 'lumenUnsavedGuard';

function onGuardEntry(): boolean {
  const state = window.history.state as Record<string, unknown> | null;
  return Boolean(state && state[GUARD] === true);
}

/**
 * Keeps unsaved form changes from being lost by a mistaken navigation: closing or reloading the
 * tab asks the browser's question; a click on an in-app link and the browser's Back button ask
 * ours first.
 *
 * Back: while the form is dirty, a copy of the current history entry sits on top (same URL, so
 * the router sees no change). Back pops that copy, and we ask: stay → put the copy back; leave →
 * go back once more for real. The app uses a declarative router, whose `useBlocker` needs a data
 * router that would add ~10 KB gzip to the public quick-check bundle (docs/brands.md).
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    let leaving = false;
    const pushGuard = () =>
      window.history.pushState(
        { ...(window.history.state as object | null), [GUARD]: true },
        '',
        window.location.href,
      );
    if (!onGuardEntry()) pushGuard();

    const onPopState = () => {
      if (leaving || onGuardEntry()) return;
      if (window.confirm(UNSAVED_MESSAGE)) {
        leaving = true;
        window.history.back();
      } else {
        pushGuard();
      }
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      if (link.origin !== window.location.origin) return;
      if (link.pathname === window.location.pathname) return;
      if (!window.confirm(UNSAVED_MESSAGE)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('popstate', onPopState);
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      // Still on our copy (the form became clean, e.g. saved or reset): drop it, so Back needs
      // one press, not two.
      if (!leaving && onGuardEntry()) window.history.back();
    };
  }, [dirty]);
}
