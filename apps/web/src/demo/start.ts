import { ws } from 'msw';
import { setupWorker } from 'msw/browser';
import { DemoData, inMemory } from './data';
import { demoHandlers } from './handlers';
import { indexedDbPersistence } from './persistence';
import type { DemoSnapshot } from './snapshot';

/** The mock's delay (SPEC §9: "minimal"), `VITE_DEMO_DELAY_MS` at build time. */
const DELAY_MS = Number(import.meta.env.VITE_DEMO_DELAY_MS ?? 150);

/**
 * The live connection (/api/live) in the demo: the socket is answered in the page and says it is
 * ready once authenticated, so the app shows no error and no endless "connecting"; nothing else
 * comes over it (the demo has one user, no one else's changes to announce).
 */
const live = ws.link(/\/api\/live$/);
const liveHandler = live.addEventListener('connection', ({ client }) => {
  client.addEventListener('message', (event) => {
    try {
      if (JSON.parse(String(event.data)).type === 'auth') client.send(JSON.stringify({ type: 'ready' }));
    } catch {
      // Not a message of the app's: nothing to answer.
    }
  });
});

let started: DemoData | null = null;

/**
 * Starts the mock backend before the app renders (main.tsx, demo build only): the snapshot of the
 * demo data (demo-data.json beside the app), this browser's changes over it (IndexedDB), and the
 * service worker that answers every /api call.
 */
export async function startDemo(): Promise<DemoData> {
  const base = import.meta.env.BASE_URL;
  const response = await fetch(`${base}demo-data.json`);
  if (!response.ok) throw new Error(`The demo data could not be loaded (${response.status}).`);
  // Without IndexedDB (a private window may refuse it) the changes last until the page is left.
  const persistence = await indexedDbPersistence().catch(() => inMemory());
  const data = new DemoData((await response.json()) as DemoSnapshot, persistence);
  await data.restore();
  const worker = setupWorker(...demoHandlers(data, DELAY_MS), liveHandler);
  await worker.start({
    serviceWorker: { url: `${base}mockServiceWorker.js`, options: { scope: base } },
    // Everything but /api (the app's own files) goes to the static server.
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  started = data;
  return data;
}

/** "Reset demo data": this browser's changes forgotten, and the app loaded again from the snapshot. */
export async function resetDemo() {
  await started?.clear();
  window.location.reload();
}
