import type { SupabaseClient } from '@supabase/supabase-js';
import { useContext } from 'react';
import { AuthContext, type AuthContextValue, SupabaseContext } from '../authContext';

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

export function useSupabase(): SupabaseClient {
  const value = useContext(SupabaseContext);
  if (!value) throw new Error('useSupabase must be used inside <AuthProvider>');
  return value;
}
