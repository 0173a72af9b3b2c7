import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const gateway = process.env.LUMEN_GATEWAY_URL ?? 'http://localhost:4000';
const proxied = ['/graphql', '/auth', '/config.json', '/healthz', '/readyz', '/admin'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
});
