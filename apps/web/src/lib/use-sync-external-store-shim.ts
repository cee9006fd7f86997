/**
 * react-i18next imports `use-sync-external-store/shim` (for React before 18); React 19 has the hook
 * itself, so vite.config.ts points that import here instead of bundling the shim into every page.
 */
export { useSyncExternalStore } from 'react';
