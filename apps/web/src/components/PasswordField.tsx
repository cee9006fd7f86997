import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A password field whose show/hide button is reachable by keyboard and named for assistive
 * technology — every password field of the app is one.
 */
export function PasswordField(props: PasswordInputProps & { ref?: React.Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('common:password.show') }}
      {...props}
    />
  );
}
