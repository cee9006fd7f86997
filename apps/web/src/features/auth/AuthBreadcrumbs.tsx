import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** "Sign in / <this page>" above the card of a page beside the login page. */
export function AuthBreadcrumbs({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="/" separatorMargin={6} mb="sm" px={4}>
        <Anchor component={Link} to="/login" size="sm">
          Sign in
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
