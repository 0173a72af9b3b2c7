// Class recipes rather than a component, so links and buttons share one look.
const base =
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium transition-colors duration-150 disabled:pointer-events-none disabled:opacity-50 whitespace-nowrap';

export const buttonClass = {
  primary: `${base} h-9 px-4 bg-accent text-accent-fg hover:bg-accent-hover`,
  secondary: `${base} h-9 px-4 border border-border-strong bg-surface text-fg hover:bg-surface-2`,
  ghost: `${base} h-9 px-3 text-muted hover:bg-surface-2 hover:text-fg`,
  icon: `${base} h-8 w-8 text-muted hover:bg-surface-2 hover:text-fg`,
} as const;

export const inputClass =
  'h-9 w-full rounded-md border border-border-strong bg-surface px-3 text-sm text-fg placeholder:text-subtle focus-visible:outline-2 focus-visible:outline-offset-0 aria-[invalid=true]:border-danger';
