import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Pinned to this folder so the build behaves the same whether it is started from here or from the
// repository root (`vite build --config dashboard/vite.config.ts`); the router plugin resolves its
// routes directory against this root too.
const root = fileURLToPath(new URL('.', import.meta.url));

// The Fastify server, which also serves the tracker and widget bundles in development.
const server = 'http://localhost:3000';

export default defineConfig({
  root,
  // The router plugin must run before React's so it can split route files before JSX is transformed.
  // Screens are split by hand (lib/routing/lazy-screen.ts) so that every lazy part shares the 120-second limit and the
  // "Loading chunk failed" view; route files stay small and load with the app.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: false }), react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/dashboard-chunks.mjs, which prints the chunk sizes and keeps the first load in budget.
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The trailing slash matters: `/api-count-report/…` is a dashboard route, not an API call.
      '/api/': server,
      '/t.js': server,
      '/widget.js': server,
    },
  },
});
