import { Button, Group, Modal, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, isApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useContacts, useCreateChannel, useOpenDirect } from './api';

/** A new channel: its name, topic and first members; the page opens it once made. */
export function NewChannelDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (roomId: string) => void;
}) {
  const { t } = useTranslation(['chat', 'common']);
  const [name, setName] = useState('');
  const [topic, setTopic] = useState('');
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const contacts = useContacts();
  const create = useCreateChannel();
  const nameError = isApiError(create.error) ? create.error.fieldErrors.name : undefined;
  const close = () => {
    setName('');
    setTopic('');
    setMemberIds([]);
    create.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('newChannel.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { name: name.trim(), topic: topic.trim(), memberIds },
            {
              onSuccess: (room) => {
                close();
                onCreated(room.id);
              },
              onError: (error) => {
                if (!isApiError(error) || !error.fieldErrors.name) notifyError(errorMessageOf(error));
              },
            },
          );
        }}
      >
        <Stack>
          <TextInput
            label={t('fields.name')}
            placeholder={t('newChannel.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            required
            maxLength={80}
            data-autofocus
          />
          <Textarea
            label={t('fields.topic')}
            value={topic}
            onChange={(event) => setTopic(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={250}
          />
          <MultiSelect
            label={t('newChannel.members')}
            placeholder={t('details.addPlaceholder')}
            data={(contacts.data?.items ?? []).map((contact) => ({ value: contact.id, label: contact.name }))}
            value={memberIds}
            onChange={setMemberIds}
            searchable
            nothingFoundMessage={t('details.nobody')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              {t('newChannel.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A direct conversation with someone (the existing one when there is one). */
export function NewDirectDialog({
  opened,
  onClose,
  onOpened,
}: {
  opened: boolean;
  onClose: () => void;
  onOpened: (roomId: string) => void;
}) {
  const { t } = useTranslation(['chat', 'common']);
  const [userId, setUserId] = useState<string | null>(null);
  const contacts = useContacts();
  const open = useOpenDirect();
  const close = () => {
    setUserId(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('newDirect.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!userId) return;
          open.mutate(userId, {
            onSuccess: (room) => {
              close();
              onOpened(room.id);
            },
            onError: (error) => notifyError(errorMessageOf(error)),
          });
        }}
      >
        <Stack>
          <Select
            label={t('newDirect.person')}
            placeholder={t('details.addPlaceholder')}
            data={(contacts.data?.items ?? []).map((contact) => ({ value: contact.id, label: contact.name }))}
            value={userId}
            onChange={setUserId}
            searchable
            nothingFoundMessage={t('details.nobody')}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={open.isPending} disabled={!userId}>
              {t('newDirect.open')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
