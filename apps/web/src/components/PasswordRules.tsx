import { PASSWORD_MIN_LENGTH, type passwordRules } from '@ledgerdesk/contracts';
import { List, type PasswordInputProps, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField';

/** The contracts' password rules (`passwordRules`), in their order, as keys of `common:password.rules`. */
const ruleKeys = ['minLength', 'common', 'similar', 'digits'] as const satisfies {
  length: (typeof passwordRules)['length'];
};

/** The password rules of the contracts. */
export function PasswordRules() {
  const { t } = useTranslation();
  return (
    <>
      <Text component="span" size="xs" c="dimmed" fw={600} display="block" mt={2}>
        {t('password.rulesTitle')}
      </Text>
      <List size="xs" c="dimmed" spacing={0} withPadding>
        {ruleKeys.map((rule) => (
          <List.Item key={rule}>{t(`password.rules.${rule}`, { min: PASSWORD_MIN_LENGTH })}</List.Item>
        ))}
      </List>
    </>
  );
}

/**
 * A field for a new password with the rules listed under it (as its description, so assistive
 * technology reads them with the field).
 */
export function NewPasswordInput(props: PasswordInputProps & { ref?: React.Ref<HTMLInputElement> }) {
  return (
    <PasswordField
      autoComplete="new-password"
      {...props}
      description={<PasswordRules />}
      descriptionProps={{ component: 'div' }}
      inputWrapperOrder={['label', 'input', 'error', 'description']}
    />
  );
}
