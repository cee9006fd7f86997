import { type DashboardName, dashboardCatalogue } from '@ledgerdesk/contracts';
import { describe, expect, it, vi } from 'vitest';
import { layouts } from './layouts';

// The formatters only need the language; the i18n module itself needs a browser.
vi.mock('../../i18n', () => ({ currentLanguage: () => 'en' }));

describe('layouts', () => {
  it('place every widget of every dashboard exactly once', () => {
    for (const name of Object.keys(dashboardCatalogue) as DashboardName[]) {
      const placed = layouts[name].flat().map(([id]) => id);
      expect(placed.toSorted(), name).toEqual(Object.keys(dashboardCatalogue[name]).toSorted());
    }
  });
});
