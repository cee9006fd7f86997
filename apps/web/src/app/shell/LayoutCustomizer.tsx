import { type LayoutSetting, type LayoutSettings, layoutOptions } from '@ledgerdesk/contracts';
import { Button, Drawer, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useId } from 'react';
import { resetLayout, setLayout, usePreferences } from '../../lib/preferences';

/** The heading of each setting in the drawer. */
const settingLabels: Record<LayoutSetting, string> = {
  layout: 'Layout',
  theme: 'Colour scheme',
  sidebarSize: 'Sidebar size',
  sidebarVisibility: 'Sidebar visibility',
  sidebarColor: 'Sidebar colour',
  sidebarImage: 'Sidebar image',
  width: 'Layout width',
  position: 'Layout position',
  topbar: 'Top bar colour',
  preloader: 'Preloader',
};

/** Friendlier names of some values; any other value is shown capitalised. */
const valueLabels: Record<string, string> = {
  twocolumn: 'Two column',
  semibox: 'Semi box',
  lg: 'Large',
  md: 'Medium',
  sm: 'Small (icons)',
  'sm-hover': 'Small (hover)',
  gradient: 'Gradient 1',
  'gradient-2': 'Gradient 2',
  'gradient-3': 'Gradient 3',
  'gradient-4': 'Gradient 4',
  'img-1': 'Image 1',
  'img-2': 'Image 2',
  'img-3': 'Image 3',
  'img-4': 'Image 4',
  show: 'Show',
  hidden: 'Hidden',
  enable: 'Enabled',
  disable: 'Disabled',
};

function labelOf(value: string): string {
  return valueLabels[value] ?? value.charAt(0).toUpperCase() + value.slice(1);
}

function SettingControl<K extends LayoutSetting>({
  setting,
  value,
}: {
  setting: K;
  value: LayoutSettings[K];
}) {
  const headingId = useId();
  const values = layoutOptions[setting] as readonly string[];
  const wide = values.length > 4;
  return (
    <div role="radiogroup" aria-labelledby={headingId}>
      <Text id={headingId} size="sm" fw={600} mb={6}>
        {settingLabels[setting]}
      </Text>
      <SegmentedControl
        fullWidth
        size="xs"
        orientation={wide ? 'vertical' : 'horizontal'}
        value={value}
        data={values.map((option) => ({ value: option, label: labelOf(option) }))}
        onChange={(next) => setLayout({ [setting]: next } as Partial<LayoutSettings>)}
      />
    </div>
  );
}

/** The layout settings drawer: every setting applied at once, saved for the user. */
export function LayoutCustomizer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { layout } = usePreferences();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={360} title="Layout settings">
      <Stack gap="lg" pb="xl">
        <Text size="sm" c="dimmed">
          Choose how Ledgerdesk looks. Changes apply at once and are saved for your account.
        </Text>
        {(Object.keys(layoutOptions) as LayoutSetting[]).map((setting) => (
          <SettingControl key={setting} setting={setting} value={layout[setting]} />
        ))}
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          onClick={resetLayout}
        >
          Reset to defaults
        </Button>
      </Stack>
    </Drawer>
  );
}

export default LayoutCustomizer;
