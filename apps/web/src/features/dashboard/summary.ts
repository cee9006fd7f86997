import type { DashboardWidget } from '@ledgerdesk/contracts';
import type { TFunction } from 'i18next';
import { formatBucket, formatFigure } from '../../lib/format';
import type { Words } from './words';

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

function largest<T>(entries: T[], value: (entry: T) => number): T | undefined {
  return entries.reduce<T | undefined>(
    (best, entry) => (!best || value(entry) > value(best) ? entry : best),
    undefined,
  );
}

/**
 * What a chart shows, in a sentence or two, for screen readers: how many figures, their total and
 * the highest ("Invoices issued: 12 periods. Issued: total $150.50, highest Nov 2026 ($40.00).").
 */
export function summaryOf(widget: DashboardWidget, words: Words, t: TFunction<'dashboard'>): string {
  const title = words.title(widget.id);
  switch (widget.kind) {
    case 'series': {
      const lines = widget.series.map((series) => {
        const unit = series.unit ?? widget.unit;
        const top = largest(
          series.values.map((value, index) => ({ value, index })),
          (entry) => entry.value,
        );
        return t('summary.seriesLine', {
          name: words.series(series.key),
          total: formatFigure(series.total, unit),
          bucket: top ? formatBucket(widget.buckets[top.index] ?? '', widget.bucket) : '—',
          value: formatFigure(top?.value ?? 0, unit),
        });
      });
      return [t('summary.series', { title, count: widget.buckets.length }), ...lines].join(' ');
    }
    case 'breakdown': {
      const top = largest(widget.items, (item) => item.value);
      if (!top) return t('summary.empty', { title });
      return t('summary.breakdown', {
        title,
        count: widget.items.length,
        total: formatFigure(sum(widget.items.map((item) => item.value)), widget.unit),
        name: words.item(top),
        value: formatFigure(top.value, widget.unit),
      });
    }
    case 'heatmap': {
      const cells = widget.values.flatMap((values, day) =>
        values.map((value, column) => ({ value, day, column })),
      );
      const top = largest(cells, (cell) => cell.value);
      return t('summary.heatmap', {
        title,
        total: formatFigure(sum(cells.map((cell) => cell.value)) + widget.outside, widget.unit),
        outside: formatFigure(widget.outside, widget.unit),
        day: top ? words.days[top.day] : '—',
        hour: top ? words.hour(widget.hours[top.column] ?? 0) : '—',
        value: formatFigure(top?.value ?? 0, widget.unit),
      });
    }
    default:
      return title;
  }
}
