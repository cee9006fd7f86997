import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginRequest, loginRequest } from '@ledgerdesk/contracts';
import {
  Alert,
  Box,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { LogoMark } from '../../components/Logo';
import { errorMessageOf, isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { safeNextPath } from '../../lib/safe-redirect';
import { signIn } from './api';

const fields = ['email', 'password'] as const satisfies readonly (keyof LoginRequest)[];
type Field = (typeof fields)[number];

function isField(name: string): name is Field {
  return (fields as readonly string[]).includes(name);
}

export function LoginPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await signIn(values);
    } catch (error) {
      setServerError(errorMessageOf(error));
      if (isApiError(error)) {
        let focused = false;
        for (const [name, message] of Object.entries(error.fieldErrors)) {
          if (!isField(name)) continue;
          setError(name, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        }
      }
      return;
    }
    await navigate(safeNextPath(searchParams.get('next')), { replace: true });
  });

  return (
    <Center component="main" mih="100dvh" p="md">
      <Box w="100%" maw={420}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              <LogoMark size={44} />
              <Text fw={700} fz="lg" c="blue.8">
                Ledgerdesk
              </Text>
              <Title order={1} fz="h3" mt={4}>
                Sign in
              </Title>
              <Text c="dimmed" size="sm">
                Welcome back. Sign in to continue to your workspace.
              </Text>
            </Stack>

            {serverError ? (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
                {serverError}
              </Alert>
            ) : null}

            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <TextInput
                  {...register('email')}
                  label="Email"
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  placeholder="you@example.com"
                  error={errors.email?.message}
                  withAsterisk
                />
                <PasswordInput
                  {...register('password')}
                  label="Password"
                  autoComplete="current-password"
                  placeholder="Your password"
                  error={errors.password?.message}
                  withAsterisk
                  visibilityToggleFocusable
                  visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
                />
                <Button
                  type="submit"
                  fullWidth
                  size="md"
                  mt="xs"
                  loading={isSubmitting}
                  disabled={isSubmitting}
                >
                  Sign in
                </Button>
              </Stack>
            </form>
          </Stack>
        </Paper>
      </Box>
    </Center>
  );
}

export { LoginPage as Component };
