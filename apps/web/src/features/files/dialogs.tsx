import {
  ActionIcon,
  Box,
  Button,
  Group,
  Modal,
  NavLink,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconHome, IconTrash, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { UserPicker } from '../../resources/pickers';
import { filesApi, filesKeys, useFilesMutation } from './api';
import { FolderTree } from './FolderTree';
import type { Item } from './items';

/** Asks for a name: a new folder's, or a new name for a file or folder. */
export function NameDialog({
  opened,
  title,
  initial,
  confirmLabel,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  initial: string;
  confirmLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['files', 'common']);
  const [name, setName] = useState(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('dialogs.nameRequired'));
      return;
    }
    setPending(true);
    const done = await onSubmit(trimmed);
    setPending(false);
    if (done !== undefined) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('dialogs.name')}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={255}
            data-autofocus
            onFocus={(event) => {
              // The name before its extension is what one usually changes.
              const dot = event.currentTarget.value.lastIndexOf('.');
              event.currentTarget.setSelectionRange(0, dot > 0 ? dot : event.currentTarget.value.length);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Move to…": a folder chosen in the tree (or the top level), for those who cannot drag. */
export function MoveDialog({
  item,
  onMove,
  onClose,
}: {
  item: Item | null;
  onMove: (folder: { id: string | null; name: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['files', 'common']);
  const current = item ? (item.type === 'file' ? item.record.folderId : item.record.parentId) : null;
  const [target, setTarget] = useState<{ id: string | null; name: string } | null>(null);
  const [pending, setPending] = useState(false);
  const close = () => {
    setTarget(null);
    onClose();
  };
  const chosen = target ?? { id: current, name: '' };
  return (
    <Modal
      opened={item !== null}
      onClose={close}
      title={item ? t('dialogs.moveTitle', { name: item.record.name }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack>
        <ScrollArea.Autosize mah={320} type="auto">
          <nav aria-label={t('dialogs.moveTarget')}>
            <NavLink
              component="button"
              type="button"
              label={t('nav.myFiles')}
              leftSection={<IconHome size={18} stroke={1.6} />}
              active={chosen.id === null}
              onClick={() => setTarget({ id: null, name: t('nav.myFiles') })}
            />
            <FolderTree
              selected={chosen.id}
              onSelect={(folder) => setTarget(folder)}
              excludeId={item?.type === 'folder' ? item.record.id : undefined}
            />
          </nav>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            disabled={target === null || target.id === current}
            loading={pending}
            onClick={async () => {
              if (!target) return;
              setPending(true);
              await onMove(target);
              setPending(false);
              close();
            }}
          >
            {t('actions.moveHere')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Who else sees a file or folder (users or groups, view or edit); the owner adds and removes them. */
export function ShareDialog({ item, onClose }: { item: Item | null; onClose: () => void }) {
  const { t } = useTranslation(['files', 'common']);
  const [targetType, setTargetType] = useState<'user' | 'group'>('user');
  const [targetId, setTargetId] = useState<string | null>(null);
  const [access, setAccess] = useState<'view' | 'edit'>('view');
  const type = item?.type ?? 'file';
  const id = item?.record.id ?? '';
  const shares = useQuery({
    queryKey: filesKeys.shares(type, id),
    queryFn: ({ signal }) => filesApi.shares(type, id, signal),
    enabled: item !== null,
  });
  const groups = useQuery({
    queryKey: filesKeys.groups(),
    queryFn: ({ signal }) => filesApi.groups(signal),
    enabled: item !== null && targetType === 'group',
  });
  const add = useFilesMutation(() =>
    filesApi.share(type, id, { target: { type: targetType, id: targetId ?? '' }, access }),
  );
  const remove = useFilesMutation((shareId: string) => filesApi.unshare(type, id, shareId));
  const close = () => {
    setTargetId(null);
    onClose();
  };
  return (
    <Modal
      opened={item !== null}
      onClose={close}
      title={item ? t('dialogs.shareTitle', { name: item.record.name }) : ''}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!targetId) return;
            add.mutate(undefined, {
              onSuccess: () => setTargetId(null),
              onError: (error) => notifyError(errorMessageOf(error)),
            });
          }}
        >
          <Stack gap="sm">
            <SegmentedControl
              value={targetType}
              onChange={(value) => {
                setTargetType(value === 'group' ? 'group' : 'user');
                setTargetId(null);
              }}
              data={[
                { value: 'user', label: t('dialogs.shareUser') },
                { value: 'group', label: t('dialogs.shareGroup') },
              ]}
              aria-label={t('dialogs.shareWith')}
            />
            <Group align="flex-end" gap="sm" wrap="wrap">
              {targetType === 'user' ? (
                <Box style={{ flex: 1, minWidth: 200 }}>
                  <UserPicker label={t('dialogs.shareUser')} value={targetId} onChange={setTargetId} />
                </Box>
              ) : (
                <Select
                  label={t('dialogs.shareGroup')}
                  data={(groups.data?.results ?? []).map((group) => ({ value: group.id, label: group.name }))}
                  value={targetId}
                  onChange={setTargetId}
                  searchable
                  style={{ flex: 1, minWidth: 200 }}
                />
              )}
              <Select
                label={t('dialogs.access')}
                data={[
                  { value: 'view', label: t('access.view') },
                  { value: 'edit', label: t('access.edit') },
                ]}
                value={access}
                onChange={(value) => setAccess(value === 'edit' ? 'edit' : 'view')}
                allowDeselect={false}
                w={140}
              />
              <Button type="submit" disabled={!targetId} loading={add.isPending}>
                {t('actions.share')}
              </Button>
            </Group>
          </Stack>
        </form>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('dialogs.sharedWith')}
          </Text>
          {shares.data?.results.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('dialogs.notShared')}
            </Text>
          )}
          {shares.data?.results.map((share) => (
            <Group key={share.id} justify="space-between" wrap="nowrap" py={4}>
              <Group gap="xs" wrap="nowrap" miw={0}>
                {share.target.type === 'user' ? (
                  <IconUser size={16} aria-hidden />
                ) : (
                  <IconUsersGroup size={16} aria-hidden />
                )}
                <Text size="sm" truncate="end">
                  {share.target.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`access.${share.access}`)}
                </Text>
              </Group>
              <Tooltip label={t('dialogs.unshare')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('dialogs.unshareOf', { name: share.target.name })}
                  loading={remove.isPending && remove.variables === share.id}
                  onClick={() =>
                    remove.mutate(share.id, { onError: (error) => notifyError(errorMessageOf(error)) })
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}
