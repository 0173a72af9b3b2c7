import { Compass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-bg px-6 text-center">
      <div className="flex h-12 w-12 items-center justify-center rounded-xl bg-accent-soft text-accent-text">
        <Compass aria-hidden="true" size={24} />
      </div>
      <p className="text-sm font-medium tabular-nums text-subtle">404</p>
      <h1 className="text-2xl font-semibold tracking-tight text-fg">Page not found</h1>
      <p className="max-w-sm text-sm text-muted">
        The address may be mistyped, or the page has moved. Check the URL or go back to your
        dashboard.
      </p>
      <div className="flex gap-2">
        <Link to="/" className={buttonClass.primary}>
          Go to dashboard
        </Link>
        <Link to="/visibility/quick-score" className={buttonClass.secondary}>
          Check a brand's visibility
        </Link>
      </div>
    </main>
  );
}
