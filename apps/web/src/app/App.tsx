import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPage } from './lazyPage';
import { AppRoutes } from './router';
import type { RuntimeConfig } from './runtimeConfig';
import { RuntimeConfigContext } from './runtimeConfigContext';

// sonner is not needed for the first paint; toasts only follow user actions.
const AppToaster = lazyPage(() => import('./AppToaster'), 'AppToaster');

export function App({ config, apollo }: { config: RuntimeConfig; apollo: ApolloClient }) {
  return (
    <ErrorBoundary>
      <RuntimeConfigContext.Provider value={config}>
        <ApolloProvider client={apollo}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
        </ApolloProvider>
      </RuntimeConfigContext.Provider>
    </ErrorBoundary>
  );
}
