import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { type RefObject, useEffect, useRef } from 'react';
import { init } from './echarts';

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
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [chartRef]);

  useEffect(() => {
    chartRef.current?.setOption(option, { notMerge: true });
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
