import type { FaqRecord } from '@ledgerdesk/contracts';
import {
  Accordion,
  ActionIcon,
  Button,
  Card,
  Center,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/ConfirmDialog';
import { RemoveButton } from '../../components/RemoveButton';
import { useResourceList, useResourceMutations } from '../../resources/api';
import { ResourceForm } from '../../resources/ResourceForm';
import { allInOrder, faqs } from './definitions';

/** The FAQs as an accordion, in their order; managers add, edit and delete them. */
export function FaqList({ mayManage }: { mayManage: boolean }) {
  const { t } = useTranslation(['pricing/faqs', 'common']);
  const list = useResourceList<FaqRecord>(faqs, allInOrder);
  const mutations = useResourceMutations(faqs);
  const [editing, setEditing] = useState<FaqRecord | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<FaqRecord | null>(null);
  const items = list.data?.results ?? [];

  return (
    <section aria-labelledby="faqs-title">
      <Group justify="space-between" align="flex-end" mb="md">
        <div>
          <Title order={2} fz="h3" id="faqs-title">
            {t('title')}
          </Title>
          <Text c="dimmed">{t('intro')}</Text>
        </div>
        {mayManage ? (
          <Button
            variant="light"
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => setEditing('new')}
          >
            {t('add')}
          </Button>
        ) : null}
      </Group>
      {!list.data ? (
        <Skeleton h={200} radius="md" />
      ) : items.length === 0 ? (
        <Center py="lg">
          <Text c="dimmed">{t('empty')}</Text>
        </Center>
      ) : (
        <Card withBorder radius="md" p={0}>
          <Accordion chevronPosition="right">
            {items.map((faq) => (
              <Accordion.Item key={faq.id} value={faq.id}>
                <Group gap={4} wrap="nowrap" pr={mayManage ? 'xs' : 0}>
                  <Accordion.Control>{faq.question}</Accordion.Control>
                  {mayManage ? (
                    <>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('editQuestion', { question: faq.question })}
                        onClick={() => setEditing(faq)}
                      >
                        <IconPencil size={16} aria-hidden="true" />
                      </ActionIcon>
                      <RemoveButton
                        label={t('deleteQuestion', { question: faq.question })}
                        onClick={() => setToDelete(faq)}
                      />
                    </>
                  ) : null}
                </Group>
                <Accordion.Panel>
                  <Stack gap="xs">
                    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                      {faq.answer}
                    </Text>
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Card>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('newTitle') : t('editTitle')}
        size="lg"
      >
        {editing !== null ? (
          <ResourceForm
            def={faqs}
            initialValues={
              editing === 'new' ? { ...faqs.emptyValues, position: items.length } : faqs.toInput(editing)
            }
            submitLabel={t('common:resource.save')}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              if (editing === 'new') await mutations.create.mutateAsync(values);
              else await mutations.update.mutateAsync({ key: editing.id, values, showsStale: true });
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDelete
        record={toDelete}
        entity={t('one')}
        nameOf={faqs.titleOf}
        pending={mutations.remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={(faq) => mutations.remove.mutate(faq.id, { onSettled: () => setToDelete(null) })}
      />
    </section>
  );
}
