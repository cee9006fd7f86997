import {
  type LayoutSetting,
  type LayoutSettings,
  layoutOptions,
  type WeekStart,
  weekStarts,
} from '@ledgerdesk/contracts';
import { Button, Drawer, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { memo, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { resetLayout, setLayout, setWeekStart, usePreferences } from '../../lib/preferences';
import classes from './LayoutCustomizer.module.css';
import { LayoutThumbnail, ThumbnailDefs } from './LayoutThumbnail';

// Memoised: a change re-renders only its own control, not all ten (the 50 ms of a layout switch).
const SettingControl = memo(function SettingControl({
  setting,
  value,
}: {
  setting: LayoutSetting;
  value: string;
}) {
  const { t } = useTranslation('shell');
  const headingId = useId();
  const values = layoutOptions[setting] as readonly string[];
  // Each choice a card with its drawing and its name: a radio group, arrows move between choices
  // and only the chosen one is in the tab order.
  return (
    <div role="radiogroup" aria-labelledby={headingId}>
      <Text id={headingId} size="sm" fw={600} mb={6}>
        {t(`customizer.settings.${setting}`)}
      </Text>
      <SimpleGrid cols={3} spacing={8}>
        {values.map((option) => (
          <Radio.Card
            key={option}
            name={setting}
            value={option}
            checked={option === value}
            tabIndex={option === value ? 0 : -1}
            className={classes.card}
            onClick={() => setLayout({ [setting]: option } as Partial<LayoutSettings>)}
          >
            <LayoutThumbnail setting={setting} value={option} />
            <span className={classes.cardLabel}>{t(`customizer.values.${option}`)}</span>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </div>
  );
});

/** The layout settings drawer: every setting applied at once, saved for the user. */
export function LayoutCustomizer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { layout, weekStart } = usePreferences();
  // The horizontal layout's menu bar is loaded with that layout: fetched (and run) now, a switch to
  // it does not wait for it, and stays within the 50 ms of a layout change.
  useEffect(() => {
    void import('./HorizontalNav').catch(() => undefined);
  }, []);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={360} title={t('customizer.title')}>
      <ThumbnailDefs />
      <Stack gap="lg" pb="xl">
        <Text size="sm" c="dimmed">
          {t('customizer.intro')}
        </Text>
        {(Object.keys(layoutOptions) as LayoutSetting[]).map((setting) => (
          <SettingControl key={setting} setting={setting} value={layout[setting]} />
        ))}
        <Select
          label={t('customizer.weekStart.label')}
          description={t('customizer.weekStart.description')}
          data={weekStarts.map((value) => ({ value, label: t(`customizer.weekStart.${value}`) }))}
          value={weekStart}
          onChange={(value) => {
            if (value) setWeekStart(value as WeekStart);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          onClick={resetLayout}
        >
          {t('customizer.reset')}
        </Button>
      </Stack>
    </Drawer>
  );
}

export default LayoutCustomizer;
