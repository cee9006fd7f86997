import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8: white text on filled buttons and links meets WCAG AA contrast (shade 6 does not).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // A clearly visible outline for keyboard users only (its colour and the rings of inputs: global.css).
  focusRing: 'auto',
});

/**
 * Secondary ("dimmed") text one shade further from the background than Mantine's, for 4.5:1
 * contrast: on white and gray-0 in light mode, on the body and on cards (dark-6) in dark mode.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // The focus ring (global.css): the primary colour on light backgrounds, a light blue on dark ones
  // (shade 8 is too dark to be seen on dark-7), both at least 3:1 against what they surround.
  // Field errors' text likewise: Mantine's red-6 is 3.3:1 on white.
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--ld-focus-ring': 'var(--mantine-color-blue-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--ld-focus-ring': 'var(--mantine-color-blue-3)',
  },
});
