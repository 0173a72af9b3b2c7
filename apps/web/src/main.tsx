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
