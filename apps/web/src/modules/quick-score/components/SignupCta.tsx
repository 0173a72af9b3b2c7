import { ArrowRight, CalendarClock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { trackQuickScorePath } from '../../auth/utils/nextPath';

function signupHref(requestId: string) {
  return `/signup?${new URLSearchParams({ quickScore: requestId }).toString()}`;
}

/** The guest layout has no auth provider; a stored session is enough to offer the direct path. */
function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem('lumen-auth-token') !== null;
  } catch {
    return false;
  }
}

export function SignupCta({ requestId, brandName }: { requestId: string; brandName: string }) {
  const signedIn = hasStoredSession();
  return (
    <section
      aria-labelledby="track-heading"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-accent/40 bg-accent-soft p-5"
    >
      <div className="flex min-w-0 items-start gap-3">
        <CalendarClock aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-accent-text" />
        <div className="min-w-0">
          <h2 id="track-heading" className="text-sm font-semibold text-fg">
            Track {brandName}
          </h2>
          <p className="text-sm text-muted">
            A free account keeps this check as the brand’s first measurement, measures it again
            every week, and leaves its questions and competitors ready to edit.
          </p>
        </div>
      </div>
      <Link
        to={signedIn ? trackQuickScorePath(requestId) : signupHref(requestId)}
        className={buttonClass.primary}
      >
        Track this brand
        <ArrowRight aria-hidden="true" size={16} />
      </Link>
    </section>
  );
}
