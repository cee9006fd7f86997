import type { BreakdownWidget, FigureUnit, HeatmapWidget, SeriesWidget } from '@ledgerdesk/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { formatBucket, formatFigure } from '../../lib/format';
import type { ChartStyle } from './chart-style';
import type { Words } from './words';

export type ChartWidget = SeriesWidget | BreakdownWidget | HeatmapWidget;

/** What every chart shares: the theme's font and colours, a tooltip on the card's colours. */
function base(style: ChartStyle) {
  return {
    color: style.palette,
    backgroundColor: 'transparent',
    textStyle: { fontFamily: style.fontFamily, color: style.text },
    animationDuration: 400,
    tooltip: {
      backgroundColor: style.surface,
      borderColor: style.grid,
      textStyle: { color: style.text, fontFamily: style.fontFamily, fontSize: 12 },
      confine: true,
    },
  };
}

function valueAxis(style: ChartStyle, unit: FigureUnit) {
  return {
    type: 'value',
    axisLabel: {
      color: style.dimmed,
      formatter: (value: number) => formatFigure(value, unit, { compact: true }),
    },
    splitLine: { lineStyle: { color: style.grid } },
  };
}

function categoryAxis(style: ChartStyle, labels: string[]) {
  return {
    type: 'category',
    data: labels,
    axisLabel: { color: style.dimmed, hideOverlap: true },
    axisLine: { lineStyle: { color: style.axis } },
    axisTick: { show: false },
  };
}

function seriesOption(widget: SeriesWidget, style: ChartStyle, words: Words) {
  const labels = widget.buckets.map((start) => formatBucket(start, widget.bucket));
  // A series counted beside amounts gets its own axis, on the right.
  const otherUnit = widget.series.find((series) => series.unit && series.unit !== widget.unit)?.unit;
  const line = widget.chart === 'line' || widget.chart === 'area';
  const common = base(style);
  return {
    ...common,
    tooltip: { ...common.tooltip, trigger: 'axis', axisPointer: { type: line ? 'line' : 'shadow' } },
    grid: { left: 4, right: 4, top: 12, bottom: 4, containLabel: true },
    xAxis: { ...categoryAxis(style, labels), boundaryGap: !line },
    yAxis: [
      valueAxis(style, widget.unit),
      ...(otherUnit ? [{ ...valueAxis(style, otherUnit), splitLine: { show: false } }] : []),
    ],
    series: widget.series.map((series) => {
      const unit = series.unit ?? widget.unit;
      return {
        type: line ? 'line' : 'bar',
        name: words.series(series.key),
        data: series.values,
        yAxisIndex: otherUnit && unit === otherUnit ? 1 : 0,
        stack: widget.chart === 'stackedBar' ? 'total' : undefined,
        areaStyle: widget.chart === 'area' ? { opacity: 0.18 } : undefined,
        smooth: line,
        showSymbol: line && labels.length <= 31,
        symbolSize: 5,
        barMaxWidth: 28,
        itemStyle: line ? undefined : { borderRadius: widget.chart === 'stackedBar' ? 0 : [3, 3, 0, 0] },
        emphasis: { focus: 'series' },
        tooltip: { valueFormatter: (value: number) => formatFigure(value, unit) },
      };
    }),
  };
}

function breakdownOption(widget: BreakdownWidget, style: ChartStyle, words: Words) {
  const common = base(style);
  const data = widget.items.map((item) => ({ name: words.item(item), value: item.value }));
  const tooltip = {
    ...common.tooltip,
    trigger: 'item',
    valueFormatter: (value: number) => formatFigure(value, widget.unit),
  };
  if (widget.chart === 'bar') {
    return {
      ...common,
      tooltip: { ...tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 4, right: 16, top: 4, bottom: 4, containLabel: true },
      xAxis: valueAxis(style, widget.unit),
      yAxis: {
        ...categoryAxis(
          style,
          data.map((item) => item.name),
        ),
        inverse: true,
        axisLabel: { color: style.dimmed, width: 120, overflow: 'truncate' },
      },
      series: [
        {
          type: 'bar',
          data: widget.items.map((item) => item.value),
          barMaxWidth: 22,
          colorBy: 'data',
          itemStyle: { borderRadius: [0, 3, 3, 0] },
          cursor: widget.items.some((item) => item.href) ? 'pointer' : 'default',
        },
      ],
    };
  }
  if (widget.chart === 'funnel') {
    return {
      ...common,
      tooltip,
      series: [
        {
          type: 'funnel',
          data,
          sort: 'none',
          left: '8%',
          right: '8%',
          top: 8,
          bottom: 8,
          gap: 2,
          label: {
            show: true,
            position: 'inside',
            color: '#fff',
            formatter: ({ value }: { value: number }) => formatFigure(value, widget.unit, { compact: true }),
          },
          itemStyle: { borderColor: style.surface, borderWidth: 1 },
        },
      ],
    };
  }
  return {
    ...common,
    tooltip,
    series: [
      {
        type: 'pie',
        data,
        radius: ['48%', '72%'],
        center: ['50%', '50%'],
        avoidLabelOverlap: true,
        label: { show: false },
        itemStyle: { borderColor: style.surface, borderWidth: 2, borderRadius: 4 },
        emphasis: { scale: true, scaleSize: 4 },
      },
    ],
  };
}

/** A colour between two (#rrggbb), `share` of the way from the first. */
export function mix(from: string, to: string, share: number): string {
  const channel = (hex: string, at: number) => Number.parseInt(hex.slice(1 + at * 2, 3 + at * 2), 16);
  const parts = [0, 1, 2].map((at) =>
    Math.round(channel(from, at) + (channel(to, at) - channel(from, at)) * share)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${parts.join('')}`;
}

/** The busiest cell's value (at least 1, so an empty week still has a scale). */
export const heatmapHighest = (widget: HeatmapWidget) => Math.max(1, ...widget.values.flat());

function heatmapOption(widget: HeatmapWidget, style: ChartStyle, words: Words) {
  const common = base(style);
  const highest = heatmapHighest(widget);
  // Each cell coloured on the theme's scale here, rather than by ECharts' visual map (less code to load).
  const data = widget.values.flatMap((values, day) =>
    values.map((value, column) => ({
      value: [column, day, value],
      itemStyle: { color: mix(style.heat[0], style.heat[1], value / highest) },
    })),
  );
  return {
    ...common,
    tooltip: {
      ...common.tooltip,
      trigger: 'item',
      formatter: (item: { value: [number, number, number] }) => {
        const [column, day, value] = item.value;
        return `${words.days[day]} ${words.hour(widget.hours[column] ?? 0)}: <b>${formatFigure(value, widget.unit)}</b>`;
      },
    },
    grid: { left: 4, right: 4, top: 4, bottom: 4, containLabel: true },
    xAxis: {
      ...categoryAxis(
        style,
        widget.hours.map((hour) => words.hour(hour)),
      ),
      splitArea: { show: false },
    },
    yAxis: { ...categoryAxis(style, words.days), inverse: true },
    series: [
      {
        type: 'heatmap',
        data,
        itemStyle: { borderColor: style.surface, borderWidth: 2, borderRadius: 3 },
        emphasis: { itemStyle: { borderColor: style.text } },
      },
    ],
  };
}

/** The ECharts option of a chart widget, themed and in the reader's language. */
export function chartOption(widget: ChartWidget, style: ChartStyle, words: Words): EChartsCoreOption {
  switch (widget.kind) {
    case 'series':
      return seriesOption(widget, style, words);
    case 'breakdown':
      return breakdownOption(widget, style, words);
    case 'heatmap':
      return heatmapOption(widget, style, words);
  }
}
