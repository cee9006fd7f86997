// Before the page paints: the colour scheme saved by the last visit goes on <html>, so the boot
// screen of index.html is already dark for the dark theme (the app's own script arrives later; the
// Content-Security-Policy allows no inline script). src/lib/layout-boot.ts applies the rest.
try {
  const saved = JSON.parse(localStorage.getItem('ledgerdesk.preferences') || 'null');
  if (saved?.layout?.theme === 'dark') document.documentElement.setAttribute('data-theme', 'dark');
} catch {
  // No storage, or unreadable: the light boot screen.
}
