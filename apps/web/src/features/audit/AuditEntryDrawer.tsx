import type { AuditEntry } from '@ledgerdesk/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Code,
  Drawer,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowRight, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { i18n } from '../../i18n';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useAuditEntry } from './api';

/** A recorded value as text: "—" for none, Yes/No, lists joined, records as JSON. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return i18n.t(value ? 'common:words.yes' : 'common:words.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value.every((item) => typeof item !== 'object' || item === null)
      ? value.map(String).join(', ')
      : JSON.stringify(value);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "firstName" → "First name". */
function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const { before, after } = entry;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('entry.noValues')}
      </Text>
    );
  }
  const headers =
    before && after
      ? [t('entry.field'), t('entry.before'), '', t('entry.after')]
      : [t('entry.field'), before ? t('entry.valueRemoved') : t('entry.value')];
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={320} type="native">
        <Table verticalSpacing={8} horizontalSpacing="sm" aria-label={t('entry.changedFields')}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((header, index) =>
                header ? (
                  <Table.Th
                    key={header}
                    scope="col"
                    w={index === 0 ? '30%' : index === 1 ? '33%' : undefined}
                  >
                    {header}
                  </Table.Th>
                ) : (
                  <Table.Th key="arrow" w={32} px={0} aria-hidden="true" />
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field}>
                <Table.Th scope="row" fw={500}>
                  {fieldLabel(field)}
                </Table.Th>
                {before && after ? (
                  <>
                    <Table.Td>
                      <Text size="sm" c="red.9" td="line-through" style={{ wordBreak: 'break-word' }}>
                        {showValue(before[field])}
                      </Text>
                    </Table.Td>
                    <Table.Td aria-hidden="true" px={0}>
                      <IconArrowRight size={14} color="var(--mantine-color-dimmed)" />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="teal.9" fw={500} style={{ wordBreak: 'break-word' }}>
                        {showValue(after[field])}
                      </Text>
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {showValue((after ?? before)?.[field])}
                    </Text>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

interface AuditEntryDrawerProps {
  /** The entry to show (from the URL); null when closed. */
  entryId: string | null;
  /** The entry as the list has it, if it is on the page shown. */
  fromList: AuditEntry | undefined;
  onClose: () => void;
}

/** One audit entry: who did what to which record, and the fields it changed (old → new). */
export function AuditEntryDrawer({ entryId, fromList, onClose }: AuditEntryDrawerProps) {
  const { t } = useTranslation('audit');
  const entry = useAuditEntry(entryId, fromList);
  const data = entry.data;

  return (
    <Drawer
      opened={entryId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} fz="h4">
          {t('entry.title')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {entry.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label={t('entry.loading')} />
        </Group>
      ) : entry.isError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessageOf(entry.error)}
        </Alert>
      ) : data ? (
        <Stack gap="lg">
          <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
            <Detail label={t('columns.time')}>
              <time dateTime={data.at}>{formatDateTime(data.at)}</time>
            </Detail>
            <Detail label={t('columns.actor')}>{data.actorLabel || '—'}</Detail>
            <Detail label={t('columns.action')}>
              <Badge variant="light" tt="none">
                {data.action}
              </Badge>
            </Detail>
            <Detail label={t('columns.address')}>{data.ip || '—'}</Detail>
            <Detail label={t('columns.entity')}>{data.entity}</Detail>
            <Detail label={t('columns.key')}>
              <Code>{data.entityKey}</Code>
            </Detail>
          </SimpleGrid>
          <Stack gap="xs">
            <Title order={3} fz="h5">
              {t('entry.changes')}
            </Title>
            <Changes entry={data} />
          </Stack>
          <Anchor
            component={Link}
            to={`/admin/audit?entity=${encodeURIComponent(data.entity)}&entityKey=${encodeURIComponent(data.entityKey)}`}
            size="sm"
          >
            <IconHistory size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} />{' '}
            {t('entry.allOf', { entity: data.entity })}
          </Anchor>
        </Stack>
      ) : null}
    </Drawer>
  );
}
