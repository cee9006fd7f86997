import type { DashboardWidget, FigureUnit, tableCellTypes } from '@ledgerdesk/contracts';
import { formatBucket, formatDate, formatDateTime, formatFigure } from '../../lib/format';
import type { Words } from './words';

export type CellType = (typeof tableCellTypes)[number] | FigureUnit;
export type Cell = string | number | null;

/**
 * A widget's figures as a table: what "Show as table" shows and what the chart's summary reads (the
 * CSV is the server's, from the same figures). Cells keep their raw values; `formatCell` shows them.
 */
export interface Figures {
  columns: { key: string; label: string; type: CellType }[];
  rows: { key: string; cells: Cell[]; href?: string }[];
}

export function figuresOf(widget: DashboardWidget, words: Words): Figures {
  switch (widget.kind) {
    case 'kpi':
      return {
        columns: [
          { key: 'figure', label: words.column('figure'), type: 'text' },
          { key: 'value', label: words.column('value'), type: widget.unit },
          { key: 'previous', label: words.column('previous'), type: widget.unit },
          { key: 'change', label: words.column('change'), type: 'percent' },
        ],
        rows: [
          {
            key: widget.id,
            cells: [words.title(widget.id), widget.counter, widget.previous, widget.percentage],
          },
        ],
      };
    case 'series':
      return {
        columns: [
          { key: 'bucket', label: words.column('bucket'), type: 'text' },
          ...widget.series.map((series) => ({
            key: series.key,
            label: words.series(series.key),
            type: series.unit ?? widget.unit,
          })),
        ],
        rows: widget.buckets.map((start, index) => ({
          key: start,
          cells: [
            formatBucket(start, widget.bucket),
            ...widget.series.map((series) => series.values[index] ?? null),
          ],
        })),
      };
    case 'breakdown': {
      const counted = widget.items.some((item) => item.count !== undefined) && widget.unit !== 'count';
      return {
        columns: [
          { key: 'item', label: words.column('item'), type: 'text' },
          { key: 'value', label: words.column('value'), type: widget.unit },
          ...(counted ? [{ key: 'count', label: words.column('count'), type: 'count' as const }] : []),
        ],
        rows: widget.items.map((item) => ({
          key: item.key,
          cells: [words.item(item), item.value, ...(counted ? [item.count ?? null] : [])],
          href: item.href,
        })),
      };
    }
    case 'heatmap':
      return {
        columns: [
          { key: 'day', label: words.column('day'), type: 'text' },
          ...widget.hours.map((hour) => ({ key: String(hour), label: words.hour(hour), type: widget.unit })),
        ],
        rows: widget.values.map((values, day) => ({
          key: String(day),
          cells: [words.days[day] ?? '', ...values],
        })),
      };
    case 'table':
      return {
        columns: widget.columns.map((column) => ({
          key: column.key,
          label: words.column(column.key),
          type: column.type,
        })),
        rows: widget.rows.map((row) => ({
          key: row.key,
          cells: widget.columns.map((column) => row.cells[column.key] ?? null),
          href: row.href,
        })),
      };
  }
}

/** A cell as the reader sees it, in their language. */
export function formatCell(value: Cell, type: CellType, words: Words): string {
  if (value === null || value === '') return '—';
  switch (type) {
    case 'money':
    case 'euro':
    case 'btc':
    case 'eth':
    case 'count':
    case 'percent':
    case 'days':
      return typeof value === 'number' ? formatFigure(value, type) : String(value);
    case 'progress':
      return typeof value === 'number' ? formatFigure(value, 'percent', { decimals: 0 }) : String(value);
    case 'date':
      return formatDate(String(value));
    case 'datetime':
      return formatDateTime(String(value));
    case 'status':
      return words.status(String(value));
    default:
      return String(value);
  }
}

/** Right-aligned in tables: figures. */
export const isNumeric = (type: CellType) =>
  ['money', 'euro', 'btc', 'eth', 'count', 'percent', 'days', 'progress'].includes(type);
