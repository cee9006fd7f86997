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
      output: {
        // Everything the entry needs stays in the one entry file (index-<hash>.js). By default
        // Rolldown moves modules shared with lazy routes (React, Mantine's core) to common chunks
        // the entry then imports; if those failed to load (a deployment removed them), nothing
        // could render, not even the "could not be loaded" page with its Reload button.
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
