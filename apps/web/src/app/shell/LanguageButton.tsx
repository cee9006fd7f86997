import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './shell.module.css';

/** The language button of the top bar: the menu's target, and its stand-in until the menu has loaded. */
export function LanguageButton(props: ActionIconProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('shell');
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      className={classes.topIcon}
      aria-label={t('topbar.language')}
      title={t('topbar.language')}
      {...props}
    >
      <IconLanguage size={20} aria-hidden="true" />
    </ActionIcon>
  );
}
