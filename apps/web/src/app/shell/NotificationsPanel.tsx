import type {
  NotificationKind,
  NotificationRecord,
  NotificationsPage,
  NotificationsUnread,
} from '@ledgerdesk/contracts';
import {
  Button,
  Center,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import {
  type Icon,
  IconAt,
  IconBellCheck,
  IconChecklist,
  IconMail,
  IconMessageCircle,
  IconTicket,
} from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, errorMessageOf } from '../../lib/api';
import { formatRelative } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { BellButton, notificationKeys } from './NotificationsBell';
import classes from './shell.module.css';

const kindIcons: Record<NotificationKind, Icon> = {
  message: IconMessageCircle,
  mention: IconAt,
  mail: IconMail,
  task_assigned: IconChecklist,
  ticket_reply: IconTicket,
};

/** The notification's sentence in the reader's language (its parameters are names and titles). */
function useNotificationText() {
  const { t } = useTranslation('shell');
  return (notification: NotificationRecord) => {
    const someone = t('notifications.someone');
    const { params } = notification;
    return t(`notifications.kinds.${notification.kind}`, {
      ...params,
      from: params.from ?? someone,
      by: params.by ?? someone,
      count: notification.count,
      interpolation: { escapeValue: false },
    });
  };
}

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: NotificationRecord;
  onOpen: () => void;
}) {
  const { t } = useTranslation('shell');
  const text = useNotificationText()(notification);
  const KindIcon = kindIcons[notification.kind];
  const unread = notification.readAt === null;
  return (
    <li>
      <UnstyledButton className={classes.notification} data-unread={unread || undefined} onClick={onOpen}>
        <span className={classes.notificationIcon} aria-hidden="true">
          <KindIcon size={18} />
        </span>
        <span className={classes.notificationBody}>
          <Text size="sm" fw={unread ? 600 : 400} lineClamp={2} component="span" display="block">
            {text}
          </Text>
          <Text size="xs" c="dimmed" component="span">
            {formatRelative(notification.createdAt)}
          </Text>
        </span>
        {unread ? (
          <span className={classes.unreadDot}>
            <VisuallyHidden>{t('notifications.unread')}</VisuallyHidden>
          </span>
        ) : null}
      </UnstyledButton>
    </li>
  );
}

/** The bell's popover: the newest notifications, "Mark all as read", older ones on demand. */
export default function NotificationsPanel({
  unread,
  initiallyOpened = false,
}: {
  unread: number;
  initiallyOpened?: boolean;
}) {
  const { t } = useTranslation('shell');
  const [opened, setOpened] = useState(initiallyOpened);
  const target = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (initiallyOpened) target.current?.focus();
  }, [initiallyOpened]);

  const list = useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) =>
      api.get<NotificationsPage>('/notifications', { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: opened,
  });
  const refreshed = (result: { data: NotificationsUnread }) => {
    queryClient.setQueryData<NotificationsUnread>(notificationKeys.unread, result.data);
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  };
  const markRead = useMutation({
    mutationFn: (id: string) => api.post<{ data: NotificationsUnread }>(`/notifications/${id}/read`),
    onSuccess: refreshed,
    onError: (error) => notifyError(errorMessageOf(error)),
  });
  const markAll = useMutation({
    mutationFn: () => api.post<{ data: NotificationsUnread }>('/notifications/read-all'),
    onSuccess: refreshed,
    onError: (error) => notifyError(errorMessageOf(error)),
  });

  const open = (notification: NotificationRecord) => {
    setOpened(false);
    if (notification.readAt === null) markRead.mutate(notification.id);
    navigate(notification.link);
  };
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <BellButton
          unread={unread}
          ref={target}
          aria-expanded={opened}
          onClick={() => setOpened((was) => !was)}
        />
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-labelledby={titleId} className={classes.notificationsPanel}>
        <Group justify="space-between" px="md" py="sm" className={classes.notificationsHeader} wrap="nowrap">
          <Text fw={600} id={titleId} component="h2" size="md">
            {t('notifications.title')}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconBellCheck size={16} aria-hidden="true" />}
            // Looks disabled but stays focusable: the popover traps focus, and with nothing unread
            // and no notification it is the one control inside.
            data-disabled={unread === 0 || undefined}
            aria-disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => {
              if (unread > 0) markAll.mutate();
            }}
          >
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        <ScrollArea.Autosize mah="min(480px, 70vh)" type="auto">
          {list.isPending ? (
            <Center py="xl">
              <Loader size="sm" aria-label={t('notifications.title')} />
            </Center>
          ) : list.isError ? (
            <Stack align="center" gap="xs" py="xl" px="md">
              <Text size="sm">{t('notifications.loadFailed')}</Text>
              <Button size="compact-sm" variant="light" onClick={() => void list.refetch()}>
                {t('notifications.retry')}
              </Button>
            </Stack>
          ) : items.length === 0 ? (
            <Stack align="center" gap={4} py="xl" px="md" ta="center">
              <IconBellCheck size={32} aria-hidden="true" className={classes.emptyBell} />
              <Text size="sm" fw={600}>
                {t('notifications.empty')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('notifications.emptyHint')}
              </Text>
            </Stack>
          ) : (
            <ul className={classes.notificationList} aria-labelledby={titleId}>
              {items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onOpen={() => open(notification)}
                />
              ))}
            </ul>
          )}
          {list.hasNextPage ? (
            <Center py="xs">
              <Button
                variant="subtle"
                size="compact-sm"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('notifications.loadMore')}
              </Button>
            </Center>
          ) : null}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
