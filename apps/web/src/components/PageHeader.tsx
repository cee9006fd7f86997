import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb (the page itself) has none. */
  to?: string;
}

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** The trail from the dashboard to this page, this page last. */
  breadcrumbs?: Crumb[];
  /** Buttons and other actions, shown at the right. */
  actions?: ReactNode;
}

/** The heading of a page inside the shell: one h1 per page, with its breadcrumbs above it. */
export function PageHeader({ title, description, breadcrumbs, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} mb="lg">
      {breadcrumbs?.length ? (
        <nav aria-label={t('breadcrumb')}>
          <Breadcrumbs separator="/" separatorMargin={6} fz="sm">
            {breadcrumbs.map((crumb, index) =>
              crumb.to && index < breadcrumbs.length - 1 ? (
                <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                  {crumb.label}
                </Anchor>
              ) : (
                <Text
                  key={crumb.label}
                  size="sm"
                  c="dimmed"
                  aria-current={index === breadcrumbs.length - 1 ? 'page' : undefined}
                >
                  {crumb.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
        </nav>
      ) : null}
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
