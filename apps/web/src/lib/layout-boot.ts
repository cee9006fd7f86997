import type { LayoutSetting } from '@ledgerdesk/contracts';
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/**
 * The part of the layout settings the entry chunk needs: put the locally saved settings on <html>
 * before React renders (the CSP allows no inline script), and tie Mantine's colour scheme to the
 * `theme` setting. Deliberately free of the contracts' schemas (and so of zod): the login page loads
 * this. lib/preferences.ts (loaded with the signed-in shell) validates the values with
 * parsePreferences and keeps the settings from then on.
 */

export const PREFERENCES_STORAGE_KEY = 'ledgerdesk.preferences';

/** The attribute on <html> of each setting. */
export const layoutAttributes: { [K in LayoutSetting]: string } = {
  layout: 'data-layout',
  theme: 'data-theme',
  sidebarSize: 'data-sidebar-size',
  sidebarVisibility: 'data-sidebar-visibility',
  sidebarColor: 'data-sidebar-color',
  sidebarImage: 'data-sidebar-image',
  width: 'data-layout-width',
  position: 'data-layout-position',
  topbar: 'data-topbar',
  preloader: 'data-preloader',
};

export function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Puts `layout` on <html>; the theme also becomes Mantine's colour scheme. */
export function applyLayoutAttributes(layout: Partial<Record<LayoutSetting, unknown>>) {
  const root = document.documentElement;
  for (const [setting, attribute] of Object.entries(layoutAttributes)) {
    const value = layout[setting as LayoutSetting];
    // Only what looks like a setting value; lib/preferences.ts then replaces anything unknown.
    if (typeof value === 'string' && /^[a-z0-9-]{1,20}$/.test(value)) root.setAttribute(attribute, value);
    else root.removeAttribute(attribute);
  }
  const scheme = layout.theme === 'dark' ? 'dark' : 'light';
  root.setAttribute('data-mantine-color-scheme', scheme);
  root.style.colorScheme = scheme;
}

/** Applies the settings saved by the last visit: main.tsx calls it before the first render. */
export function applyStoredLayout() {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorageOrNull()?.getItem(PREFERENCES_STORAGE_KEY) ?? 'null');
  } catch {
    stored = null;
  }
  const layout =
    typeof stored === 'object' && stored !== null && 'layout' in stored && typeof stored.layout === 'object'
      ? (stored.layout as Record<string, unknown> | null)
      : null;
  applyLayoutAttributes(layout ?? {});
}

let themeSetter: ((scheme: 'light' | 'dark') => void) | undefined;

/** Registered by lib/preferences.ts: how a colour scheme change from Mantine becomes a setting. */
export function onColorSchemeSet(setter: (scheme: 'light' | 'dark') => void) {
  themeSetter = setter;
}

/**
 * Mantine's colour scheme is the `theme` setting. The attribute on <html> (set above) is what
 * switches every style, so Mantine is not told of a change: its own state would only re-render
 * every component, and no component the app uses reads it (the 50 ms budget of a layout switch).
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  get: () => (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light'),
  set: (value: MantineColorScheme) => {
    if (value === 'light' || value === 'dark') themeSetter?.(value);
  },
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};
