import { useMantineTheme } from '@mantine/core';
import { useDeferredValue, useMemo, useSyncExternalStore } from 'react';
import { getPreferences, subscribePreferences } from '../../lib/preferences';

/** The colours and font of the charts, from the Mantine theme in the current colour scheme. */
export interface ChartStyle {
  dark: boolean;
  /** One colour per series or item, the theme's primary colour first. */
  palette: string[];
  text: string;
  dimmed: string;
  /** Axis lines. */
  axis: string;
  /** Split lines of the grid. */
  grid: string;
  /** The card's background (gaps between donut slices, the exported image's background). */
  surface: string;
  /** A heatmap's scale, from an empty cell to the busiest. */
  heat: [string, string];
  fontFamily: string;
}

const seriesColours = ['teal', 'orange', 'grape', 'cyan', 'pink', 'lime', 'indigo', 'yellow', 'red'];

export function useChartStyle(): ChartStyle {
  const theme = useMantineTheme();
  // The theme setting is the colour scheme (lib/layout-boot.ts): Mantine's own state is not told of
  // a switch, the preferences are. Only the theme is read (the other layout settings re-render no
  // chart), deferred: the page switches at once, the charts repaint after.
  const scheme = useDeferredValue(
    useSyncExternalStore(subscribePreferences, () => getPreferences().layout.theme),
  );
  return useMemo(() => {
    const dark = scheme === 'dark';
    const { colors } = theme;
    const primary = colors[theme.primaryColor] ?? colors.blue;
    const shade = dark ? 5 : 6;
    return {
      dark,
      palette: [primary[shade], ...seriesColours.map((name) => (colors[name] ?? primary)[shade])],
      text: dark ? colors.dark[0] : colors.gray[8],
      dimmed: dark ? colors.dark[1] : colors.gray[7],
      axis: dark ? colors.dark[3] : colors.gray[5],
      grid: dark ? colors.dark[4] : colors.gray[2],
      surface: dark ? colors.dark[6] : theme.white,
      heat: dark ? [colors.dark[5], primary[4]] : [primary[0], primary[8]],
      fontFamily: theme.fontFamily ?? 'sans-serif',
    };
  }, [theme, scheme]);
}
