import type { ReactNode } from 'react';

/** One titled block of a settings section. */
export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-border bg-surface px-5 py-2">
      <h2 className="border-b border-border py-3 text-sm font-semibold text-fg">{title}</h2>
      {children}
    </section>
  );
}
