import {
  Alert,
  Button,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmDelete } from '../components/ConfirmDialog';
import { PageHeader } from '../components/PageHeader';
import { ApiError, errorMessageOf } from '../lib/api';
import { usePageTitle } from '../lib/page-title';
import { useCan } from '../lib/permissions';
import { useResourceMutations, useResourceRecord } from './api';
import { CellValue } from './cells';
import { RecordActivity } from './RecordActivity';
import { RelatedTable } from './RelatedTable';
import classes from './ResourceDetailPage.module.css';
import type { DetailSpec, ResourceDefinition } from './types';

/** A tab of an area's own beside the engine's (a project's members; later a record's files). */
export interface DetailTab<Rec> {
  /** Its name in the address (`?tab=<id>`). */
  id: string;
  label: string;
  render: (record: Rec) => ReactNode;
}

interface ResourceDetailPageProps<Rec, Values> {
  def: ResourceDefinition<Rec, Values>;
  /** Sections of the overview below the fields (an area's own: order lines, an invoice as it prints). */
  children?: (record: Rec) => ReactNode;
  /** More buttons beside Edit and Delete. */
  actions?: (record: Rec) => ReactNode;
  /** Tabs of the area's own, after the related records and before the activity. */
  tabs?: DetailTab<Rec>[];
  /** What the activity tab shows above the record's audit entries (a ticket's replies). */
  activity?: (record: Rec) => ReactNode;
}

const OVERVIEW = 'overview';
const ACTIVITY = 'activity';

/**
 * `<route>/:id`: one record. A header (title, status, key figures, Edit and Delete for those who
 * may change it), then tabs kept in the address (`?tab=`): the overview (its fields), one tab per
 * related list the definition declares, the area's own tabs, and the record's activity.
 */
export function ResourceDetailPage<Rec, Values>({
  def,
  children,
  actions,
  tabs = [],
  activity,
}: ResourceDetailPageProps<Rec, Values>) {
  const { id } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const can = useCan();
  const { t } = useTranslation([def.ns, 'common']);
  const record = useResourceRecord(def, id);
  const { remove } = useResourceMutations(def);
  const [confirming, setConfirming] = useState(false);
  const name = record.data ? def.titleOf(record.data) : '';
  const notFound = record.error instanceof ApiError && record.error.status === 404;
  usePageTitle(notFound ? t('common:detail.notFound.title') : name || t('one'));
  const mayManage = can(`${def.area}.manage`);
  // The header shows the status first, then the key figures; the overview leaves them out.
  const headerFigures = [...(def.status ? [def.status] : []), ...(def.figures ?? [])];
  const inHeader = new Set(headerFigures.map((figure) => figure.id));
  const fields = (
    def.detail ?? def.columns.map((column) => ({ id: column.id, value: column.cell, wide: false }))
  ).filter((field) => !inHeader.has(field.id));

  if (record.isPending) return <Skeleton h={320} radius="md" />;
  if (record.isError) {
    return (
      <>
        <PageHeader
          title={notFound ? t('common:detail.notFound.title') : t('one')}
          record={notFound ? t('common:detail.notFound.title') : t('one')}
        />
        <Stack align="flex-start" gap="md">
          {notFound ? (
            <Text>{t('common:detail.notFound.text')}</Text>
          ) : (
            <Alert color="red" role="alert" w="100%">
              {errorMessageOf(record.error)}
            </Alert>
          )}
          <Button
            component={Link}
            to={def.route}
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          >
            {t('common:detail.backTo', { list: t('title') })}
          </Button>
        </Stack>
      </>
    );
  }
  const data = record.data;
  const related = def.related ?? [];
  const tabIds = [
    OVERVIEW,
    ...related.map((relation) => relation.id),
    ...tabs.map((tab) => tab.id),
    ACTIVITY,
  ];
  const requested = searchParams.get('tab');
  const current = requested && tabIds.includes(requested) ? requested : OVERVIEW;
  const selectTab = (tab: string | null) => {
    if (!tab) return;
    const next = new URLSearchParams(searchParams);
    if (tab === OVERVIEW) next.delete('tab');
    else next.set('tab', tab);
    setSearchParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title={name}
        record={name}
        actions={
          <Group gap="sm">
            {actions?.(data)}
            {mayManage ? (
              <>
                <Button
                  component={Link}
                  to={`${def.route}/${id}/edit`}
                  leftSection={<IconPencil size={16} aria-hidden="true" />}
                >
                  {t('common:resource.edit')}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={() => setConfirming(true)}
                >
                  {t('common:resource.delete')}
                </Button>
              </>
            ) : null}
          </Group>
        }
      />
      <Stack gap="lg">
        <KeyFigures record={data} figures={headerFigures} t={t} />
        <Tabs value={current} onChange={selectTab} keepMounted={false}>
          <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
            <Tabs.List aria-label={t('common:detail.sections', { name })} className={classes.tabList}>
              <Tabs.Tab value={OVERVIEW}>{t('common:detail.overview')}</Tabs.Tab>
              {related.map((relation) => (
                <Tabs.Tab key={relation.id} value={relation.id}>
                  {t(`related.${relation.id}`)}
                </Tabs.Tab>
              ))}
              {tabs.map((tab) => (
                <Tabs.Tab key={tab.id} value={tab.id}>
                  {tab.label}
                </Tabs.Tab>
              ))}
              <Tabs.Tab value={ACTIVITY}>{t('common:detail.activity')}</Tabs.Tab>
            </Tabs.List>
          </ScrollArea>
          <Tabs.Panel value={OVERVIEW} pt="lg">
            <Stack gap="lg">
              {fields.length > 0 ? (
                <Paper withBorder p="lg" radius="md">
                  <SimpleGrid
                    cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
                    spacing="lg"
                    verticalSpacing="md"
                    component="dl"
                    m={0}
                  >
                    {fields.map((field) => (
                      <div key={field.id} style={field.wide ? { gridColumn: '1 / -1' } : undefined}>
                        <Text component="dt" size="xs" tt="uppercase" fw={600} c="dimmed">
                          {t(`fields.${field.id}`)}
                        </Text>
                        <Text component="dd" size="sm" m={0} mt={4}>
                          {field.value ? (
                            field.value(data, t)
                          ) : (
                            <CellValue value={(data as Record<string, unknown>)[field.id]} />
                          )}
                        </Text>
                      </div>
                    ))}
                  </SimpleGrid>
                </Paper>
              ) : null}
              {children?.(data)}
            </Stack>
          </Tabs.Panel>
          {related.map((relation) => (
            <Tabs.Panel key={relation.id} value={relation.id} pt="lg">
              <RelatedTable
                resource={relation.resource()}
                label={t(`related.${relation.id}`)}
                filter={relation.filter(data)}
                columns={relation.columns}
                ordering={relation.ordering}
              />
            </Tabs.Panel>
          ))}
          {tabs.map((tab) => (
            <Tabs.Panel key={tab.id} value={tab.id} pt="lg">
              {tab.render(data)}
            </Tabs.Panel>
          ))}
          <Tabs.Panel value={ACTIVITY} pt="lg">
            <Stack gap="lg">
              {activity?.(data)}
              <RecordActivity def={def} recordKey={def.keyOf(data)} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <ConfirmDelete
        record={confirming ? data : null}
        entity={t('one')}
        nameOf={def.titleOf}
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(id ?? '', {
            onSuccess: () => navigate(def.route, { replace: true }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </>
  );
}

/** The header's strip: the record's status badge and its key figures, each a label over its value. */
function KeyFigures<Rec>({ record, figures, t }: { record: Rec; figures: DetailSpec<Rec>[]; t: TFunction }) {
  if (figures.length === 0) return null;
  const items = [
    ...figures.map((figure) => ({
      id: figure.id,
      label: t(`fields.${figure.id}`),
      value: figure.value ? (
        figure.value(record, t)
      ) : (
        <CellValue value={(record as Record<string, unknown>)[figure.id]} />
      ),
    })),
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid
        cols={{ base: 2, sm: Math.min(items.length, 4), lg: Math.min(items.length, 6) }}
        spacing="lg"
        verticalSpacing="md"
        component="dl"
        m={0}
      >
        {items.map((item) => (
          <div key={item.id}>
            <Text component="dt" size="xs" tt="uppercase" fw={600} c="dimmed">
              {item.label}
            </Text>
            <Text
              component="dd"
              m={0}
              mt={4}
              fw={600}
              size="lg"
              className={classes.figure}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {item.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
