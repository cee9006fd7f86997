import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

// The API server the dev server forwards /api to; `npm run dev` starts it on API_PORT.
const apiPort = process.env.API_PORT || '3000';
const proxy = { '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true } };

// Mode "demo" (`npm run demo`, scripts/demo/build.ts): the browser-only demo, its mock backend in
// the page, served from DEMO_BASE ("/" by default) by any static server.
export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: mode === 'demo' ? (process.env.DEMO_BASE ?? '/') : '/',
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore: the shim react-i18next imports for older React is dead weight.
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: mode === 'demo' ? 'dist-demo' : 'dist',
    emptyOutDir: true,
    // Above this a chunk is worth a look: the login page has a budget of 150 KB gzip in total.
    chunkSizeWarningLimit: 400,
    modulePreload: {
      // Every browser the app supports preloads modules natively: no polyfill in the entry.
      polyfill: false,
      // The entry lists no chunks for its lazy imports to preload: those lists (one per route, each
      // naming every chunk the route needs) were ~3 KB gzip of the login page's script, growing with
      // every route; CSS is still preloaded. The shell's route table (the `areas` chunk, loaded once
      // signed in) keeps its lists: a page's chunks are then all requested as soon as it is opened,
      // not one level after another as each arrives (a page five imports deep took five round
      // trips, and seconds on a busy machine).
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && /(^|\/)index-[\w-]+\.js$/.test(hostId)
          ? deps.filter((dep) => dep.endsWith('.css'))
          : deps,
    },
    rolldownOptions: {
      output: {
        // Everything the entry needs stays in the one entry file (index-<hash>.js). By default
        // Rolldown moves modules shared with lazy routes (React, Mantine's core) to common chunks
        // the entry then imports; if those failed to load (a deployment removed them), nothing
        // could render, not even the "could not be loaded" page with its Reload button.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The areas' registrations (app/areas.ts and each features/<f>/area.ts) and the route table
            // built from them, in one file loaded with the shell: each area.ts is also imported by its
            // feature's definition, which would otherwise give every one a chunk of its own.
            {
              name: 'areas',
              test: /\/(features\/[\w-]+\/area|app\/areas|app\/routes|resources\/(area|routes)|app\/shell\/navigation|lib\/route-handle)\.tsx?$/,
            },
            // The form controls the sign-in pages share with the shell and its pages: a file of their
            // own, so that the dashboard does not fetch the sign-in pages to get them. Before 'auth': a
            // group takes the dependencies of what it matches, unless an earlier group took them.
            {
              name: 'controls',
              test: /\/components\/Logo\.|@mantine\/core\/esm\/components\/(Input|InputBase|TextInput|PasswordInput|ActionIcon|CloseButton|Anchor|Paper|Alert)\/|@mantine\/hooks\/esm\/(use-id|use-uncontrolled)\/|@mantine\/core\/esm\/core\/utils\/random-id\/|icons-react\/dist\/esm\/icons\/Icon(AlertCircle|CircleCheck)\./,
            },
            // The sign-in pages' own code, in one file: fewer requests, and one compressed file is
            // smaller than a dozen small ones. Not features/auth/api: the shell signs out with it.
            {
              name: 'auth',
              test: /\/features\/auth\/(AuthCard|notice)\./,
            },
          ],
        },
      },
    },
  },
}));
