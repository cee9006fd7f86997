import { passwordRules } from '@ledgerdesk/contracts';
import { List, PasswordInput, type PasswordInputProps, Text } from '@mantine/core';

/** The password rules of the contracts. */
export function PasswordRules() {
  return (
    <>
      <Text component="span" size="xs" c="dimmed" fw={600} display="block" mt={2}>
        Password rules
      </Text>
      <List size="xs" c="dimmed" spacing={0} withPadding>
        {passwordRules.map((rule) => (
          <List.Item key={rule}>{rule}</List.Item>
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
    <PasswordInput
      autoComplete="new-password"
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
      {...props}
      description={<PasswordRules />}
      descriptionProps={{ component: 'div' }}
      inputWrapperOrder={['label', 'input', 'error', 'description']}
    />
  );
}
