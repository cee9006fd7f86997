import type { FaqRecord } from '@ledgerdesk/contracts';
import {
  Accordion,
  ActionIcon,
  Button,
  Card,
  Center,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RemoveButton } from '../../components/RemoveButton';
import { useResourceList } from '../../resources/api';
import { useResourceDialogs } from '../../resources/ResourceDialogs';
import { allInOrder, faqs } from './definitions';

/** The FAQs as an accordion, in their order; managers add, edit and delete them. */
export function FaqList({ mayManage }: { mayManage: boolean }) {
  const { t } = useTranslation(['pricing/faqs', 'common']);
  const list = useResourceList<FaqRecord>(faqs, allInOrder);
  const dialogs = useResourceDialogs(faqs, {
    titleOf: (editing) => (editing === 'new' ? t('newTitle') : t('editTitle')),
    newValues: () => ({ ...faqs.emptyValues, position: items.length }),
  });
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
            onClick={() => dialogs.create()}
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
                        onClick={() => dialogs.edit(faq)}
                      >
                        <IconPencil size={16} aria-hidden="true" />
                      </ActionIcon>
                      <RemoveButton
                        label={t('deleteQuestion', { question: faq.question })}
                        onClick={() => dialogs.remove(faq)}
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
      {dialogs.dialogs}
    </section>
  );
}
