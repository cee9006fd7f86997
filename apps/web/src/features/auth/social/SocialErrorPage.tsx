import { type OidcErrorReason, oidcErrorReasons } from '@ledgerdesk/contracts';
import { Alert, Anchor } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { AuthCard } from '../AuthCard';

const isReason = (value: string | null): value is OidcErrorReason =>
  oidcErrorReasons.some((reason) => reason === value);

/**
 * Where a round trip to a provider ends when it fails (refused consent, an expired or foreign
 * state, a rejected token, an address that may not be linked): what happened and what to do.
 */
export function SocialErrorPage() {
  const { t } = useTranslation(['auth/social', 'auth']);
  usePageTitle(t('error.title'));
  const [searchParams] = useSearchParams();
  const found = searchParams.get('reason');
  const reason: OidcErrorReason = isReason(found) ? found : 'failed';
  // Linking from the profile comes back here too: then the way back is the profile.
  const signedIn = useSession() !== null;

  return (
    <AuthCard
      title={t('error.title')}
      footer={
        <Anchor component={Link} to={signedIn ? '/profile' : '/login'} size="sm" fw={600}>
          <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} />{' '}
          {signedIn ? t('error.backToProfile') : t('auth:backToSignIn')}
        </Anchor>
      }
    >
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
        {t(`error.reasons.${reason}`)}
      </Alert>
    </AuthCard>
  );
}

export { SocialErrorPage as Component };
