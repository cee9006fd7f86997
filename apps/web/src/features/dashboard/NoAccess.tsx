import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../lib/session';

/** The areas the home dashboard draws from, in its order (keys of `noAccess.areas`). */
const areas = ['library', 'invoices', 'ecommerce', 'tasks', 'tickets', 'projects', 'crm'] as const;

/**
 * The home dashboard of someone who may view no area yet: who grants access, what they will see
 * once granted, and what they can do meanwhile.
 */
export function NoAccess() {
  const { t } = useTranslation('dashboard');
  const user = useSessionUser();
  const groups = user?.groups ?? [];
  return (
    <Card withBorder radius="md" padding="xl" maw={720} component="section" aria-labelledby="no-access-title">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light" color="gray">
            <IconLock size={22} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz="h3" id="no-access-title">
            {t('noAccess.title')}
          </Title>
        </Group>
        <Text>{t('noAccess.ask')}</Text>
        {groups.length > 0 ? (
          <Group gap={6}>
            <Text size="sm">{t('noAccess.groups', { count: groups.length })}</Text>
            {groups.map((group) => (
              <Badge key={group.id} variant="light" color="grape" radius="sm">
                {group.name}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('noAccess.noGroup')}
          </Text>
        )}
        <div>
          <Title order={3} fz="md" mb={6}>
            {t('noAccess.onceGranted')}
          </Title>
          <List size="sm" spacing={4}>
            {areas.map((area) => (
              <List.Item key={area}>{t(`noAccess.areas.${area}`)}</List.Item>
            ))}
          </List>
        </div>
        <div>
          <Title order={3} fz="md" mb={6}>
            {t('noAccess.meanwhile')}
          </Title>
          <Button
            component={Link}
            to="/profile"
            variant="light"
            leftSection={<IconUserCircle size={16} aria-hidden />}
          >
            {t('noAccess.profile')}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
