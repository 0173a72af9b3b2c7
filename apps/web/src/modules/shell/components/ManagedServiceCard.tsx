import { Headset } from 'lucide-react';
import { Link } from 'react-router-dom';

export function ManagedServiceCard() {
  return (
    <section
      aria-label="Managed Service"
      className="rounded-xl border border-border bg-surface-2 p-3.5"
    >
      <div className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-accent-text">
        <Headset aria-hidden="true" size={14} />
        Managed Service
      </div>
      <p className="mt-2 text-sm font-medium leading-snug text-fg">
        Need help with your visibility on AI platforms?
      </p>
      <Link
        to="/managed-service"
        className="mt-3 inline-flex h-8 w-full items-center justify-center rounded-md border border-border-strong bg-surface text-sm font-medium text-fg transition-colors duration-150 hover:bg-surface-3"
      >
        See more
      </Link>
    </section>
  );
}
