import '@fontsource-variable/inter';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initAnalytics } from './app/analytics';
import { createApolloClient } from './app/apollo';
import { initErrorReporting } from './app/errorReporting';
import { loadRuntimeConfig } from './app/runtimeConfig';
import { ErrorScreen } from './ui/ErrorScreen';

// A new deployment replaces the hashed chunks an open tab knows about; its next lazy page would
// fail to load. Reload once to pick up the new build instead of showing the error screen.
const CHUNK_RELOAD_KEY = 'lumen-chunk-reload-at';
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (Date.now() - last < 10_000) return;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

try {
  const config = await loadRuntimeConfig();
  initErrorReporting(config.sentryDsn);
  initAnalytics(config);
  root.render(
    <StrictMode>
      <App config={config} apollo={createApolloClient()} />
    </StrictMode>,
  );
} catch (error) {
  console.error('Lumen could not start', error);
  root.render(<ErrorScreen error={error} />);
}
