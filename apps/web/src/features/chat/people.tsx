import type { ChatUserStatus } from '@ledgerdesk/contracts';
import { Avatar, type AvatarProps, Indicator, ThemeIcon } from '@mantine/core';
import { IconHash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './chat.module.css';

const statusColors: Record<ChatUserStatus, string> = { online: 'teal', away: 'yellow', offline: 'gray' };

/** A person's avatar (their picture, else their initials), with their presence as a dot when known. */
export function PersonAvatar({
  name,
  avatarUrl,
  status,
  size = 40,
}: {
  name: string;
  avatarUrl: string | null;
  status?: ChatUserStatus;
  size?: AvatarProps['size'];
}) {
  const { t } = useTranslation('chat');
  // The picture says nothing the name beside it does not: hidden from screen readers.
  const color = colorOf(name);
  const avatar = (
    <Avatar
      src={avatarUrl}
      name={name}
      color={color}
      size={size}
      radius="xl"
      className={classes.avatar}
      // The initials take the colour's darkest shade (light) or a pale one (dark): readable on its tint.
      style={{
        '--avatar-ink': `var(--mantine-color-${color}-9)`,
        '--avatar-ink-dark': `var(--mantine-color-${color}-2)`,
      }}
      aria-hidden
    />
  );
  if (!status) return avatar;
  return (
    <Indicator
      color={statusColors[status]}
      position="bottom-end"
      offset={5}
      size={11}
      withBorder
      title={t(`status.${status}`)}
      aria-hidden
    >
      {avatar}
    </Indicator>
  );
}

const avatarColors = ['blue', 'grape', 'indigo', 'pink', 'cyan', 'violet'];

/** The same colour for the same name, wherever it is shown. */
function colorOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return avatarColors[hash % avatarColors.length] ?? 'blue';
}

/** A channel's round mark, where a person would have their avatar. */
export function ChannelAvatar({ size = 40 }: { size?: number }) {
  return (
    <ThemeIcon size={size} radius="xl" variant="light" aria-hidden>
      <IconHash size={size * 0.5} stroke={1.8} />
    </ThemeIcon>
  );
}

/** The room's unread count as the list shows it: "99+" once the server's cap is reached. */
export function unreadLabel(count: number, cap: number): string {
  return count >= cap ? `${cap - 1}+` : String(count);
}
