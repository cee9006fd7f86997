import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server the dev server forwards /api to; `npm run dev` starts it on API_PORT.
const apiPort = process.env.API_PORT || '3000';
const proxy = { '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Above this a chunk is worth a look: the login page has a budget of 150 KB gzip in total.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      treeshake: {
        // The contracts package builds zod schemas at the top level of its modules, so without this
        // hint every importer of `messages` would pull all schemas and zod into its chunk. The
        // modules do nothing but define exports. (Remove once packages/contracts declares
        // "sideEffects": false.)
        moduleSideEffects: (id) => (id.includes('/packages/contracts/src/') ? false : undefined),
      },
    },
  },
});
