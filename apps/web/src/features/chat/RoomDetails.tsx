import type { ChatRoomDetail, ChatRoomSummary } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  MultiSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconLogout, IconMail, IconMapPin, IconPhone, IconUserMinus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessageOf } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useContacts, useRoomChanges } from './api';
import classes from './chat.module.css';
import { ChannelAvatar, PersonAvatar } from './people';

interface RoomDetailsProps {
  opened: boolean;
  onClose: () => void;
  room: ChatRoomSummary;
  detail: ChatRoomDetail | undefined;
  myId: string | undefined;
  onLeft: () => void;
}

/**
 * The room's drawer: a direct room shows the other person's details (SPEC contact); a channel its
 * name, topic and members with presence; owners rename it and add or remove members; anyone leaves.
 */
export function RoomDetails({ opened, onClose, room, detail, myId, onLeft }: RoomDetailsProps) {
  const { t } = useTranslation('chat');
  const owner = detail?.myRole === 'owner';
  const [leaving, setLeaving] = useState(false);
  const changes = useRoomChanges(room.id);
  const contacts = useContacts();
  const peer = room.kind === 'direct' ? room.peer : undefined;
  const contact = peer ? contacts.data?.items.find((item) => item.id === peer.id) : undefined;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="sm"
      title={t('details.title')}
      closeButtonProps={{ 'aria-label': t('details.close') }}
    >
      <Stack gap="md">
        <Stack align="center" gap={6}>
          {peer ? (
            <PersonAvatar name={peer.name} avatarUrl={peer.avatarUrl} status={peer.status} size={84} />
          ) : (
            <ChannelAvatar size={84} />
          )}
          <Title order={3} ta="center">
            {room.kind === 'channel' ? `# ${room.name}` : room.name}
          </Title>
          {peer ? (
            <Text size="sm" c="dimmed">
              {t(`status.${peer.status}`)}
            </Text>
          ) : null}
        </Stack>
        {peer ? (
          <Stack gap="xs">
            <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
              {t('details.contact')}
            </Text>
            <ContactLine icon={<IconMail size={16} aria-hidden />} label={t('details.email')}>
              {contact?.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '—'}
            </ContactLine>
            <ContactLine icon={<IconPhone size={16} aria-hidden />} label={t('details.phone')}>
              {contact?.phone || '—'}
            </ContactLine>
            <ContactLine icon={<IconMapPin size={16} aria-hidden />} label={t('details.location')}>
              {contact?.location || '—'}
            </ContactLine>
          </Stack>
        ) : null}
        {room.kind === 'channel' && detail ? (
          <>
            {owner ? (
              <ChannelForm detail={detail} />
            ) : (
              <Text size="sm">{detail.topic || t('details.noTopic')}</Text>
            )}
            <Divider />
            <Group justify="space-between">
              <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
                {t('memberCount', { count: detail.members.length })}
              </Text>
            </Group>
            <ul className={classes.plainList} aria-label={t('details.members')}>
              {detail.members.map((member) => (
                <li key={member.id} className={classes.memberRow}>
                  <PersonAvatar
                    name={member.name}
                    avatarUrl={member.avatarUrl}
                    status={member.status}
                    size={32}
                  />
                  <div className={classes.grow}>
                    <Text size="sm" fw={500} truncate>
                      {member.name}
                      {member.id === myId ? ` (${t('you')})` : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`status.${member.status}`)}
                    </Text>
                  </div>
                  {member.role === 'owner' ? (
                    <Badge size="xs" variant="light">
                      {t('details.owner')}
                    </Badge>
                  ) : null}
                  {owner && member.id !== myId ? (
                    <Tooltip label={t('details.remove', { name: member.name })}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('details.remove', { name: member.name })}
                        loading={
                          changes.removeMember.isPending && changes.removeMember.variables === member.id
                        }
                        onClick={() =>
                          changes.removeMember.mutate(member.id, {
                            onError: (error) => notifyError(errorMessageOf(error)),
                          })
                        }
                      >
                        <IconUserMinus size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </li>
              ))}
            </ul>
            {owner ? (
              <AddMembers
                candidates={(contacts.data?.items ?? [])
                  .filter((item) => !detail.members.some((member) => member.id === item.id))
                  .map((item) => ({ value: item.id, label: item.name }))}
                onAdd={(ids, done) =>
                  changes.addMembers.mutate(ids, {
                    onSuccess: done,
                    onError: (error) => notifyError(errorMessageOf(error)),
                  })
                }
                pending={changes.addMembers.isPending}
              />
            ) : null}
            <Divider />
            <Button
              variant="light"
              color="red"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => setLeaving(true)}
            >
              {t('details.leave')}
            </Button>
          </>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={leaving}
        title={t('details.leaveTitle', { name: room.name })}
        confirmLabel={t('details.leave')}
        pending={changes.removeMember.isPending}
        onClose={() => setLeaving(false)}
        onConfirm={() =>
          myId &&
          changes.removeMember.mutate(myId, {
            onSuccess: () => {
              setLeaving(false);
              onClose();
              onLeft();
            },
            onError: (error) => notifyError(errorMessageOf(error)),
          })
        }
      >
        {t('details.leaveText')}
      </ConfirmDialog>
    </Drawer>
  );
}

function ContactLine({
  icon,
  label,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap">
      {icon}
      <div>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm">{children}</Text>
      </div>
    </Group>
  );
}

/** An owner renames the channel or changes its topic. */
function ChannelForm({ detail }: { detail: ChatRoomDetail }) {
  const { t } = useTranslation('chat');
  const [name, setName] = useState(detail.name);
  const [topic, setTopic] = useState(detail.topic);
  const { rename } = useRoomChanges(detail.id);
  useEffect(() => {
    setName(detail.name);
    setTopic(detail.topic);
  }, [detail.name, detail.topic]);
  const changed = name.trim() !== detail.name || topic.trim() !== detail.topic;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate(
          { name: name.trim(), topic: topic.trim(), version: detail.version },
          { onError: (error) => notifyError(errorMessageOf(error)) },
        );
      }}
    >
      <Stack gap="xs">
        <TextInput
          label={t('fields.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          required
          maxLength={80}
        />
        <Textarea
          label={t('fields.topic')}
          value={topic}
          onChange={(event) => setTopic(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={250}
        />
        {changed ? (
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={rename.isPending}>
              {t('details.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

function AddMembers({
  candidates,
  onAdd,
  pending,
}: {
  candidates: { value: string; label: string }[];
  onAdd: (ids: string[], done: () => void) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('chat');
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <MultiSelect
        className={classes.grow}
        label={t('details.add')}
        placeholder={t('details.addPlaceholder')}
        data={candidates}
        value={chosen}
        onChange={setChosen}
        searchable
        nothingFoundMessage={t('details.nobody')}
        comboboxProps={{ withinPortal: true }}
      />
      <Button disabled={!chosen.length} loading={pending} onClick={() => onAdd(chosen, () => setChosen([]))}>
        {t('details.addButton')}
      </Button>
    </Group>
  );
}
