import type { ProjectRecord } from '@ledgerdesk/contracts';
import { Anchor, Badge, Box, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { AvatarGroup, peopleCell, statusBadge } from '../../resources/cells';
import { ResourceCardsPage } from '../../resources/ResourceCards';
import { ResourceDetailPage } from '../../resources/ResourceDetailPage';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { ResourceModule } from '../../resources/types';
import { badgeColors, ProgressBar, projects } from './definition';

export const resource: ResourceModule['resource'] = projects;

/** The project card (SPEC §3 "Project card": title, badge, members, progress, due date). */
function ProjectCard({ project }: { project: ProjectRecord }) {
  const { t } = useTranslation('projects');
  return (
    <Paper withBorder radius="md" p="md" h="100%">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Anchor
            component={Link}
            to={`${projects.route}/${project._id}`}
            fw={600}
            aria-label={t('card.open', { name: project.projectName })}
          >
            {project.projectName}
          </Anchor>
          <Box style={{ flexShrink: 0 }}>{statusBadge('badge', badgeColors)(project, t)}</Box>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} mih={40}>
          {project.description}
        </Text>
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {t('card.progress')}
          </Text>
          <ProgressBar value={project.percentage} label={t('card.progress')} />
        </div>
        <Group justify="space-between" wrap="nowrap">
          <AvatarGroup people={project.members} max={5} size={28} />
          <Badge variant="light" color="gray" tt="none">
            {project.dueDate ? t('card.due', { date: formatDate(project.dueDate) }) : t('card.noDueDate')}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {project.projectLead ? t('card.lead', { name: project.projectLead.name }) : t('card.noLead')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** List or cards, chosen in the URL (`view=cards`), so a reload or a shared link keeps it. */
function ViewSwitch() {
  const { t } = useTranslation('projects');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'cards' ? 'cards' : 'list';
  return (
    <SegmentedControl
      mb="md"
      aria-label={t('views.label')}
      value={view}
      onChange={(next) =>
        setParams((previous) => {
          const out = new URLSearchParams(previous);
          if (next === 'cards') out.set('view', 'cards');
          else out.delete('view');
          out.delete('page');
          return out;
        })
      }
      data={[
        { value: 'list', label: t('views.list') },
        { value: 'cards', label: t('views.cards') },
      ]}
    />
  );
}

export function ListPage() {
  const [params] = useSearchParams();
  if (params.get('view') === 'cards') {
    return (
      <ResourceCardsPage def={projects} card={(project) => <ProjectCard project={project} />}>
        <ViewSwitch />
      </ResourceCardsPage>
    );
  }
  return (
    <ResourceListPage def={projects}>
      <ViewSwitch />
    </ResourceListPage>
  );
}

/** The project: its header (status, progress, due date), its fields, and its team as a tab. */
export function DetailPage() {
  const { t } = useTranslation('projects');
  return (
    <ResourceDetailPage
      def={projects}
      tabs={[
        { id: 'members', label: t('overview.team'), render: (project) => <ProjectTeam project={project} /> },
      ]}
    />
  );
}

function ProjectTeam({ project }: { project: ProjectRecord }) {
  const { t } = useTranslation('projects');
  return (
    <Paper withBorder p="lg" radius="md">
      {project.members.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('overview.noMembers')}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {project.members.map((member) => (
            <li key={member.id}>
              <Group gap="sm">
                {peopleCell('member')({ member })}
                {project.projectLead?.id === member.id ? (
                  <Badge size="sm" variant="light">
                    {t('overview.lead')}
                  </Badge>
                ) : null}
              </Group>
            </li>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
