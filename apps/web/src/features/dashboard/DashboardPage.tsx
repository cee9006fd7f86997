import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconKey, IconShieldCheck, IconUserCircle, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/page-title';
import { useSessionUser } from '../../lib/session';

interface StatCardProps {
  label: string;
  icon: ReactNode;
  color: string;
  value: ReactNode;
  children?: ReactNode;
}

function StatCard({ label, icon, color, value, children }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
          {label}
        </Text>
        <ThemeIcon size={38} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
      <Text fz={26} fw={700} lh={1.2} mt={4} truncate>
        {value}
      </Text>
      {children ? (
        <Text component="div" size="sm" c="dimmed" mt="sm">
          {children}
        </Text>
      ) : null}
    </Card>
  );
}

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('title'));
  const user = useSessionUser();
  if (!user) return null;

  const firstName = user.firstName || user.username || user.email;
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

  return (
    <>
      <PageHeader title={t('title')} description={t('welcome', { name: firstName })} />

      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="lg">
        <StatCard
          label={t('role.label')}
          color="blue"
          icon={<IconShieldCheck size={22} aria-hidden="true" />}
          value={t(`role.${user.role}`)}
        >
          {user.role === 'admin' ? t('role.adminAccess') : t('role.userAccess')}
        </StatCard>

        <StatCard
          label={t('groups.label')}
          color="grape"
          icon={<IconUsersGroup size={22} aria-hidden="true" />}
          value={user.groups.length}
        >
          {user.groups.length > 0 ? (
            <Group gap={6}>
              {user.groups.map((group) => (
                <Badge key={group.id} variant="light" color="grape" radius="sm">
                  {group.name}
                </Badge>
              ))}
            </Group>
          ) : (
            t('groups.none')
          )}
        </StatCard>

        <StatCard
          label={t('permissions.label')}
          color="teal"
          icon={<IconKey size={22} aria-hidden="true" />}
          value={user.permissions.length}
        >
          {user.role === 'admin'
            ? t('permissions.grantedAdmin', { count: user.permissions.length })
            : t('permissions.granted', { count: user.permissions.length })}
        </StatCard>

        <StatCard
          label={t('account.label')}
          color="orange"
          icon={<IconUserCircle size={22} aria-hidden="true" />}
          value={fullName}
        >
          <Text size="sm" c="dimmed" truncate>
            {user.email}
          </Text>
        </StatCard>
      </SimpleGrid>
    </>
  );
}

export { DashboardPage as Component };
