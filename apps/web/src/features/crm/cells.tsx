import type { CrmRef } from '@ledgerdesk/contracts';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

const dash = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

/** Tags as small badges. */
export const tagsCell = (record: { tags: string[] }) =>
  record.tags.length ? (
    <Group gap={4} wrap="wrap">
      {record.tags.map((tag) => (
        <Badge key={tag} size="sm" variant="outline" color="gray" tt="none">
          {tag}
        </Badge>
      ))}
    </Group>
  ) : (
    dash
  );

/** The CRM record another one points at, as a link to its page (`route` is that resource's list). */
export function refLink(ref: CrmRef | null, route: string) {
  return ref ? (
    <Anchor component={Link} to={`${route}/${ref._id}`} size="sm">
      {ref.name}
    </Anchor>
  ) : (
    dash
  );
}
