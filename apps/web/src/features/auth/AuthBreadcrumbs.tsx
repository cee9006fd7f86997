import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "Sign in / <this page>" above the card of a page beside the login page. */
export function AuthBreadcrumbs({ current }: { current: string }) {
  const { t } = useTranslation('auth');
  return (
    <nav aria-label={t('common:breadcrumb')}>
      <Breadcrumbs separator="/" separatorMargin={6} mb="sm" px={4}>
        <Anchor component={Link} to="/login" size="sm">
          {t('login.submit')}
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
