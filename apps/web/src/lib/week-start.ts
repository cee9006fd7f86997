import type { Language, WeekStart } from '@ledgerdesk/contracts';

/** A day of the week as the calendars count them: 0 = Sunday … 6 = Saturday. */
export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const chosen: Record<Exclude<WeekStart, 'auto'>, WeekDay> = { sunday: 0, monday: 1, saturday: 6 };

/** Intl.Locale's week information, where the browser has it (getWeekInfo, or the older weekInfo). */
type WeekInfoLocale = Intl.Locale & {
  getWeekInfo?: () => { firstDay: number };
  weekInfo?: { firstDay: number };
};

/**
 * The first day of a week (0 = Sunday) for the preference, in the calendar and the date pickers: a
 * chosen day, or for `auto` the first day of the browser's region when its language is the one
 * shown ("fr-CA" starts on Sunday), else undefined (the language's own default).
 */
export function firstDayOf(weekStart: WeekStart, language: Language): WeekDay | undefined {
  if (weekStart !== 'auto') return chosen[weekStart];
  const tag = typeof navigator === 'undefined' ? undefined : navigator.language;
  if (!tag || tag.toLowerCase().split('-')[0] !== language) return undefined;
  try {
    const locale = new Intl.Locale(tag) as WeekInfoLocale;
    const firstDay = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay;
    // Intl counts Monday 1 … Sunday 7.
    return typeof firstDay === 'number' ? ((firstDay % 7) as WeekDay) : undefined;
  } catch {
    return undefined;
  }
}
