import { Outlet } from 'react-router-dom';
import { AuthProvider } from './AuthProvider';

/** Loaded lazily so supabase-js stays out of the public quick-score bundle. */
export function AuthRoot() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
