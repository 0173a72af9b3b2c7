import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { graphqlDocuments } from './scripts/graphqlDocuments';

const gateway = process.env.LUMEN_GATEWAY_URL ?? 'http://localhost:4000';
const proxied = ['/graphql', '/export', '/auth', '/config.json', '/healthz', '/readyz', '/admin'];

export default defineConfig({
  plugins: [graphqlDocuments(), react(), tailwindcss()],
  // rxjs (Apollo's observables) publishes an ES2015 build next to its default ES5 one, which
  // down-levels classes and spreads through tslib.
  resolve: { conditions: [...defaultClientConditions, 'es2015'] },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(
      // /auth/callback is an SPA route; only /auth/v1 belongs to the gateway.
      proxied.map((path) => [
        path === '/auth' ? '/auth/v1' : path,
        { target: gateway, changeOrigin: false },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // Browsers without <link rel="modulepreload"> (Safari < 17, Firefox < 115) still load every
    // chunk, only without the head start; the polyfill is not worth its bytes on the entry.
    modulePreload: { polyfill: false },
    // Maps are written for error reports but not referenced, and the gateway never serves them.
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into one chunk: left to itself Rolldown
        // splits out each module a lazy page shares with it, and 40 small files gzip ~9 KB worse
        // than one (docs/benchmarks.md counts the quick-score route's gzip total).
        codeSplitting: {
          groups: [
            {
              name: 'initial',
              tags: ['$initial'],
              test: /[\\/](node_modules|src[\\/](app|ui|modules))[\\/]/,
            },
            // Lucide icons shared by lazy chunks, in one file rather than one file per icon.
            {
              name: 'icons',
              test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
