import type { CodeLevel, CodeRecord, CodeRef } from '@ledgerdesk/contracts';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconRulerMeasure } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { errorMessageOf, isApiError } from '../../lib/api';
import { formatBytes, formatMoney } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { exportLibrary, primeCode, useCode, useCodePath, useRollup, useUpdateCode } from './api';
import { CodeColumns } from './CodeColumns';
import { CodeDetail } from './CodeDetail';
import { CodeFormModal, type CodeFormState } from './CodeFormModal';
import { CodeSearch } from './CodeSearch';
import { DeleteCodeDialog } from './DeleteCodeDialog';
import { KindBadge } from './KindBadge';
import { LibraryTabs } from './LibraryTabs';
import { browserUrl, childLevel, levelLabel, toRef, updateBodyOf } from './levels';
import classes from './library.module.css';
import { MoveCodeModal } from './MoveCodeModal';
import { UnitsDrawer } from './UnitsDrawer';

/** One figure of the budget: its label (a term of the summary's list) and its value. */
function BudgetFigure({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton component="dd" height={32} width={160} mt={2} ms={0} />
      ) : (
        <Text component="dd" m={0} fz={26} fw={700} lh={1.25} className={classes.figure}>
          {formatMoney(value)}
        </Text>
      )}
    </div>
  );
}

/**
 * The budget's income, expenses and balance (never one total of both) and the totals of the L1
 * codes, each with its kind, from the roll-up.
 */
function RollupSummary({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('library');
  const rollup = useRollup();
  if (rollup.isError) return null;
  const sections = (rollup.data?.codes ?? []).filter((code) => code.level === 1);
  const shown = sections.slice(0, 6);
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-label={t('rollup.label')}>
      <Stack gap="sm">
        <div>
          <Group component="dl" m={0} gap="xl" align="flex-start">
            <BudgetFigure label={t('rollup.income')} value={rollup.data?.income} />
            <BudgetFigure label={t('rollup.expenses')} value={rollup.data?.expenses} />
            <BudgetFigure label={t('rollup.balance')} value={rollup.data?.balance} />
          </Group>
          <Text size="xs" c="dimmed">
            {t('rollup.hint')}
          </Text>
        </div>
        {shown.length > 0 ? <Divider /> : null}
        <Group gap="lg" align="flex-start">
          {shown.map((code) => (
            <UnstyledButton
              key={code.id}
              onClick={() => onOpen(code.id)}
              className={classes.total}
              title={t('rollup.open', { code: `${code.codeComb} ${code.description}` })}
            >
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" truncate="end" maw={220}>
                {code.codeComb} · {code.description}
              </Text>
              <Group gap={6} wrap="nowrap">
                <Text fz={18} fw={700} className={classes.figure}>
                  {formatMoney(code.total)}
                </Text>
                {code.kind ? <KindBadge kind={code.kind} size="sm" /> : null}
              </Group>
            </UnstyledButton>
          ))}
          {sections.length > shown.length ? (
            <Text size="sm" c="dimmed" mt="md">
              {t('rollup.more', { count: sections.length - shown.length })}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Where the open code sits: the library, then each code from L1 down to it. */
function PathCrumbs({ path, onOpen }: { path: CodeRef[]; onOpen: (path: CodeRef[]) => void }) {
  const { t } = useTranslation('library');
  return (
    <nav aria-label={t('path.label')}>
      <Breadcrumbs separator="›" separatorMargin={6} fz="sm" style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {path.length === 0 ? (
          <Text size="sm" fw={600} aria-current="page">
            {t('path.all')}
          </Text>
        ) : (
          <Anchor component={Link} to={browserUrl()} size="sm">
            {t('path.all')}
          </Anchor>
        )}
        {path.map((ref, index) =>
          index === path.length - 1 ? (
            <Text key={ref.id} size="sm" fw={600} aria-current="page">
              <span className={classes.mono}>{ref.codeComb}</span> {ref.description}
            </Text>
          ) : (
            <Anchor
              key={ref.id}
              component={Link}
              to={browserUrl(ref.id)}
              size="sm"
              onClick={() => onOpen(path.slice(0, index + 1))}
            >
              <span className={classes.mono}>{ref.codeComb}</span> {ref.description}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

export function LibraryPage() {
  const { t } = useTranslation('library');
  usePageTitle(t('title'));
  const can = useCan();
  const mayManage = can('library.manage');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const codeId = params.get('code');
  const pathQuery = useCodePath(codeId);
  const path = codeId ? (pathQuery.data ?? []) : [];
  const code = useCode(codeId);
  const record = code.data;

  const [form, setForm] = useState<CodeFormState>({ mode: 'closed' });
  const [toMove, setToMove] = useState<CodeRecord | null>(null);
  const [toDelete, setToDelete] = useState<CodeRecord | null>(null);
  const [unitsOpened, setUnitsOpened] = useState(false);
  const [exporting, setExporting] = useState<string | null>(null);
  const update = useUpdateCode((record?.level ?? 1) as CodeLevel);

  /** Opens the last code of `target` (all of whose codes are known); none: the library's top. */
  const openPath = (target: CodeRef[], known?: CodeRecord) => {
    const last = target[target.length - 1];
    if (last) primeCode(queryClient, target, known);
    setParams(last ? { code: last.id } : {});
  };

  /** A code just added or changed: open it where it now sits. */
  const openSaved = (saved: CodeRecord) => {
    const at = saved.parent ? path.findIndex((ref) => ref.id === saved.parent?.id) : -1;
    if (!saved.parent) openPath([toRef(saved)], saved);
    else if (at >= 0) openPath([...path.slice(0, at + 1), toRef(saved)], saved);
    else setParams({ code: saved.id });
  };

  const exportSubtree = async () => {
    if (!record) return;
    setExporting(t('export.preparing'));
    try {
      const saved = await exportLibrary(toRef(record), ({ received }) =>
        setExporting(t('export.received', { size: formatBytes(received) })),
      );
      notifySuccess(t('export.saved', { file: saved.fileName, size: formatBytes(saved.size) }), {
        title: t('export.ready'),
      });
    } catch (error) {
      notifyError(errorMessageOf(error), { title: t('export.failed') });
    } finally {
      setExporting(null);
    }
  };

  const gone = isApiError(pathQuery.error) && pathQuery.error.status === 404;
  const below = record ? childLevel(record.level) : null;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          mayManage ? (
            <Button
              variant="default"
              leftSection={<IconRulerMeasure size={18} aria-hidden="true" />}
              onClick={() => setUnitsOpened(true)}
            >
              {t('units.button')}
            </Button>
          ) : null
        }
      />
      <LibraryTabs />
      <RollupSummary onOpen={(id) => setParams({ code: id })} />

      <Paper withBorder radius="md" mb="md" style={{ overflow: 'hidden' }}>
        <Group
          justify="space-between"
          gap="sm"
          p="sm"
          px="md"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <PathCrumbs path={path} onOpen={(target) => openPath(target)} />
          <CodeSearch onChoose={(hit) => openPath([...hit.path, hit.code])} />
        </Group>
        {gone ? (
          <Alert
            color="orange"
            variant="light"
            m="md"
            icon={<IconAlertCircle aria-hidden="true" />}
            role="alert"
          >
            {t('gone.text')}{' '}
            <Anchor component={Link} to={browserUrl()}>
              {t('gone.back')}
            </Anchor>
          </Alert>
        ) : null}
        <CodeColumns
          path={path}
          onOpen={(opened, target) => openPath(target, opened)}
          onAdd={mayManage ? (level, parent) => setForm({ mode: 'add', level, parent }) : undefined}
        />
      </Paper>

      {codeId && !gone ? (
        <CodeDetail
          record={record}
          loading={!record && code.isPending}
          error={code.error}
          mayManage={mayManage}
          actions={{
            onAddChild:
              record && below
                ? () => setForm({ mode: 'add', level: below, parent: toRef(record) })
                : undefined,
            onEdit: record ? () => setForm({ mode: 'edit', record }) : undefined,
            onMove: record ? () => setToMove(record) : undefined,
            onToggleActive: record
              ? () => update.mutate(updateBodyOf(record, { isActive: !record.isActive }))
              : undefined,
            onDelete: record ? () => setToDelete(record) : undefined,
            onExport: () => void exportSubtree(),
            exporting,
            togglingActive: update.isPending,
          }}
        />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Stack gap={4}>
            <Text fw={600}>{t('empty.title')}</Text>
            <Text size="sm" c="dimmed">
              {mayManage ? t('empty.textManage', { level: levelLabel(1) }) : t('empty.text')}
            </Text>
          </Stack>
        </Paper>
      )}

      <CodeFormModal state={form} onClose={() => setForm({ mode: 'closed' })} onSaved={openSaved} />
      <MoveCodeModal record={toMove} onClose={() => setToMove(null)} onMoved={openSaved} />
      <DeleteCodeDialog
        record={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(deleted) => {
          const at = path.findIndex((ref) => ref.id === deleted.id);
          if (at >= 0) openPath(path.slice(0, at));
        }}
      />
      <UnitsDrawer opened={unitsOpened} onClose={() => setUnitsOpened(false)} />
    </>
  );
}

export { LibraryPage as Component };
