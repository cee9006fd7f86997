import {
  type Density,
  defaultPreferences,
  type LayoutSettings,
  type Preferences,
  parsePreferences,
  type WeekStart,
} from '@ledgerdesk/contracts';
import { useSyncExternalStore } from 'react';
import { detectLanguage, setLanguage } from '../i18n';
import { api } from './api';
import {
  applyLayoutAttributes,
  localStorageOrNull,
  onColorSchemeSet,
  PREFERENCES_STORAGE_KEY,
} from './layout-boot';
import { getSession } from './session';

/**
 * The user's preferences (layout settings, language, list density and the calendar's first day of the week), loaded with the signed-in shell: kept
 * here, applied as data attributes on <html> (lib/layout-boot.ts), mirrored in localStorage (so
 * the next visit paints right before React renders) and saved to the server while signed in.
 */

const PATH = '/users/me/preferences/';
const SAVE_DELAY_MS = 400;

type Listener = () => void;
const listeners = new Set<Listener>();
let saveTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped on every local change: a server answer older than a local change does not overwrite it. */
let revision = 0;

function readStored(): Preferences {
  let stored: Preferences;
  try {
    stored = parsePreferences(JSON.parse(localStorageOrNull()?.getItem(PREFERENCES_STORAGE_KEY) ?? 'null'));
  } catch {
    stored = defaultPreferences;
  }
  // The stored language, else the browser's (what the login page showed), until the account's arrives.
  return { ...stored, language: detectLanguage() };
}

function commit(next: Preferences) {
  current = next;
  applyLayoutAttributes(next.layout);
  void setLanguage(next.language);
  try {
    localStorageOrNull()?.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // A full or blocked storage only costs the first paint of the next visit.
  }
  for (const listener of listeners) listener();
}

// The locally saved copy, validated: anything unknown or invalid becomes its default.
let current: Preferences = readStored();
commit(current);
onColorSchemeSet((theme) => {
  if (theme !== current.layout.theme) setLayout({ theme });
});

export function getPreferences(): Preferences {
  return current;
}

export function subscribePreferences(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribePreferences, getPreferences, getPreferences);
}

function scheduleSave() {
  if (!getSession()) return;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    saveTimer = undefined;
    if (!getSession()) return;
    api.put(PATH, current).catch(() => {
      // Kept locally; the next change tries again.
    });
  }, SAVE_DELAY_MS);
}

/** Changes some layout settings: applied at once, saved shortly after. */
export function setLayout(change: Partial<LayoutSettings>) {
  revision += 1;
  commit(parsePreferences({ ...current, layout: { ...current.layout, ...change } }));
  scheduleSave();
}

/** Changes the language: shown at once (its strings load on demand), saved shortly after. */
export function setLanguagePreference(language: Preferences['language']) {
  revision += 1;
  commit({ ...current, language });
  scheduleSave();
}

/** Changes how tightly lists are drawn: applied at once, saved shortly after. */
export function setDensity(density: Density) {
  revision += 1;
  commit({ ...current, density });
  scheduleSave();
}

/** Changes the calendar's first day of the week: applied at once, saved shortly after. */
export function setWeekStart(weekStart: WeekStart) {
  revision += 1;
  commit({ ...current, weekStart });
  scheduleSave();
}

export function resetLayout() {
  setLayout(defaultPreferences.layout);
}

/** Fetches the signed-in user's saved preferences and applies them (on app load and after sign-in). */
export async function loadServerPreferences(): Promise<void> {
  if (!getSession()) return;
  const asked = revision;
  try {
    const saved = await api.get<unknown>(PATH);
    if (asked === revision && saveTimer === undefined) commit(parsePreferences(saved));
  } catch {
    // The local copy stays in use.
  }
}
