import type { Language } from '@ledgerdesk/contracts';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { supportedLanguages } from '../../i18n/catalogues';
import { setLanguagePreference, usePreferences } from '../../lib/preferences';
import { LanguageButton } from './LanguageButton';

/** Each language by its own name, as people look for it whatever the page is shown in. */
const ownNames: Record<Language, string> = { en: 'English', fr: 'Français' };

/**
 * The top bar's language menu: the choice is the user's `language` preference. Loaded on first
 * use (see DeferredMenu); `initiallyOpened` opens it at once, with the focus on its button.
 */
export function LanguagePicker({ initiallyOpened = false }: { initiallyOpened?: boolean }) {
  const { language } = usePreferences();
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (initiallyOpened) target.current?.focus();
  }, [initiallyOpened]);
  return (
    <Menu position="bottom-end" shadow="md" withinPortal defaultOpened={initiallyOpened}>
      <Menu.Target>
        <LanguageButton ref={target} />
      </Menu.Target>
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

export default LanguagePicker;
