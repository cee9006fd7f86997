import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh, IconRss, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { calendarApi, calendarKeys } from './api';

/**
 * "Subscribe": the user's iCalendar feed. Its secret address is shown once, when made (a new one
 * replaces the old: rotate), and can be revoked.
 */
export function SubscribeMenu() {
  const { t } = useTranslation(['calendar', 'common']);
  const client = useQueryClient();
  const feed = useQuery({ queryKey: calendarKeys.feed, queryFn: ({ signal }) => calendarApi.feed(signal) });
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  const active = feed.data?.active ?? false;

  const create = useMutation({
    mutationFn: calendarApi.createFeed,
    onSuccess: (made) => {
      client.setQueryData(calendarKeys.feed, { active: made.active, createdAt: made.createdAt });
      setConfirm(null);
      setShownUrl(made.url ?? null);
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: t('feed.failed') }),
  });
  const revoke = useMutation({
    mutationFn: calendarApi.revokeFeed,
    onSuccess: () => {
      client.setQueryData(calendarKeys.feed, { active: false, createdAt: null });
      setConfirm(null);
      notifySuccess(t('feed.revoked'));
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: t('feed.failed') }),
  });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconRss size={16} aria-hidden="true" />}>
            {t('feed.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {active && feed.data?.createdAt
              ? t('feed.activeSince', { date: formatDateTime(feed.data.createdAt) })
              : t('feed.none')}
          </Menu.Label>
          {active ? (
            <>
              <Menu.Item
                leftSection={<IconRefresh size={16} aria-hidden="true" />}
                onClick={() => setConfirm('rotate')}
              >
                {t('feed.rotate')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={() => setConfirm('revoke')}
              >
                {t('feed.revoke')}
              </Menu.Item>
            </>
          ) : (
            <Menu.Item
              leftSection={<IconRss size={16} aria-hidden="true" />}
              onClick={() => create.mutate()}
              disabled={feed.isPending}
            >
              {t('feed.create')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>

      <ConfirmDialog
        opened={confirm !== null}
        title={confirm === 'revoke' ? t('feed.revokeTitle') : t('feed.rotateTitle')}
        confirmLabel={confirm === 'revoke' ? t('feed.revoke') : t('feed.rotate')}
        pending={create.isPending || revoke.isPending}
        onConfirm={() => (confirm === 'revoke' ? revoke.mutate() : create.mutate())}
        onClose={() => setConfirm(null)}
      >
        {confirm === 'revoke' ? t('feed.revokeQuestion') : t('feed.rotateQuestion')}
      </ConfirmDialog>

      <Modal
        opened={shownUrl !== null}
        onClose={() => setShownUrl(null)}
        title={t('feed.createdTitle')}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <Stack>
          <Text size="sm">{t('feed.createdHelp')}</Text>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={t('feed.address')}
              value={shownUrl ?? ''}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1 }}
            />
            <CopyButton value={shownUrl ?? ''}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('feed.copied') : t('feed.copy')} withArrow>
                  <ActionIcon
                    size="input-sm"
                    variant={copied ? 'filled' : 'default'}
                    color={copied ? 'teal' : undefined}
                    onClick={copy}
                    aria-label={copied ? t('feed.copied') : t('feed.copy')}
                  >
                    {copied ? (
                      <IconCheck size={16} aria-hidden="true" />
                    ) : (
                      <IconCopy size={16} aria-hidden="true" />
                    )}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={() => setShownUrl(null)}>{t('feed.done')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
