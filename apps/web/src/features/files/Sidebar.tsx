import { type StorageGroup, storageGroups } from '@ledgerdesk/contracts';
import { Group, NavLink, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconClock, IconHome, IconStar, IconTrash, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BreakdownChart } from '../../components/charts/BreakdownChart';
import { ChartFrame } from '../../components/charts/ChartFrame';
import { useChartStyle } from '../../components/charts/chart-style';
import type { ChartWords } from '../../components/charts/chart-words';
import { formatBytes, formatNumber } from '../../lib/format';
import { filesApi, filesKeys } from './api';
import { FolderTree, type TreeProps } from './FolderTree';
import classes from './files.module.css';
import type { View } from './items';

const viewIcons: Record<View, typeof IconHome> = {
  files: IconHome,
  starred: IconStar,
  recent: IconClock,
  shared: IconUsers,
  trash: IconTrash,
};

/** The left column: the views, the folder tree, the storage used by type. */
export function Sidebar({
  view,
  folderId,
  openIds,
  onView,
  onFolder,
  onDropItem,
}: {
  view: View;
  folderId: string | null;
  openIds: readonly string[];
  onView: (view: View) => void;
  onFolder: TreeProps['onSelect'];
  onDropItem: TreeProps['onDropItem'];
}) {
  const { t } = useTranslation('files');
  return (
    <Stack gap="lg">
      <nav aria-label={t('nav.label')}>
        {(['files', 'starred', 'recent', 'shared', 'trash'] as const).map((name) => {
          const Icon = viewIcons[name];
          const active = view === name && (name !== 'files' || folderId === null);
          return (
            <NavLink
              key={name}
              component="button"
              type="button"
              label={t(`nav.${name === 'files' ? 'myFiles' : name}`)}
              leftSection={<Icon size={18} stroke={1.6} />}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={() => onView(name)}
              className={classes.navLink}
            />
          );
        })}
      </nav>
      <div>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
          {t('tree.title')}
        </Text>
        <nav aria-label={t('tree.title')}>
          <FolderTree
            selected={view === 'files' ? folderId : null}
            onSelect={onFolder}
            onDropItem={onDropItem}
            openIds={openIds}
          />
        </nav>
      </div>
      <StorageUsed />
    </Stack>
  );
}

/** Storage used against the quota, and by type as a donut (the dashboard's chart). */
function StorageUsed() {
  const { t } = useTranslation('files');
  const style = useChartStyle();
  const svgRef = useRef<SVGSVGElement>(null);
  const summary = useQuery({
    queryKey: filesKeys.summary(),
    queryFn: ({ signal }) => filesApi.summary(signal),
  });
  const words = useMemo<ChartWords>(
    () => ({ item: (item) => item.label, series: (key) => key, days: [], hour: String }),
    [],
  );
  if (summary.isPending)
    return (
      <Stack gap="xs" px="sm">
        <Skeleton height={12} width="60%" />
        <Skeleton height={8} />
        <Skeleton height={140} circle mx="auto" />
      </Stack>
    );
  if (summary.isError)
    return (
      <Text size="sm" c="red" px="sm">
        {t('errors.summary')}
      </Text>
    );
  const { used, quota, byGroup } = summary.data;
  const groups = storageGroups.filter((group) => byGroup[group].count > 0);
  const label = (group: StorageGroup) => t(`groups.${group}`);
  const percent = quota > 0 ? Math.min(100, (used / quota) * 100) : 0;
  return (
    <section aria-labelledby="files-storage" className={classes.storage}>
      <Text id="files-storage" size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
        {t('storage.title')}
      </Text>
      <Text size="sm" mb={6}>
        {t('storage.used', { used: formatBytes(used), quota: formatBytes(quota) })}
      </Text>
      <Progress
        value={percent}
        size="sm"
        color={percent > 90 ? 'red' : undefined}
        aria-label={t('storage.title')}
        mb="md"
      />
      {groups.length > 0 && (
        <>
          <ChartFrame label={t('storage.chart')} height={150} fontFamily={style.fontFamily} svgRef={svgRef}>
            {(plot) => (
              <BreakdownChart
                widget={{
                  id: 'storage',
                  kind: 'breakdown',
                  chart: 'donut',
                  unit: 'count',
                  items: groups.map((group) => ({
                    key: group,
                    label: label(group),
                    value: byGroup[group].bytes,
                    count: byGroup[group].count,
                  })),
                }}
                style={style}
                words={words}
                plot={plot}
                formatValue={(value) => formatBytes(value)}
              />
            )}
          </ChartFrame>
          <Stack gap={6} mt="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {groups.map((group, index) => (
              <li key={group}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={8} wrap="nowrap" miw={0}>
                    <span
                      className={classes.swatch}
                      style={{ background: style.palette[index % style.palette.length] }}
                    />
                    <Text size="sm" truncate="end">
                      {label(group)}
                    </Text>
                  </Group>
                  <Text size="sm" fw={500} className={classes.nowrap}>
                    {formatBytes(byGroup[group].bytes)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" pl={18}>
                  {t('storage.files', {
                    count: byGroup[group].count,
                    files: formatNumber(byGroup[group].count),
                  })}
                </Text>
              </li>
            ))}
          </Stack>
        </>
      )}
    </section>
  );
}
