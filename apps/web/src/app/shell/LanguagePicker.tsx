import type { Language } from '@ledgerdesk/contracts';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { supportedLanguages } from '../../i18n/catalogues';
import { setLanguagePreference, usePreferences } from '../../lib/preferences';
import classes from './shell.module.css';

/** Each language by its own name, as people look for it whatever the page is shown in. */
const ownNames: Record<Language, string> = { en: 'English', fr: 'Français' };

/** The top bar's language menu: the choice is the user's `language` preference. */
export function LanguagePicker() {
  const { t } = useTranslation('shell');
  const { language } = usePreferences();
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Tooltip label={t('topbar.language')}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            className={classes.topIcon}
            aria-label={t('topbar.language')}
          >
            <IconLanguage size={20} aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        {supportedLanguages.map((option) => (
          <Menu.Item
            key={option}
            lang={option}
            aria-current={option === language ? 'true' : undefined}
            rightSection={option === language ? <IconCheck size={14} aria-hidden="true" /> : null}
            onClick={() => setLanguagePreference(option)}
          >
            {ownNames[option]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
