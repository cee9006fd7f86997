import type { DashboardName } from '@ledgerdesk/contracts';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../lib/session';
import { CurrencySelect, useDashboardCurrency } from './CurrencySelect';
import { DashboardView } from './DashboardView';
import { NoAccess } from './NoAccess';

/** Who is signed in, in one line: name, role, groups and how many permissions. */
function AccountLine() {
  const { t } = useTranslation('dashboard');
  const user = useSessionUser();
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || user.email;
  const parts = [
    t(`role.${user.role}`),
    user.groups.length > 0
      ? t('account.groups', { names: user.groups.map((group) => group.name).join(', ') })
      : t('account.noGroup'),
    t('account.permissions', { count: user.permissions.length }),
  ];
  return (
    <Text component="span" display="block" size="sm" c="dimmed" data-testid="account-line">
      {t('account.signedInAs', { name, email: user.email })} · {parts.join(' · ')}
    </Text>
  );
}

/** `/`: the home dashboard, for everyone; with nothing to show, how to get access. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  return <DashboardView name="home" title={t('title')} intro={<AccountLine />} whenEmpty={<NoAccess />} />;
}

/** A dashboard the server answered with no widget (none of its figures is available yet). */
function NothingYet() {
  const { t } = useTranslation('dashboard');
  return (
    <Stack>
      <Text c="dimmed">{t('nothingYet')}</Text>
    </Stack>
  );
}

function areaDashboard(name: Exclude<DashboardName, 'home'>) {
  return function AreaDashboardPage() {
    const { t } = useTranslation('dashboard');
    return <DashboardView name={name} title={t(`titles.${name}`)} whenEmpty={<NothingYet />} />;
  };
}

/** The crypto dashboard: the same view, its money in the currency chosen (SPEC §2 btc / usd / euro). */
function CryptoDashboardPage() {
  const { t } = useTranslation('dashboard');
  const [currency, setCurrency] = useDashboardCurrency();
  return (
    <DashboardView
      name="crypto"
      title={t('titles.crypto')}
      whenEmpty={<NothingYet />}
      options={{ currency }}
      controls={<CurrencySelect value={currency} onChange={setCurrency} />}
    />
  );
}

/** `/dashboards/<name>`: one page per area dashboard, all the same view. */
export const dashboardPages = {
  analytics: areaDashboard('analytics'),
  crm: areaDashboard('crm'),
  ecommerce: areaDashboard('ecommerce'),
  projects: areaDashboard('projects'),
  jobs: areaDashboard('jobs'),
  crypto: CryptoDashboardPage,
  nft: areaDashboard('nft'),
} satisfies Record<Exclude<DashboardName, 'home'>, () => unknown>;

export { DashboardPage as Component };
