import type { CodeRecord } from '@ledgerdesk/contracts';
import {
  Alert,
  Badge,
  Button,
  DataList,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowsMove,
  IconDownload,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime, formatMoney, formatNumber, formatQuantity } from '../../lib/format';
import { KindBadge } from './KindBadge';
import { childLevel, codeLabel, levelLabel } from './levels';
import classes from './library.module.css';

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
    >
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz="xl" fw={700} className={classes.figure}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

export interface CodeActions {
  onAddChild?: () => void;
  onEdit?: () => void;
  onMove?: () => void;
  onToggleActive?: () => void;
  onDelete?: () => void;
  onExport: () => void;
  /** The export is running: what it has received so far. */
  exporting: string | null;
  togglingActive: boolean;
}

interface CodeDetailProps {
  record: CodeRecord | undefined;
  loading: boolean;
  error: unknown;
  /** Changes are offered only to users who may make them (library.manage). */
  mayManage: boolean;
  actions: CodeActions;
}

/** The open code: where it sits, its figures and fields, and what can be done to it. */
export function CodeDetail({ record, loading, error, mayManage, actions }: CodeDetailProps) {
  const { t } = useTranslation('library');
  if (error && !record) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
        {errorMessageOf(error)}
      </Alert>
    );
  }
  if (!record || loading) {
    return (
      <Paper withBorder radius="md" p="lg" aria-busy="true">
        <Skeleton height={22} width="40%" mb="md" />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Skeleton height={70} />
          <Skeleton height={70} />
          <Skeleton height={70} />
        </SimpleGrid>
      </Paper>
    );
  }

  const item = record.level === 4;
  const below = childLevel(record.level);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="code-detail-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Badge variant="light" radius="sm">
                {levelLabel(record.level)}
              </Badge>
              {record.isActive ? (
                <Badge color="teal" c="teal.9" bg="teal.0" variant="light">
                  {t('active')}
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  {t('inactive')}
                </Badge>
              )}
              {record.kind ? <KindBadge kind={record.kind} /> : null}
              {item && record.taxable ? (
                <Badge color="grape" variant="light">
                  {t('fields.taxable')}
                </Badge>
              ) : null}
            </Group>
            <Title order={2} fz="h3" id="code-detail-title">
              <span className={classes.mono}>{record.codeComb}</span> {record.description}
            </Title>
            <Text size="sm" c="dimmed">
              {record.parent ? t('detail.in', { parent: codeLabel(record.parent) }) : t('detail.top')} ·{' '}
              {t('detail.updated', { at: formatDateTime(record.updatedAt) })}
            </Text>
          </Stack>
        </Group>

        <SimpleGrid cols={{ base: 1, xs: item ? 3 : 2 }} spacing="sm">
          {item ? (
            <>
              <Figure
                label={t('fields.unitPrice')}
                value={formatMoney(record.unitPrice)}
                hint={record.unit?.name}
              />
              <Figure
                label={t('fields.quantity')}
                value={formatQuantity(record.quantity)}
                hint={record.unit?.name}
              />
              <Figure
                label={t('fields.amount')}
                value={formatMoney(record.amount)}
                hint={t('detail.amountHint')}
              />
            </>
          ) : (
            <>
              <Figure
                label={t('fields.total')}
                value={formatMoney(record.total)}
                hint={t('detail.totalHint', { code: record.codeComb })}
              />
              <Figure
                label={t('tabs.level', { level: levelLabel(below ?? 4) })}
                value={formatNumber(record.childCount)}
                hint={t('detail.directlyBelow', { code: record.codeComb })}
              />
            </>
          )}
        </SimpleGrid>

        <DataList labelWidth={140} withDivider>
          <DataList.Item>
            <DataList.ItemLabel>{t('fields.fullCode')}</DataList.ItemLabel>
            <DataList.ItemValue className={classes.mono}>{record.codeComb}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('fields.ownCode')}</DataList.ItemLabel>
            <DataList.ItemValue className={classes.mono}>{record.code}</DataList.ItemValue>
          </DataList.Item>
          {item ? (
            <>
              <DataList.Item>
                <DataList.ItemLabel>{t('fields.unit')}</DataList.ItemLabel>
                <DataList.ItemValue>{record.unit?.name ?? '—'}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('fields.notes')}</DataList.ItemLabel>
                <DataList.ItemValue style={{ whiteSpace: 'pre-wrap' }}>
                  {record.notes || '—'}
                </DataList.ItemValue>
              </DataList.Item>
            </>
          ) : null}
          <DataList.Item>
            <DataList.ItemLabel>{t('fields.created')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(record.createdAt)}</DataList.ItemValue>
          </DataList.Item>
        </DataList>

        <Group gap="xs">
          {mayManage && below && actions.onAddChild ? (
            <Button
              size="sm"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={actions.onAddChild}
            >
              {t('addCode', { level: levelLabel(below) })}
            </Button>
          ) : null}
          {mayManage && actions.onEdit ? (
            <Button
              size="sm"
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden="true" />}
              onClick={actions.onEdit}
            >
              {t('common:actions.edit')}
            </Button>
          ) : null}
          {mayManage && record.level > 1 && actions.onMove ? (
            <Button
              size="sm"
              variant="default"
              leftSection={<IconArrowsMove size={16} aria-hidden="true" />}
              onClick={actions.onMove}
            >
              {t('common:actions.move')}
            </Button>
          ) : null}
          {mayManage && actions.onToggleActive ? (
            <Button
              size="sm"
              variant="default"
              loading={actions.togglingActive}
              leftSection={
                record.isActive ? (
                  <IconEyeOff size={16} aria-hidden="true" />
                ) : (
                  <IconEye size={16} aria-hidden="true" />
                )
              }
              onClick={actions.onToggleActive}
            >
              {record.isActive ? t('deactivate') : t('activate')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={actions.onExport}
            loading={actions.exporting !== null}
            loaderProps={{ type: 'dots' }}
          >
            {item ? t('export.csv') : t('export.subtree')}
          </Button>
          {actions.exporting ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {actions.exporting}
            </Text>
          ) : null}
          {mayManage && actions.onDelete ? (
            <Button
              size="sm"
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={actions.onDelete}
            >
              {t('common:actions.delete')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
