import { type DashboardName, dashboardCatalogue } from '@ledgerdesk/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type Figures, toCsv } from './figures';
import { layouts } from './layouts';

// The formatters only need the language; the i18n module itself needs a browser.
vi.mock('../../i18n', () => ({ currentLanguage: () => 'en' }));

describe('toCsv', () => {
  it('quotes fields holding commas, quotes or line breaks, keeps numbers raw and formulas as text', () => {
    const figures: Figures = {
      columns: [
        { key: 'item', label: 'Item', type: 'text' },
        { key: 'value', label: 'Value, in $', type: 'money' },
      ],
      rows: [
        { key: 'a', cells: ['Roads, "north"', 1234.5] },
        { key: 'b', cells: ['Two\nlines', null] },
        { key: 'c', cells: ['=SUM(A1)', -3] },
      ],
    };
    expect(toCsv(figures)).toBe(
      'Item,"Value, in $"\r\n"Roads, ""north""",1234.5\r\n"Two\nlines",\r\n\'=SUM(A1),-3\r\n',
    );
  });
});

describe('layouts', () => {
  it('place every widget of every dashboard exactly once', () => {
    for (const name of Object.keys(dashboardCatalogue) as DashboardName[]) {
      const placed = layouts[name].flat().map(([id]) => id);
      expect(placed.toSorted(), name).toEqual(Object.keys(dashboardCatalogue[name]).toSorted());
    }
  });
});
