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

createRoot(container).render(
  <StrictMode>
    <Providers>
      {/* Until the shared strings (namespace `common`) have arrived: the same spinner as the boot screen. */}
      <Suspense fallback={<FullScreenLoader />}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  </StrictMode>,
);
