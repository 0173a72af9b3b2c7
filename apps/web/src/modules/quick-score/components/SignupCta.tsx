import { ArrowRight, CalendarClock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';

export function signupHref(requestId: string) {
  return `/signup?${new URLSearchParams({ quickScore: requestId }).toString()}`;
}

export function SignupCta({ requestId, brandName }: { requestId: string; brandName: string }) {
  return (
    <section
      aria-labelledby="track-heading"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-accent/40 bg-accent-soft p-5"
    >
      <div className="flex min-w-0 items-start gap-3">
        <CalendarClock aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-accent-text" />
        <div className="min-w-0">
          <h2 id="track-heading" className="text-sm font-semibold text-fg">
            Track {brandName} every day
          </h2>
          <p className="text-sm text-muted">
            A free account re-runs these questions daily, tells you what moved and turns gaps into
            content. This check comes with you.
          </p>
        </div>
      </div>
      <Link to={signupHref(requestId)} className={buttonClass.primary}>
        Track this brand daily
        <ArrowRight aria-hidden="true" size={16} />
      </Link>
    </section>
  );
}
