import { Box, Flex, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LogoMark } from '../../components/Logo';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Shown above the card (the breadcrumbs of the pages beside the login page). */
  above?: ReactNode;
  /** Links under the card's content, e.g. back to sign in. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The look of the public pages (sign in, sign up, password reset): one card, centred across and
 * held at a fixed distance from the top. Not centred up and down: what arrives after the first paint
 * (the provider buttons, a message) then grows the card downwards, and the form the person is
 * about to click stays where it is instead of jumping by half the new height.
 */
export function AuthCard({ title, subtitle, above, footer, children }: AuthCardProps) {
  return (
    <Flex
      component="main"
      mih="100dvh"
      justify="center"
      align="flex-start"
      p="md"
      pt="clamp(1rem, 9vh, 5rem)"
    >
      <Box w="100%" maw={420}>
        {above}
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              <LogoMark size={44} />
              <Text fw={700} fz="lg" c="var(--mantine-color-anchor)">
                Ledgerdesk
              </Text>
              <Title order={1} fz="h3" mt={4}>
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
            {footer ? (
              <Text size="sm" ta="center" c="dimmed">
                {footer}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      </Box>
    </Flex>
  );
}
