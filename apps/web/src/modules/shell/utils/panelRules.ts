export type HubPanel = 'brands' | 'publishing';

const SECTION_PREFIXES: Record<HubPanel, readonly string[]> = {
  brands: ['/campaigns'],
  publishing: ['/publishing', '/opportunities', '/content-gaps'],
};

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function sectionOf(pathname: string): HubPanel | null {
  for (const panel of ['brands', 'publishing'] as const) {
    if (SECTION_PREFIXES[panel].some((prefix) => isUnder(pathname, prefix))) return panel;
  }
  return null;
}

export function isDashboardPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/dashboard';
}

/**
 * Which hub panel stays open after navigating to `pathname`: it closes on route change
 * unless the new route is in the panel's own section or is the dashboard. In compact mode the panel
 * covers the page, so any navigation closes it.
 */
export function panelAfterNavigation(
  open: HubPanel | null,
  pathname: string,
  compact = false,
): HubPanel | null {
  if (open === null || compact) return null;
  if (isDashboardPath(pathname)) return open;
  return sectionOf(pathname) === open ? open : null;
}

/** Clicking a hub item opens its panel (replacing any other); clicking it again closes it. */
export function panelAfterToggle(open: HubPanel | null, clicked: HubPanel): HubPanel | null {
  return open === clicked ? null : clicked;
}
