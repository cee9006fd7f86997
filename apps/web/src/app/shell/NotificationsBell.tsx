import type { NotificationsUnread } from '@ledgerdesk/contracts';
import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentPropsWithRef, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useLiveEvent } from '../../lib/live';
import { writeLive } from '../../lib/live-cache';
import { queryKeys } from '../../lib/query-keys';
import { DeferredMenu } from './DeferredMenu';
import classes from './shell.module.css';

/** The notifications' query keys: the unread count, and the list (pages) the panel shows. */
export const notificationKeys = {
  all: queryKeys.all('/notifications'),
  unread: [...queryKeys.all('/notifications'), 'unread'] as const,
  list: queryKeys.lists('/notifications'),
};

/** "99+" above 99: the badge stays small. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/** The bell of the top bar: the panel's target, and its stand-in until the panel's code has loaded. */
export function BellButton({
  unread,
  ...props
}: { unread: number } & ActionIconProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('shell');
  // Not a `_zero` plural form: the catalogues keep to the forms each language's plural rules name.
  const label = unread === 0 ? t('notifications.openNone') : t('notifications.open', { count: unread });
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      className={`${classes.topIcon} ${classes.bell}`}
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      {...props}
    >
      <IconBell size={20} aria-hidden="true" />
      {unread > 0 ? (
        <span className={classes.bellBadge} aria-hidden="true" data-testid="notifications-badge">
          {badgeText(unread)}
        </span>
      ) : null}
    </ActionIcon>
  );
}

const loadPanel = () => import('./NotificationsPanel');
const NotificationsPanel = lazy(loadPanel);
const prefetchPanel = () => void loadPanel().catch(() => undefined);

/**
 * The unread count comes with the shell (one small call) and follows the live connection: a new
 * notification, or reading on another tab, updates it at once; after a reconnect it is fetched
 * again. The list (Mantine's Popover and the list's code) loads on first use.
 */
export function NotificationsBell() {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => api.get<NotificationsUnread>('/notifications/unread-count', { signal }),
    staleTime: 60_000,
  });
  const unread = data?.unread ?? 0;
  const changed = (message: { unread: number }) => {
    writeLive<NotificationsUnread>(queryClient, notificationKeys.unread, () => ({ unread: message.unread }));
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  };
  useLiveEvent('notification', changed);
  useLiveEvent('notifications.changed', changed);
  useLiveEvent('resync', () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }));

  return (
    <DeferredMenu
      standIn={(handlers) => <BellButton unread={unread} {...handlers} />}
      prefetch={prefetchPanel}
    >
      <NotificationsPanel unread={unread} initiallyOpened />
    </DeferredMenu>
  );
}
