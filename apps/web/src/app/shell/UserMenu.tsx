import type { SessionUser } from '@ledgerdesk/contracts';
import { Badge, Menu, Stack, Text } from '@mantine/core';
import { IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '../../features/auth/sign-out';
import { displayName, UserButton } from './UserButton';

/** The avatar at the top right: who is signed in, "Profile", "Settings" (the layout) and "Sign out". */
export function UserMenu({
  user,
  onOpenSettings,
  initiallyOpened = false,
}: {
  user: SessionUser;
  onOpenSettings: () => void;
  /** Loaded by a click on the stand-in button: open at once, focus on the real button. */
  initiallyOpened?: boolean;
}) {
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (initiallyOpened) target.current?.focus();
  }, [initiallyOpened]);
  const { t } = useTranslation('shell');
  const signOut = useSignOut();
  const name = displayName(user);

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal defaultOpened={initiallyOpened}>
      <Menu.Target>
        <UserButton user={user} ref={target} />
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

export default UserMenu;
