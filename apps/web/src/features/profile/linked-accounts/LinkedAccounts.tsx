import type { LinkedIdentities, LinkedIdentity, OidcProvider } from '@ledgerdesk/contracts';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLink, IconUnlink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { api, errorMessageOf } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { Section } from '../Section';

const identitiesPath = '/users/me/identities';
const identitiesKey = queryKeys.all(identitiesPath);
const providersKey = queryKeys.all('/auth/oidc/providers');

/**
 * "Linked accounts": the sign-in providers' accounts linked to yours, unlinked here (the server
 * refuses the last way in), and the configured providers not linked yet, linked from here (a round
 * trip to the provider that comes back to /profile?linked=<id>). Nothing when no provider is
 * configured and nothing is linked.
 */
export function LinkedAccounts() {
  const { t } = useTranslation('profile/linked-accounts');
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const identities = useQuery({
    queryKey: identitiesKey,
    queryFn: ({ signal }) => api.get<LinkedIdentities>(`${identitiesPath}/`, { signal }),
  });
  const providers = useQuery({
    queryKey: providersKey,
    queryFn: ({ signal }) => api.get<OidcProvider[]>('/auth/oidc/providers', { signal, auth: false }),
  });
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);
  const unlink = useMutation({
    mutationFn: (identity: LinkedIdentity) => api.delete<void>(`${identitiesPath}/${identity.id}/`),
    onSuccess: async (_answer, identity) => {
      setUnlinking(null);
      notifySuccess(t('unlinked', { provider: identity.providerLabel }));
      await queryClient.invalidateQueries({ queryKey: identitiesKey });
    },
    onError: (error) => {
      setUnlinking(null);
      notifyError(errorMessageOf(error), { title: t('unlinkFailed') });
    },
  });
  const link = useMutation({
    mutationFn: (provider: OidcProvider) =>
      api.post<{ url: string }>(`/auth/oidc/${encodeURIComponent(provider.id)}/link`),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => notifyError(errorMessageOf(error), { title: t('linkFailed') }),
  });

  const linked = identities.data?.identities ?? [];
  const unlinked = (providers.data ?? []).filter(
    (provider) => !linked.some((i) => i.provider === provider.id),
  );
  if (identities.isSuccess && providers.isSuccess && linked.length === 0 && unlinked.length === 0)
    return null;
  // Without a password, the one link left is the only way in: the server would refuse it.
  const lastWayIn = identities.data ? !identities.data.hasPassword && linked.length === 1 : false;
  const justLinked = searchParams.get('linked');
  const justLinkedLabel = providers.data?.find((provider) => provider.id === justLinked)?.label ?? justLinked;

  const dismissLinked = () =>
    setSearchParams(
      (params) => {
        params.delete('linked');
        return params;
      },
      { replace: true },
    );

  return (
    <Section title={t('title')} description={t('description')}>
      {identities.isPending || providers.isPending ? (
        <Skeleton height={44} />
      ) : identities.isError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessageOf(identities.error)}
        </Alert>
      ) : (
        <Stack gap="md">
          {justLinked ? (
            <Alert
              color="teal"
              variant="light"
              role="status"
              icon={<IconCircleCheck aria-hidden="true" />}
              withCloseButton
              closeButtonLabel={t('common:actions.close')}
              onClose={dismissLinked}
            >
              {t('linked', { provider: justLinkedLabel })}
            </Alert>
          ) : null}
          {linked.length > 0 ? (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('title')}>
              {linked.map((identity) => (
                <Group key={identity.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} miw={0}>
                    <Text size="sm" fw={600}>
                      {identity.providerLabel}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {identity.email || t('noEmail')} ·{' '}
                      {t('since', { at: formatDateTime(identity.createdAt) })}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="default"
                    style={{ flexShrink: 0 }}
                    leftSection={<IconUnlink size={14} aria-hidden="true" />}
                    disabled={lastWayIn}
                    onClick={() => setUnlinking(identity)}
                    aria-label={t('unlinkOne', { provider: identity.providerLabel })}
                  >
                    {t('unlink')}
                  </Button>
                </Group>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('none')}
            </Text>
          )}
          {lastWayIn ? (
            <Text size="xs" c="dimmed">
              {t('lastWayIn')}
            </Text>
          ) : null}
          {unlinked.length > 0 ? (
            <Group gap="sm">
              {unlinked.map((provider) => (
                <Button
                  key={provider.id}
                  variant="light"
                  leftSection={<IconLink size={16} aria-hidden="true" />}
                  loading={link.isPending && link.variables?.id === provider.id}
                  disabled={link.isPending}
                  onClick={() => link.mutate(provider)}
                >
                  {t('link', { provider: provider.label })}
                </Button>
              ))}
            </Group>
          ) : null}
        </Stack>
      )}
      <ConfirmDialog
        opened={unlinking !== null}
        title={t('confirmTitle', { provider: unlinking?.providerLabel ?? '' })}
        confirmLabel={t('unlink')}
        pending={unlink.isPending}
        onConfirm={() => unlinking && unlink.mutate(unlinking)}
        onClose={() => setUnlinking(null)}
      >
        {t('confirmText', { provider: unlinking?.providerLabel ?? '' })}
      </ConfirmDialog>
    </Section>
  );
}
