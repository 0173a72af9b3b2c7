import { useSyncExternalStore } from 'react';

const COMPACT_BREAKPOINT_PX = 700;
const query = `(max-width: ${COMPACT_BREAKPOINT_PX - 0.02}px)`;

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

/** True below 700 px: the sidebar shows icons only and hub panels overlay the page. */
export function useCompactMode(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
