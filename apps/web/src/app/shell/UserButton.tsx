import type { SessionUser } from '@ledgerdesk/contracts';
import { Avatar, Box, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './shell.module.css';

export function displayName(user: SessionUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || user.email;
}

export function initialsOf(user: SessionUser): string {
  const fromNames = [user.firstName, user.lastName]
    .map((part) => part.trim().charAt(0))
    .join('')
    .toUpperCase();
  return fromNames || (user.username || user.email).slice(0, 2).toUpperCase();
}

/**
 * The avatar button at the top right: the user menu's target, and until that menu's code has
 * loaded (on first use) its stand-in.
 */
export function UserButton({ user, ...props }: { user: SessionUser } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('shell');
  return (
    // Named by its content ("User menu" + the visible name), so the name includes what is seen.
    <UnstyledButton className={classes.userButton} {...props}>
      <Avatar color="blue" radius="xl" size={34} src={user.avatarUrl} alt="" aria-hidden="true">
        {initialsOf(user)}
      </Avatar>
      <VisuallyHidden>{t('userMenu.label')}</VisuallyHidden>
      <Box visibleFrom="sm" maw={180}>
        <Text size="sm" fw={600} lh={1.2} truncate>
          {displayName(user)}
        </Text>
      </Box>
      <IconChevronDown size={14} aria-hidden="true" />
    </UnstyledButton>
  );
}
