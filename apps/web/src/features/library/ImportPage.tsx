import {
  type CodeRef,
  type ImportRowError,
  type ImportSummary,
  libraryCsvColumns,
} from '@ledgerdesk/contracts';
import {
  Alert,
  Badge,
  Button,
  Code,
  FileInput,
  Group,
  Paper,
  Progress,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconDownload,
  IconFileSpreadsheet,
  IconRefresh,
  IconUpload,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { errorMessageOf } from '../../lib/api';
import { formatBytes, formatNumber } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { resourceKeys } from '../../lib/query-keys';
import {
  exportLibrary,
  type ImportPreview,
  type ImportProgress,
  previewImport,
  rowErrorsOf,
  runImport,
} from './api';
import { CodeSearch } from './CodeSearch';
import { LibraryTabs } from './LibraryTabs';
import { levelLabel } from './levels';
import classes from './library.module.css';

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Export: the whole library, or the subtree of one code. */
function ExportSection() {
  const { t } = useTranslation('library');
  const [root, setRoot] = useState<CodeRef | null>(null);
  const [progress, setProgress] = useState<{ which: 'all' | 'subtree'; received: number } | null>(null);

  const run = async (which: 'all' | 'subtree') => {
    setProgress({ which, received: 0 });
    try {
      const saved = await exportLibrary(which === 'subtree' ? root : null, ({ received }) =>
        setProgress({ which, received }),
      );
      notifySuccess(t('export.saved', { file: saved.fileName, size: formatBytes(saved.size) }), {
        title: t('export.ready'),
      });
    } catch (error) {
      notifyError(errorMessageOf(error), { title: t('export.failed') });
    } finally {
      setProgress(null);
    }
  };

  const status = (which: 'all' | 'subtree') =>
    progress?.which === which ? (
      <Text size="sm" c="dimmed" aria-live="polite" className={classes.progressLabel}>
        {progress.received
          ? t('export.received', { size: formatBytes(progress.received) })
          : t('export.preparing')}
      </Text>
    ) : null;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="export-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="export-title">
            {t('common:actions.export')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('export.intro')}
          </Text>
        </div>
        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={18} aria-hidden="true" />}
            onClick={() => void run('all')}
            loading={progress?.which === 'all'}
            disabled={progress !== null}
          >
            {t('export.all')}
          </Button>
          {status('all')}
        </Group>
        <Group gap="sm" align="flex-end">
          <CodeSearch label={t('export.subtreeOf')} onChoose={(hit) => setRoot(hit.code)} />
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden="true" />}
            onClick={() => void run('subtree')}
            disabled={!root || progress !== null}
            loading={progress?.which === 'subtree'}
          >
            {root ? t('export.codeAndBelow', { code: root.codeComb }) : t('export.subtree')}
          </Button>
          {status('subtree')}
        </Group>
        {root ? (
          <Group gap="xs">
            <Text size="sm">
              {t('export.chosen')} <span className={classes.mono}>{root.codeComb}</span> {root.description} (
              {levelLabel(root.level)})
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => setRoot(null)}>
              {t('export.clear')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

type Phase =
  | { step: 'idle' }
  | { step: 'checking'; sent: number; total: number }
  | { step: 'checked'; preview: ImportPreview }
  | { step: 'importing'; progress: ImportProgress; preview: ImportPreview }
  | { step: 'done'; summary: ImportSummary }
  | { step: 'failed'; message: string; errors: ImportRowError[]; preview: ImportPreview | null };

/** The figures of an import for its sentence: "4 rows: 0 added, 4 updated". */
function summaryValues(summary: ImportSummary) {
  return {
    count: summary.rows,
    rows: formatNumber(summary.rows),
    added: formatNumber(summary.inserted),
    updated: formatNumber(summary.updated),
  };
}

function percent(part: number, whole: number) {
  return whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0;
}

function RowErrors({ errors, total }: { errors: ImportRowError[]; total?: number }) {
  const { t } = useTranslation('library');
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('import.errors', { count: errors.length })}
        {total !== undefined && total > errors.length
          ? ` ${t('import.firstListed', { count: errors.length })}`
          : ''}
      </Text>
      <ScrollArea.Autosize mah={320} type="auto">
        <Table striped withTableBorder verticalSpacing={6} aria-label={t('import.errorsTable')} stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={80}>
                {t('import.line')}
              </Table.Th>
              <Table.Th scope="col" w={160}>
                {t('import.column')}
              </Table.Th>
              <Table.Th scope="col">{t('import.error')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((error) => (
              <Table.Tr key={`${error.row}.${error.field}.${error.message}`}>
                <Table.Td className={classes.figure}>{error.row || '—'}</Table.Td>
                <Table.Td>
                  <Code>{error.field}</Code>
                </Table.Td>
                <Table.Td>{error.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function Counts({ summary, verb }: { summary: ImportSummary; verb: 'will be' | 'were' }) {
  const { t } = useTranslation('library');
  return (
    <SimpleGrid cols={3} spacing="sm">
      {[
        { label: t('import.rows'), value: summary.rows },
        { label: verb === 'were' ? t('import.added') : t('import.newCodes'), value: summary.inserted },
        { label: verb === 'were' ? t('import.updated') : t('import.updates'), value: summary.updated },
      ].map((item) => (
        <Paper
          key={item.label}
          withBorder
          radius="md"
          p="sm"
          bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
        >
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {item.label}
          </Text>
          <Text fz="xl" fw={700} className={classes.figure}>
            {formatNumber(item.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Import: choose a CSV, see the preview (the server's dry run), then import all or nothing. */
function ImportSection() {
  const { t } = useTranslation('library');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const check = async (chosen: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ step: 'checking', sent: 0, total: chosen.size });
    try {
      const preview = await previewImport(
        chosen,
        (sent, total) => setPhase({ step: 'checking', sent, total }),
        controller.signal,
      );
      setPhase({ step: 'checked', preview });
    } catch (error) {
      if (isAbort(error)) return;
      setPhase({ step: 'failed', message: errorMessageOf(error), errors: rowErrorsOf(error), preview: null });
    }
  };

  const start = async (preview: ImportPreview) => {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ step: 'importing', progress: { phase: 'upload', sent: 0, total: file.size }, preview });
    try {
      const summary = await runImport(
        file,
        (progress) => setPhase({ step: 'importing', progress, preview }),
        controller.signal,
      );
      setPhase({ step: 'done', summary });
      notifySuccess(t('import.summary', summaryValues(summary)), { title: t('import.finished') });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.library }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.audit }),
      ]);
    } catch (error) {
      if (isAbort(error)) {
        setPhase({ step: 'checked', preview });
        return;
      }
      const message = errorMessageOf(error);
      setPhase({ step: 'failed', message, errors: rowErrorsOf(error), preview });
      notifyError(message, { title: t('import.failed') });
    }
  };

  const choose = (chosen: File | null) => {
    abort.current?.abort();
    setFile(chosen);
    if (chosen) void check(chosen);
    else setPhase({ step: 'idle' });
  };

  const busy = phase.step === 'checking' || phase.step === 'importing';

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="import-title">
            {t('common:actions.import')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('import.intro')}
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          <FileInput
            label={t('import.file')}
            placeholder={t('import.filePlaceholder')}
            accept=".csv,text/csv"
            value={file}
            onChange={choose}
            leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
            clearable
            clearButtonProps={{ 'aria-label': t('import.removeFile') }}
            disabled={phase.step === 'importing'}
            w={{ base: '100%', sm: 360 }}
          />
          {file && !busy ? (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={() => void check(file)}
            >
              {t('import.checkAgain')}
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t('import.columns')}{' '}
          <Code style={{ overflowWrap: 'anywhere' }}>{libraryCsvColumns.join(',')}</Code>
        </Text>

        {phase.step === 'checking' ? (
          <Stack gap={4}>
            <Progress value={percent(phase.sent, phase.total)} aria-label={t('import.checking')} animated />
            <Text size="sm" c="dimmed" className={classes.progressLabel} aria-live="polite">
              {phase.sent < phase.total
                ? t('import.uploadingCheck', {
                    percent: percent(phase.sent, phase.total),
                    size: formatBytes(phase.total),
                  })
                : t('import.checkingRows')}
            </Text>
          </Stack>
        ) : null}

        {phase.step === 'checked' ? (
          <Stack gap="md">
            <Group gap="xs">
              <Title order={3} fz="h5">
                {t('import.preview')}
              </Title>
              {phase.preview.errors.length === 0 ? (
                <Badge color="teal" c="teal.9" bg="teal.0" variant="light">
                  {t('import.noErrors')}
                </Badge>
              ) : (
                <Badge color="red" variant="light">
                  {t('import.errors', { count: phase.preview.errors.length })}
                </Badge>
              )}
            </Group>
            <Counts summary={phase.preview} verb="will be" />
            {phase.preview.errors.length > 0 ? (
              <>
                <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
                  {t('import.fixFirst')}
                </Alert>
                <RowErrors errors={phase.preview.errors} />
              </>
            ) : (
              <Group>
                <Button
                  leftSection={<IconUpload size={18} aria-hidden="true" />}
                  onClick={() => void start(phase.preview)}
                  disabled={phase.preview.rows === 0}
                >
                  {t('import.importRows', { count: phase.preview.rows })}
                </Button>
              </Group>
            )}
          </Stack>
        ) : null}

        {phase.step === 'importing' ? (
          <ImportProgressView progress={phase.progress} onCancel={() => abort.current?.abort()} />
        ) : null}

        {phase.step === 'done' ? (
          <Stack gap="md">
            <Stack gap={4}>
              <Progress value={100} color="teal" aria-label={t('import.progress')} size="lg" />
              <Text size="sm" className={classes.progressLabel}>
                {t('import.allWritten')}
              </Text>
            </Stack>
            <Alert
              color="teal"
              variant="light"
              role="status"
              icon={<IconCircleCheck aria-hidden="true" />}
              title={t('import.finished')}
            >
              {t('import.imported', summaryValues(phase.summary))}
            </Alert>
            <Counts summary={phase.summary} verb="were" />
          </Stack>
        ) : null}

        {phase.step === 'failed' ? (
          <Stack gap="md">
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertCircle aria-hidden="true" />}
              title={t('import.nothing')}
            >
              {phase.message}
            </Alert>
            {phase.errors.length > 0 ? <RowErrors errors={phase.errors} /> : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ImportProgressView({ progress, onCancel }: { progress: ImportProgress; onCancel: () => void }) {
  const { t } = useTranslation('library');
  const uploading = progress.phase === 'upload';
  const value = uploading ? percent(progress.sent, progress.total) : percent(progress.done, progress.total);
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {uploading ? t('import.step1') : t('import.step2')}
        </Text>
        {uploading ? (
          <Button size="xs" variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
        ) : null}
      </Group>
      <Progress value={value} aria-label={t('import.progress')} size="lg" animated />
      <Text size="sm" c="dimmed" className={classes.progressLabel} aria-live="polite">
        {uploading
          ? t('import.uploaded', {
              percent: value,
              sent: formatBytes(progress.sent),
              total: formatBytes(progress.total),
            })
          : t('import.written', {
              percent: value,
              done: formatNumber(progress.done),
              count: progress.total,
              total: formatNumber(progress.total),
            })}
      </Text>
    </Stack>
  );
}

export function ImportPage() {
  const { t } = useTranslation('library');
  const can = useCan();
  const mayManage = can('library.manage');
  const title = mayManage ? t('tabs.importExport') : t('tabs.export');
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} description={t('import.description')} />
      <LibraryTabs />
      <Stack gap="lg">
        {mayManage ? <ImportSection /> : null}
        <ExportSection />
      </Stack>
    </>
  );
}

export { ImportPage as Component };
