import type { BreakdownWidget, HeatmapWidget, SeriesWidget } from '@ledgerdesk/contracts';
import type { RefObject } from 'react';
import { BreakdownChart } from './BreakdownChart';
import { ChartFrame } from './ChartFrame';
import type { ChartStyle } from './chart-style';
import type { ChartWords } from './chart-words';
import { HeatmapChart } from './HeatmapChart';
import { SeriesChart } from './SeriesChart';

export type ChartWidget = SeriesWidget | BreakdownWidget | HeatmapWidget;

interface WidgetChartProps {
  widget: ChartWidget;
  /** The chart's accessible name (the widget's title). */
  label: string;
  height: number;
  style: ChartStyle;
  words: ChartWords;
  svgRef: RefObject<SVGSVGElement | null>;
  /** Follows an item's link (a breakdown's items may have one). */
  open: (href: string) => void;
}

/** A chart widget drawn in SVG, as wide as its card. */
export function WidgetChart({ widget, label, height, style, words, svgRef, open }: WidgetChartProps) {
  return (
    <ChartFrame label={label} height={height} fontFamily={style.fontFamily} svgRef={svgRef}>
      {(plot) => {
        switch (widget.kind) {
          case 'series':
            return <SeriesChart widget={widget} style={style} words={words} plot={plot} />;
          case 'breakdown':
            return <BreakdownChart widget={widget} style={style} words={words} plot={plot} open={open} />;
          case 'heatmap':
            return <HeatmapChart widget={widget} style={style} words={words} plot={plot} />;
        }
      }}
    </ChartFrame>
  );
}
