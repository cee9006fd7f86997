import type { DashboardWidget } from '@ledgerdesk/contracts';

/** Monday first, as the heatmap's rows. */
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type Cell = string | number | null;

/**
 * A widget's figures as the rows of its CSV (the header first): what the web's "Show as table"
 * shows, with stable column names (the widget's own keys) and raw values — numbers with dots for
 * decimals, bucket starts as ISO timestamps — so that a spreadsheet reads them as data.
 */
export function widgetRows(widget: DashboardWidget): Cell[][] {
  switch (widget.kind) {
    case 'kpi':
      return [
        ['figure', 'value', 'previous', 'change'],
        [widget.label, widget.counter, widget.previous, widget.percentage],
      ];
    case 'series':
      return [
        ['bucket', ...widget.series.map((series) => series.key)],
        ...widget.buckets.map((start, index) => [
          start,
          ...widget.series.map((series) => series.values[index] ?? null),
        ]),
      ];
    case 'breakdown': {
      const counted = widget.items.some((item) => item.count !== undefined) && widget.unit !== 'count';
      return [
        ['item', 'value', ...(counted ? ['count'] : [])],
        ...widget.items.map((item) => [
          item.label || item.key,
          item.value,
          ...(counted ? [item.count ?? null] : []),
        ]),
      ];
    }
    case 'heatmap':
      return [
        ['day', ...widget.hours.map((hour) => `${String(hour).padStart(2, '0')}:00`)],
        ...widget.values.map((values, day) => [DAYS[day] ?? '', ...values]),
      ];
    case 'table':
      return [
        widget.columns.map((column) => column.key),
        ...widget.rows.map((row) => widget.columns.map((column) => row.cells[column.key] ?? null)),
      ];
  }
}
