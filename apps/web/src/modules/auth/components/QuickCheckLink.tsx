import { Gauge } from 'lucide-react';
import { Link } from 'react-router-dom';
import { QUICK_CHECK_PATH } from '../utils/nextPath';

/** The free quick check needs no account: sign-in and sign-up offer it to whoever is not ready. */
export function QuickCheckLink() {
  return (
    <Link
      to={QUICK_CHECK_PATH}
      className="mt-4 flex items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3 text-left hover:border-border-strong"
    >
      <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-text">
        <Gauge aria-hidden="true" size={16} />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-sm font-medium text-fg">Check your brand for free</span>
        <span className="text-xs text-muted">
          Ask AI engines about your category and get an explained score, no account needed.
        </span>
      </span>
    </Link>
  );
}
