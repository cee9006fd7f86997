import { i18n } from '../../i18n';

/** The local calendar day of a timestamp ("2026-03-12"), to group messages by day. */
export function dayOf(value: string): string {
  const date = new Date(value);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** "14:05" (in the reader's language and zone). */
export function timeOf(value: string): string {
  return new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(
    new Date(value),
  );
}

/** A day divider: "Today", "Yesterday", else "Thursday 12 March" (with the year when not this one). */
export function dayLabel(day: string, now = new Date()): string {
  const today = dayOf(now.toISOString());
  const yesterday = dayOf(new Date(now.getTime() - 86_400_000).toISOString());
  if (day === today) return i18n.t('chat:days.today');
  if (day === yesterday) return i18n.t('chat:days.yesterday');
  const [year, month, date] = day.split('-').map(Number);
  const value = new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
  return new Intl.DateTimeFormat(i18n.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: value.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  }).format(value);
}

/** The rooms list's time: "14:05" today, "Mon" this week, else "12 Mar". */
export function listTimeOf(value: string, now = new Date()): string {
  const date = new Date(value);
  if (dayOf(value) === dayOf(now.toISOString())) return timeOf(value);
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  const options: Intl.DateTimeFormatOptions =
    days < 6 ? { weekday: 'short' } : { day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(i18n.language, options).format(date);
}
