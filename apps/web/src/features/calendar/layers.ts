import { type CalendarLayerItem, type CalendarLayers, calendarLayerNames } from '@ledgerdesk/contracts';
import { useState } from 'react';
import { localStorageOrNull } from '../../lib/layout-boot';

export type LayerName = (typeof calendarLayerNames)[number];
export type LayerToggles = Record<LayerName, boolean>;

const STORAGE_KEY = 'ledgerdesk.calendar.layers';

function readToggles(): LayerToggles {
  const toggles: LayerToggles = { tasks: false, invoices: false };
  try {
    const stored: unknown = JSON.parse(localStorageOrNull()?.getItem(STORAGE_KEY) ?? 'null');
    if (typeof stored === 'object' && stored !== null)
      for (const name of calendarLayerNames)
        toggles[name] = (stored as Record<string, unknown>)[name] === true;
  } catch {
    // Unreadable: every layer off.
  }
  return toggles;
}

/** Which read-only layers are shown, remembered in this browser. */
export function useLayerToggles() {
  const [toggles, setToggles] = useState(readToggles);
  const toggle = (name: LayerName, on: boolean) =>
    setToggles((current) => {
      const next = { ...current, [name]: on };
      try {
        localStorageOrNull()?.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // A full or blocked storage only forgets the choice.
      }
      return next;
    });
  return { toggles, toggle };
}

/** A layer's items as read-only all-day calendar entries, drawn apart from events (`kind`). */
export function layerEntries(
  layers: CalendarLayers | undefined,
  toggles: LayerToggles,
  label: (name: LayerName, title: string) => string,
) {
  return calendarLayerNames.flatMap((name) =>
    toggles[name]
      ? (layers?.[name] ?? []).map((item: CalendarLayerItem) => ({
          id: `${name}:${item.id}`,
          title: label(name, item.title),
          start: item.date,
          allDay: true,
          editable: false,
          display: 'list-item',
          color: 'var(--mantine-color-gray-6)',
          className: 'layer',
          extendedProps: { layer: name, href: item.url },
        }))
      : [],
  );
}
