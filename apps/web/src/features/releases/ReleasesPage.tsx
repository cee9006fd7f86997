import type { ReleaseGroupRecord } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Group,
  List,
  Menu,
  Pagination,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import type { ListParams } from '../../lib/table-url-state';
import { useResourceList } from '../../resources/api';
import { useResourceDialogs } from '../../resources/ResourceDialogs';
import { DeleteMenuItem } from '../../resources/ResourceTable';
import { releaseGroups } from './definition';
import { VersionsInput } from './VersionsInput';

const PAGE_SIZE = 10;
/** Notes are plain texts that may repeat: each keyed by its place in the list, which never moves. */
const numbered = (notes: string[]) => notes.map((note, place) => ({ note, key: `${place}:${note}` }));
const today = () => new Date().toLocaleDateString('sv');

/**
 * `/releases`: the changelog — release groups, newest first, each a timeline of its versions with
 * their dates and notes. Those who manage releases add, edit and delete groups in a dialog.
 */
function ReleasesPage() {
  const { t } = useTranslation(['releases', 'common']);
  usePageTitle(t('title'));
  const mayManage = useCan()('releases.manage');
  const [page, setPage] = useState(1);
  const list = useResourceList<ReleaseGroupRecord>(releaseGroups, {
    page,
    pageSize: PAGE_SIZE,
  } as ListParams<string>);
  const dialogs = useResourceDialogs(releaseGroups, {
    titleOf: (editing) => (editing === 'new' ? t('newTitle') : t('editTitle', { title: editing.title })),
    newValues: () => ({ title: '', versions: [{ version: '', date: today(), notes: [] }] }),
    formChildren: <VersionsInput />,
    childFields: ['versions'],
  });
  const groups = list.data?.results ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / PAGE_SIZE));

  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          mayManage ? (
            <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => dialogs.create()}>
              {t('add')}
            </Button>
          ) : null
        }
      />
      {!list.data ? (
        <Skeleton h={400} radius="md" />
      ) : groups.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{t('empty')}</Text>
        </Center>
      ) : (
        <Stack gap="lg">
          {groups.map((group) => (
            <Card
              key={group.id}
              withBorder
              radius="md"
              padding="lg"
              component="section"
              aria-labelledby={`group-${group.id}`}
            >
              <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
                <div>
                  <Title order={2} fz="h3" id={`group-${group.id}`}>
                    {group.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('latest', { date: formatDate(group.latestOn), count: group.versions.length })}
                  </Text>
                </div>
                {mayManage ? (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('groupMenu', { title: group.title })}
                      >
                        <IconDots size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={<IconPencil size={16} aria-hidden="true" />}
                        onClick={() => dialogs.edit(group)}
                      >
                        {t('edit')}
                      </Menu.Item>
                      <DeleteMenuItem onClick={() => dialogs.remove(group)} />
                    </Menu.Dropdown>
                  </Menu>
                ) : null}
              </Group>
              <Timeline active={0} bulletSize={26} lineWidth={2}>
                {group.versions.map((version) => (
                  <Timeline.Item
                    key={version.version}
                    bullet={<IconTag size={14} aria-hidden="true" />}
                    title={
                      <Group gap="xs" wrap="wrap">
                        <Badge variant="light" size="lg" tt="none">
                          {t('versionLabel', { version: version.version })}
                        </Badge>
                        <Text size="sm" c="dimmed" component="time" dateTime={version.date}>
                          {formatDate(version.date)}
                        </Text>
                      </Group>
                    }
                  >
                    {version.notes.length > 0 ? (
                      <List size="sm" mt={6} spacing={2}>
                        {numbered(version.notes).map(({ note, key }) => (
                          <List.Item key={key}>{note}</List.Item>
                        ))}
                      </List>
                    ) : null}
                  </Timeline.Item>
                ))}
              </Timeline>
            </Card>
          ))}
          {pages > 1 ? (
            <Center>
              <Pagination value={page} onChange={setPage} total={pages} aria-label={t('pages')} />
            </Center>
          ) : null}
        </Stack>
      )}
      {dialogs.dialogs}
    </>
  );
}

export { ReleasesPage as Component };
