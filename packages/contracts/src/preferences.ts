import { z } from 'zod/mini';

/** The layout settings of SPEC §9, each with its values; the first value is the default (SPEC §4). */
export const layoutOptions = {
  layout: ['vertical', 'horizontal', 'twocolumn', 'semibox'],
  theme: ['light', 'dark'],
  sidebarSize: ['lg', 'md', 'sm', 'sm-hover'],
  sidebarVisibility: ['show', 'hidden'],
  sidebarColor: ['dark', 'light', 'gradient', 'gradient-2', 'gradient-3', 'gradient-4'],
  sidebarImage: ['none', 'img-1', 'img-2', 'img-3', 'img-4'],
  width: ['fluid', 'boxed'],
  position: ['fixed', 'scrollable'],
  topbar: ['light', 'dark'],
  preloader: ['disable', 'enable'],
} as const;

export type LayoutSetting = keyof typeof layoutOptions;
export type LayoutSettings = { [K in LayoutSetting]: (typeof layoutOptions)[K][number] };

export const languages = ['en', 'fr'] as const;
export type Language = (typeof languages)[number];

/** How tightly lists are drawn: comfortable rows, or compact ones (more rows per screen). */
export const densities = ['comfortable', 'compact'] as const;
export type Density = (typeof densities)[number];

/** The first day of the calendar's weeks: `auto` takes the language's (and the browser's region's). */
export const weekStarts = ['auto', 'monday', 'sunday', 'saturday'] as const;
export type WeekStart = (typeof weekStarts)[number];

export type Preferences = {
  layout: LayoutSettings;
  language: Language;
  density: Density;
  weekStart: WeekStart;
};

export const defaultLayout = Object.fromEntries(
  Object.entries(layoutOptions).map(([setting, values]) => [setting, values[0]]),
) as LayoutSettings;
export const defaultPreferences: Preferences = {
  layout: defaultLayout,
  language: 'en',
  density: 'comfortable',
  weekStart: 'auto',
};

/**
 * Reads preferences from anywhere (local storage, the server, an old version): every unknown or
 * invalid value falls back to its default, unknown settings are dropped.
 */
export function parsePreferences(input: unknown): Preferences {
  const source = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const layoutSource =
    typeof source.layout === 'object' && source.layout !== null
      ? (source.layout as Record<string, unknown>)
      : {};
  const layout = { ...defaultLayout };
  for (const setting of Object.keys(layoutOptions) as LayoutSetting[]) {
    const value = layoutSource[setting];
    if ((layoutOptions[setting] as readonly unknown[]).includes(value))
      (layout as Record<string, unknown>)[setting] = value;
  }
  const language = (languages as readonly unknown[]).includes(source.language)
    ? (source.language as Language)
    : 'en';
  const density = (densities as readonly unknown[]).includes(source.density)
    ? (source.density as Density)
    : 'comfortable';
  const weekStart = (weekStarts as readonly unknown[]).includes(source.weekStart)
    ? (source.weekStart as WeekStart)
    : 'auto';
  return { layout, language, density, weekStart };
}

/** What PUT accepts: every setting must be one of its values (the server refuses others). */
export const preferencesInput = z.object({
  layout: z.object(
    Object.fromEntries(
      Object.entries(layoutOptions).map(([setting, values]) => [
        setting,
        z.enum(
          values as unknown as [string, ...string[]],
          `${setting} must be one of: ${values.join(', ')}.`,
        ),
      ]),
    ) as unknown as { [K in LayoutSetting]: z.ZodMiniEnum<{ [V in (typeof layoutOptions)[K][number]]: V }> },
  ),
  language: z.enum(languages, `language must be one of: ${languages.join(', ')}.`),
  density: z.enum(densities, `density must be one of: ${densities.join(', ')}.`),
  weekStart: z.enum(weekStarts, `weekStart must be one of: ${weekStarts.join(', ')}.`),
});

/** PUT /users/me/preferences/: as every PUT of the API, a setting left out keeps its stored value. */
export const preferencesChange = z.object({
  layout: z.optional(z.partial(preferencesInput.shape.layout)),
  language: z.optional(preferencesInput.shape.language),
  density: z.optional(preferencesInput.shape.density),
  weekStart: z.optional(preferencesInput.shape.weekStart),
});
export type PreferencesChange = z.output<typeof preferencesChange>;
