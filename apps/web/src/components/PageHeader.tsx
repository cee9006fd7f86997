import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { breadcrumbsOf } from '../lib/route-handle';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** The name of the record the page shows or edits: its step in the breadcrumbs. */
  record?: string;
  /** Buttons and other actions, shown at the right. */
  actions?: ReactNode;
}

/** The namespace of a catalogue key written "namespace:key". */
const namespaceOf = (key: string) => key.split(':')[0] ?? 'common';

/**
 * The trail from the dashboard to this page, read from the route table (the matched routes'
 * `handle.crumbs`): Dashboard › Area › Page › Record › Edit, this page last and not a link.
 */
export function useBreadcrumbs(record?: string): { label: string; to: string }[] {
  const trail = breadcrumbsOf(useMatches());
  const keys = trail.flatMap((crumb) => ('label' in crumb ? [crumb.label] : []));
  const { t } = useTranslation([...new Set(['common', ...keys.map(namespaceOf)])]);
  return trail.flatMap((crumb) => {
    if (!('label' in crumb)) return record ? [{ label: record, to: crumb.to }] : [];
    return [{ label: t(crumb.label, crumb.values), to: crumb.to }];
  });
}

/** The heading of a page inside the shell: one h1 per page, with its breadcrumbs above it. */
export function PageHeader({ title, description, record, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  const breadcrumbs = useBreadcrumbs(record);
  return (
    <Stack gap={6} mb="lg">
      {/* Home is the first step of every trail: it has none of its own. */}
      {breadcrumbs.length > 1 ? (
        <nav aria-label={t('breadcrumb')}>
          <Breadcrumbs separator="/" separatorMargin={6} fz="sm">
            {breadcrumbs.map((crumb, index) =>
              index < breadcrumbs.length - 1 ? (
                <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
                  {crumb.label}
                </Anchor>
              ) : (
                <Text key={crumb.to} size="sm" c="dimmed" aria-current="page">
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
