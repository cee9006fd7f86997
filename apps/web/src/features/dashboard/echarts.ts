/*
 * ECharts with only what the dashboards draw: lines and bars, donuts, funnels and heatmaps, on a
 * grid with tooltips, painted on a canvas (which also makes the PNG export). Legends and the
 * heatmap's scale are plain HTML beside the chart (ECharts' own weigh 15 KB gzip). Imported lazily
 * with the charts, never by the entry chunk.
 */
import { BarChart, FunnelChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([
  BarChart,
  FunnelChart,
  HeatmapChart,
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { init } from 'echarts/core';
