import type { Language, WeekStart } from '@ledgerdesk/contracts';

const chosen: Record<Exclude<WeekStart, 'auto'>, number> = { sunday: 0, monday: 1, saturday: 6 };

/** Intl.Locale's week information, where the browser has it (getWeekInfo, or the older weekInfo). */
type WeekInfoLocale = Intl.Locale & {
  getWeekInfo?: () => { firstDay: number };
  weekInfo?: { firstDay: number };
};

/**
 * The calendar's first day (0 = Sunday) for the preference: a chosen day, or for `auto` the first
 * day of the browser's region when its language is the one shown ("fr-CA" starts on Sunday), else
 * FullCalendar's default for the language (undefined).
 */
export function firstDayOf(weekStart: WeekStart, language: Language): number | undefined {
  if (weekStart !== 'auto') return chosen[weekStart];
  const tag = typeof navigator === 'undefined' ? undefined : navigator.language;
  if (!tag || tag.toLowerCase().split('-')[0] !== language) return undefined;
  try {
    const locale = new Intl.Locale(tag) as WeekInfoLocale;
    const firstDay = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay;
    // Intl counts Monday 1 … Sunday 7.
    return typeof firstDay === 'number' ? firstDay % 7 : undefined;
  } catch {
    return undefined;
  }
}
