import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { FullScreenLoader } from './components/FullScreenLoader';
import './i18n';
import { router } from './app/router';
import { applyStoredLayout } from './lib/layout-boot';

// Layout settings from the last visit, on <html> before the first render (no inline script: CSP).
applyStoredLayout();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The browser-only demo (`npm run demo`, mode "demo"): its mock backend starts before the first
// render, hence before the first request. The condition is a build-time constant: the normal build
// holds nothing of it. (No top-level await: the demo's chunk imports from this one.)
async function demoBanner() {
  if (import.meta.env.MODE !== 'demo') return null;
  const { startDemo } = await import('./demo/start');
  await startDemo();
  const { DemoBanner } = await import('./demo/DemoBanner');
  return <DemoBanner />;
}

// A demo that cannot start (its data missing) still renders: the app's calls then fail, and say so.
void demoBanner()
  .catch((error: unknown) => {
    console.error(error);
    return null;
  })
  .then((banner) =>
    createRoot(container).render(
      <StrictMode>
        <Providers>
          {/* Until the shared strings (namespace `common`) have arrived: the same spinner as the boot screen. */}
          <Suspense fallback={<FullScreenLoader />}>
            <RouterProvider router={router} />
            {banner}
          </Suspense>
        </Providers>
      </StrictMode>,
    ),
  );
