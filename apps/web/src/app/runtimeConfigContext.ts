import { createContext, useContext } from 'react';
import type { RuntimeConfig } from './runtimeConfig';

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const value = useContext(RuntimeConfigContext);
  if (!value) throw new Error('useRuntimeConfig must be used inside <RuntimeConfigContext>');
  return value;
}
