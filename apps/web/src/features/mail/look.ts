import {
  IconAlertOctagon,
  IconFileText,
  IconInbox,
  IconMail,
  IconSend,
  IconStar,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import { currentLanguage } from '../../i18n';
import type { Icon } from '../../resources/area';
import type { MailCategory, MailLabel } from './api';

/** Each folder's icon in the side list. */
export const categoryIcons: Record<MailCategory, Icon> = {
  inbox: IconInbox,
  starred: IconStar,
  important: IconTag,
  sent: IconSend,
  draft: IconFileText,
  all: IconMail,
  spam: IconAlertOctagon,
  trash: IconTrash,
};

/** Each label's colour (a Mantine colour): its dot in the side list and its badge on a mail. */
export const labelColors: Record<MailLabel, string> = {
  theme: 'violet',
  friend: 'teal',
  family: 'orange',
  social: 'blue',
  support: 'red',
  freelance: 'cyan',
};

/** A list's date: the time today, the day and month this year, the full date before. */
export function listDate(value: string, now = new Date()): string {
  const date = new Date(value);
  const language = currentLanguage();
  if (date.toDateString() === now.toDateString())
    return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(date);
  if (date.getFullYear() === now.getFullYear())
    return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' }).format(date);
  return new Intl.DateTimeFormat(language, { dateStyle: 'short' }).format(date);
}

/** A message's full date in the thread: "Tue 24 Nov 2026, 14:05". */
export function fullDate(value: string): string {
  return new Intl.DateTimeFormat(currentLanguage(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(value));
}

/** Up to two initials of a name (the avatar of a sender). */
export function initialsOf(name: string): string {
  const parts = name
    .replace(/[<>@].*$/, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return (
    parts.length > 1 ? `${parts[0]?.[0]}${parts.at(-1)?.[0]}` : (parts[0]?.slice(0, 2) ?? '?')
  ).toUpperCase();
}
