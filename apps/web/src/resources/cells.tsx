import { initialsOf } from '@ledgerdesk/contracts';
import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../components/StatusBadge';
import { formatDate, formatMoney } from '../lib/format';
import { useAvatarUrl } from './avatars';
import { valueLabel } from './ResourceForm';

const dash = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

/** A field's value as text, when the definition gives no cell of its own. */
export function CellValue({ value }: { value: unknown }) {
  const { t } = useTranslation('common');
  if (value === null || value === undefined || value === '') return dash;
  if (typeof value === 'boolean') return <>{value ? t('resource.yes') : t('resource.no')}</>;
  if (Array.isArray(value)) return value.length ? value.join(', ') : dash;
  if (typeof value === 'object') return dash;
  return <>{String(value)}</>;
}

/** Colours of status values, per value ("Completed" → "teal"); others are grey. */
export type BadgeColors = Record<string, string>;

/** A status as a coloured badge, its label from the feature's catalogue. */
export function statusBadge(field: string, colors: BadgeColors) {
  return (record: Record<string, unknown>, t: TFunction) => {
    const value = record[field];
    if (typeof value !== 'string' || !value) return dash;
    return <StatusBadge color={colors[value] ?? 'gray'}>{valueLabel(t, field, value)}</StatusBadge>;
  };
}

/** A decimal string of money, formatted for the language. */
export const moneyCell = (field: string) => (record: Record<string, unknown>) => {
  const value = record[field];
  return typeof value === 'string' ? (
    <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatMoney(value)}
    </Text>
  ) : (
    dash
  );
};

/** A person on one line: the name, then the e-mail dimmed (cut by the column, whole in its tooltip). */
export function NameAndEmail({ name, email }: { name: string; email?: string | null }) {
  return (
    <>
      <Text span size="sm">
        {name}
      </Text>
      {email ? (
        <Text span size="xs" c="dimmed" ml={6}>
          {email}
        </Text>
      ) : null}
    </>
  );
}

/** A `YYYY-MM-DD` date (or a timestamp), formatted for the language. */
export const dateCell = (field: string) => (record: Record<string, unknown>) => {
  const value = record[field];
  return typeof value === 'string' && value ? (
    <Text span size="sm" component="time" dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {formatDate(value)}
    </Text>
  ) : (
    dash
  );
};

/** Avatars of people, overlapping a little (each initial stays readable), names on hover and focus. */
export function AvatarGroup({
  people,
  max = 4,
  size = 26,
}: {
  people: Person[];
  max?: number;
  size?: number;
}) {
  return (
    // A small overlap: a wider one (Mantine's `sm`) covers the second initial.
    <Avatar.Group spacing={4}>
      {people.slice(0, max).map((person) => (
        <Tooltip key={person.id} label={person.name} withArrow>
          <PersonAvatar person={person} size={size} named />
        </Tooltip>
      ))}
      {people.length > max ? (
        <Avatar size={size} radius="xl">
          +{people.length - max}
        </Avatar>
      ) : null}
    </Avatar.Group>
  );
}

type Person = { id: string; name: string };

/**
 * A person's picture when they have one (a user), else their initials; `named`: an image named by
 * the person (alone in a group), else hidden (their name is written beside it).
 */
function PersonAvatar({ person, size, named = false }: { person: Person; size: number; named?: boolean }) {
  const label = named ? { 'aria-label': person.name, role: 'img' } : { 'aria-hidden': true };
  return (
    <Avatar size={size} radius="xl" color="indigo" src={useAvatarUrl(person.id)} alt="" {...label}>
      {initialsOf(person.name)}
    </Avatar>
  );
}

/** People (`{id, name}` or a list of them) as avatars with their names on hover. */
export const peopleCell = (field: string) => (record: Record<string, unknown>) => {
  const value = record[field];
  const people = (Array.isArray(value) ? value : value ? [value] : []) as Person[];
  if (people.length === 0) return dash;
  if (people.length === 1 && people[0]) {
    return (
      <Group gap={8} wrap="nowrap">
        <PersonAvatar person={people[0]} size={26} />
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {people[0].name}
        </Text>
      </Group>
    );
  }
  return <AvatarGroup people={people} />;
};
