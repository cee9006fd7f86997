/*
 * ECharts with only what the dashboards draw: lines and bars, donuts, funnels and heatmaps, on a
 * grid with tooltips, legends and a heatmap's colour scale, painted on a canvas (which also makes
 * the PNG export). Imported lazily with the charts, never by the entry chunk.
 */
import { BarChart, FunnelChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([
  BarChart,
  FunnelChart,
  HeatmapChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  CanvasRenderer,
]);

export { init } from 'echarts/core';
