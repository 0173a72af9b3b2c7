import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { graphqlDocuments } from './scripts/graphqlDocuments';

// Icons the quick-check route uses (GuestLayout, ThemeToggleButton, QuickScorePage and the form
// it renders), by lucide's file name. An icon added there and missing here lands in the shared
// icons file, and the bundle bench (scripts/bench/bundle-size.bench.ts) shows the route grow.
const GUEST_ICONS = new RegExp(
  `lucide-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](${[
    'arrow-right',
    'bot',
    'chart-column',
    'gauge',
    'layout-dashboard',
    'lightbulb',
    'lock',
    'message-square-text',
    'moon',
    'plus',
    'sun',
    'tags',
    'x',
  ].join('|')})\\.mjs$`,
);

const gateway = process.env.LUMEN_GATEWAY_URL ?? 'http://localhost:4000';
const proxied = [
  '/graphql',
  '/export',
  '/crawlers',
  '/auth',
  '/config.json',
  '/healthz',
  '/readyz',
  '/admin',
  '/unsubscribe',
];

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
            // The icons of the public quick check (its layout, theme toggle and page) in a file of
            // their own, so that route does not load every icon the signed-in pages share.
            {
              name: 'guest-icons',
              test: GUEST_ICONS,
              minShareCount: 2,
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
