export function navItemClass(active: boolean, collapsed: boolean): string {
  const layout = collapsed ? 'justify-center px-0 w-11 mx-auto' : 'px-2.5 w-full';
  const tone = active ? 'bg-surface-3 text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg';
  return `group relative flex h-9 items-center gap-3 rounded-md text-sm font-medium transition-colors duration-150 ${layout} ${tone}`;
}

export function countBadgeClass(): string {
  return 'ml-auto min-w-5 rounded-full bg-surface-3 px-1.5 py-px text-center text-xs font-medium tabular-nums text-muted';
}
