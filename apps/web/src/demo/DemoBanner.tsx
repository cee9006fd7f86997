import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import classes from './DemoBanner.module.css';
import { DEMO_ADMIN } from './snapshot';
import { resetDemo } from './start';

/**
 * On every page of the demo build: it is a demo, changes stay in this browser, a way back to the
 * demo data; signed out (the sign-in page), the demo admin's e-mail and password.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Paper className={classes.banner} role="region" aria-label={t('demo.label')} shadow="md" withBorder>
      <Group gap="xs" justify="center">
        <Text size="sm" fw={600}>
          {t('demo.banner')}
        </Text>
        {!session && (
          <Text size="sm" data-testid="demo-credentials">
            {t('demo.credentials', DEMO_ADMIN)}
          </Text>
        )}
        <Button size="compact-sm" variant="light" onClick={() => void resetDemo()}>
          {t('demo.reset')}
        </Button>
      </Group>
    </Paper>
  );
}
