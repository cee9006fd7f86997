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
import { LibraryTabs } from './LibraryTabs';
import { browserUrl, childLevel, levelLabel, toRef, updateBodyOf } from './levels';
import classes from './library.module.css';
import { MoveCodeModal } from './MoveCodeModal';
import { UnitsDrawer } from './UnitsDrawer';

/** The budget's grand total and the totals of the L1 codes, from the roll-up. */
function RollupSummary({ onOpen }: { onOpen: (id: string) => void }) {
  const rollup = useRollup();
  if (rollup.isError) return null;
  const sections = (rollup.data?.codes ?? []).filter((code) => code.level === 1);
  const shown = sections.slice(0, 6);
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-label="Budget totals">
      <Group gap="lg" align="flex-start">
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Budget total
          </Text>
          {rollup.data ? (
            <Text fz={26} fw={700} lh={1.25} className={classes.figure}>
              {formatMoney(rollup.data.total)}
            </Text>
          ) : (
            <Skeleton height={32} width={200} mt={2} />
          )}
          <Text size="xs" c="dimmed">
            Every L4 item, rolled up through the levels
          </Text>
        </div>
        <Divider orientation="vertical" visibleFrom="sm" />
        {shown.map((code) => (
          <UnstyledButton
            key={code.id}
            onClick={() => onOpen(code.id)}
            className={classes.total}
            title={`Open ${code.codeComb} ${code.description}`}
          >
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" truncate="end" maw={220}>
              {code.codeComb} · {code.description}
            </Text>
            <Text fz={18} fw={700} className={classes.figure}>
              {formatMoney(code.total)}
            </Text>
          </UnstyledButton>
        ))}
        {sections.length > shown.length ? (
          <Text size="sm" c="dimmed" mt="md">
            and {sections.length - shown.length} more L1 codes
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}

/** Where the open code sits: the library, then each code from L1 down to it. */
function PathCrumbs({ path, onOpen }: { path: CodeRef[]; onOpen: (path: CodeRef[]) => void }) {
  return (
    <nav aria-label="Code path">
      <Breadcrumbs separator="›" separatorMargin={6} fz="sm" style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {path.length === 0 ? (
          <Text size="sm" fw={600} aria-current="page">
            All codes
          </Text>
        ) : (
          <Anchor component={Link} to={browserUrl()} size="sm">
            All codes
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
  usePageTitle('Code library');
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
    setExporting('Preparing...');
    try {
      const saved = await exportLibrary(toRef(record), ({ received }) =>
        setExporting(`${formatBytes(received)} received`),
      );
      notifySuccess(`${saved.fileName} (${formatBytes(saved.size)}) is saved.`, { title: 'Export ready' });
    } catch (error) {
      notifyError(errorMessageOf(error), { title: 'The export failed.' });
    } finally {
      setExporting(null);
    }
  };

  const gone = isApiError(pathQuery.error) && pathQuery.error.status === 404;
  const below = record ? childLevel(record.level) : null;

  return (
    <>
      <PageHeader
        title="Code library"
        description="The budget's item catalogue, in four levels from L1 to L4, with the totals rolled up."
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'Administration' },
          { label: 'Code library' },
        ]}
        actions={
          mayManage ? (
            <Button
              variant="default"
              leftSection={<IconRulerMeasure size={18} aria-hidden="true" />}
              onClick={() => setUnitsOpened(true)}
            >
              Units
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
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
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
            This code no longer exists: it was deleted, perhaps with the code above it.{' '}
            <Anchor component={Link} to={browserUrl()}>
              Back to the top of the library
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
            <Text fw={600}>Open a code to see its details</Text>
            <Text size="sm" c="dimmed">
              Click a code, or use the arrow keys in a column and press Enter. Its figures, fields and actions
              appear here{mayManage ? `; add an ${levelLabel(1)} code with the + of the first column` : ''}.
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
