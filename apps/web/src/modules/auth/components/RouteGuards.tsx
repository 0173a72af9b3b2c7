import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../../ui/Spinner';
import { useAuth } from '../hooks/useAuth';
import { safeNextPath, signedOutDestination, trackQuickScorePath } from '../utils/nextPath';

/**
 * The main app needs a session. A guest at the site root lands on the free quick check; on any
 * other page they are sent to /login and brought back afterwards.
 */
export function RequireAuth() {
  const { session, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenSpinner label="Checking your session" />;
  if (!session) {
    return (
      <Navigate
        to={signedOutDestination(location.pathname, `${location.search}${location.hash}`)}
        replace
      />
    );
  }
  return <Outlet />;
}

/** /login and /signup are for signed-out visitors; a session goes straight on. */
export function RedirectIfSignedIn() {
  const { session, loading } = useAuth();
  const [params] = useSearchParams();
  if (loading) return <FullScreenSpinner label="Checking your session" />;
  if (session) {
    const quickScore = params.get('quickScore');
    const next = params.get('next') ?? (quickScore ? trackQuickScorePath(quickScore) : null);
    return <Navigate to={safeNextPath(next)} replace />;
  }
  return <Outlet />;
}
