import type { SessionUser } from '@ledgerdesk/contracts';
import { Avatar, Badge, Box, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '../../features/auth/queries';
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

/** The avatar at the top right: who is signed in, "Profile", "Settings" (the layout) and "Sign out". */
export function UserMenu({ user, onOpenSettings }: { user: SessionUser; onOpenSettings: () => void }) {
  const { t } = useTranslation('shell');
  const signOut = useSignOut();
  const name = displayName(user);

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by its content ("User menu" + the visible name), so the name includes what is seen. */}
        <UnstyledButton className={classes.userButton}>
          <Avatar color="blue" radius="xl" size={34} aria-hidden="true">
            {initialsOf(user)}
          </Avatar>
          <VisuallyHidden>{t('userMenu.label')}</VisuallyHidden>
          <Box visibleFrom="sm" maw={180}>
            <Text size="sm" fw={600} lh={1.2} truncate>
              {name}
            </Text>
          </Box>
          <IconChevronDown size={14} aria-hidden="true" />
        </UnstyledButton>
      </Menu.Target>

      <Menu.Dropdown>
        <Stack gap={2} px="sm" py="xs">
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
          <Badge size="sm" variant="light" mt={4} color={user.role === 'admin' ? 'blue' : 'gray'}>
            {user.role === 'admin' ? t('userMenu.administrator') : t('userMenu.user')}
          </Badge>
        </Stack>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to="/profile"
          leftSection={<IconUserCircle size={16} aria-hidden="true" />}
        >
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} aria-hidden="true" />} onClick={onOpenSettings}>
          {t('userMenu.settings')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
