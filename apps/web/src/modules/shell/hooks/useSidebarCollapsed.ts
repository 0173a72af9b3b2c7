import { useCallback, useState } from 'react';

const KEY = 'lumen-sidebar-collapsed';

export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(KEY) === '1';
    } catch {
      return false;
    }
  });
  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      const next = !previous;
      try {
        localStorage.setItem(KEY, next ? '1' : '0');
      } catch {
        // Not persisted; the toggle still works for this page view.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
