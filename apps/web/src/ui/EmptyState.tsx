import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
};

export function EmptyState({ icon: Icon, title, children, action }: EmptyStateProps) {
  return (
    <section className="flex flex-col items-center justify-center rounded-xl border border-dashed border-border-strong bg-surface px-6 py-14 text-center">
      <div className="mb-4 flex h-11 w-11 items-center justify-center rounded-lg bg-accent-soft text-accent-text">
        <Icon aria-hidden="true" size={22} />
      </div>
      <h2 className="text-base font-semibold text-fg">{title}</h2>
      <div className="mt-1.5 max-w-md text-sm text-muted">{children}</div>
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </section>
  );
}
