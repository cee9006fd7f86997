import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { type RefObject, useEffect, useRef } from 'react';
import { init } from './echarts';

const RESIZE_SETTLE_MS = 120;

export interface EChartProps {
  option: EChartsCoreOption;
  height: number;
  /** Holds the chart while it is shown (for the PNG export). */
  chartRef: RefObject<ECharts | null>;
  /** A click on a bar, a slice or a cell, by its index in the data. */
  onItemClick?: (dataIndex: number) => void;
}

/**
 * An ECharts chart: made on mount, given each new option whole, resized with its box (the sidebar
 * folding changes the width, not the window), disposed on unmount. Drawn for the eyes only: the
 * widget gives screen readers a summary and the table of the same figures.
 */
export default function EChart({ option, height, chartRef, onItemClick }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const clicked = useRef(onItemClick);
  clicked.current = onItemClick;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = init(element, null, { renderer: 'canvas' });
    chartRef.current = chart;
    chart.on('click', (event) => {
      if (typeof event.dataIndex === 'number') clicked.current?.(event.dataIndex);
    });
    // Redrawn once the layout has settled (a sidebar folds in steps), not in the frame that moves it.
    let settling: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(settling);
      settling = setTimeout(() => chart.resize(), RESIZE_SETTLE_MS);
    });
    observer.observe(element);
    return () => {
      clearTimeout(settling);
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [chartRef]);

  // Only the first drawing is animated: a new theme, language or period repaints at once, without
  // animation frames that would slow the page's next change.
  const drawn = useRef(false);
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.setOption(drawn.current ? { ...option, animation: false } : option, { notMerge: true });
    drawn.current = true;
  }, [option, chartRef]);

  return (
    <div
      ref={box}
      aria-hidden="true"
      data-chart
      style={{ height, width: '100%', minWidth: 0, overflow: 'hidden' }}
    />
  );
}
