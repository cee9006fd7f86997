import {
  labelColours,
  type TeamMemberInput,
  type TeamMemberRecord,
  teamMemberInput,
  teamMemberInputOf,
} from '@ledgerdesk/contracts';
import { Anchor, Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateCell, peopleCell } from '../../resources/cells';
import { ResourceCardsPage } from '../../resources/ResourceCards';
import type { ResourceDefinition, ResourceModule } from '../../resources/types';
import { teamPage } from './area';

/** Team (SPEC §3 "Team member", §7 /teamData): members as cards with their project and task counts. */
const team: ResourceDefinition<TeamMemberRecord, TeamMemberInput> = {
  ns: 'team',
  api: '/teamData',
  route: teamPage.path,
  area: 'team',
  keyOf: (member) => member.id,
  titleOf: (member) => member.name,
  columns: [
    { id: 'name', sortable: true },
    { id: 'designation', sortable: true },
    { id: 'email', sortable: true },
    { id: 'phone' },
    { id: 'user', sortable: true, cell: peopleCell('user') },
    { id: 'projectCount', align: 'right' },
    { id: 'taskCount', align: 'right' },
    { id: 'createdAt', sortable: true, hidden: true, cell: dateCell('createdAt') },
  ],
  filters: [{ name: 'linked', options: ['true', 'false'] }],
  input: teamMemberInput,
  fields: [
    { name: 'name', kind: 'text', required: true },
    { name: 'designation', kind: 'text', required: true },
    { name: 'email', kind: 'text', type: 'email' },
    { name: 'phone', kind: 'phone' },
    { name: 'userId', kind: 'user', hint: 'hints.userId' },
    { name: 'colour', kind: 'select', options: labelColours },
  ],
  emptyValues: { name: '', designation: '', email: '', phone: '', userId: null, colour: 'blue' },
  toInput: teamMemberInputOf,
};

export const resource: ResourceModule['resource'] = team;

function MemberCard({ member }: { member: TeamMemberRecord }) {
  const { t } = useTranslation('team');
  return (
    <Paper withBorder radius="md" p="lg" h="100%">
      <Stack align="center" gap={6}>
        <Avatar size={64} radius="xl" color={member.colour} aria-hidden="true">
          {member.userShortName}
        </Avatar>
        <Anchor
          component={Link}
          to={`${team.route}/${member.id}`}
          fw={600}
          aria-label={t('card.open', { name: member.name })}
        >
          {member.name}
        </Anchor>
        <Text size="sm" c="dimmed" ta="center">
          {member.designation}
        </Text>
        {member.user ? (
          <Group gap="xs" mt={4}>
            <Badge variant="default" tt="none">
              {t('card.projects', { count: member.projectCount })}
            </Badge>
            <Badge variant="default" tt="none">
              {t('card.tasks', { count: member.taskCount })}
            </Badge>
          </Group>
        ) : (
          <Text size="xs" c="dimmed" ta="center" mt={4}>
            {t('card.notLinked')}
          </Text>
        )}
        <Group gap="md" mt={4}>
          {member.email ? (
            <Anchor href={`mailto:${member.email}`} size="sm">
              <Group gap={4} wrap="nowrap">
                <IconMail size={14} aria-hidden="true" />
                {member.email}
              </Group>
            </Anchor>
          ) : null}
          {member.phone ? (
            <Anchor href={`tel:${member.phone.replace(/[^\d+]/g, '')}`} size="sm">
              <Group gap={4} wrap="nowrap">
                <IconPhone size={14} aria-hidden="true" />
                {member.phone}
              </Group>
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The team as cards: each member with their projects and tasks. */
export function ListPage() {
  return <ResourceCardsPage def={team} card={(member) => <MemberCard member={member} />} />;
}
