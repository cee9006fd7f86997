import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useNavigation } from 'react-router';
import { Logo } from '../../components/Logo';
import { useMe } from '../../features/auth/queries';
import { useSessionUser } from '../../lib/session';
import { QueryProvider } from '../query-provider';
import { PermissionGate } from './PermissionGate';
import { SideNav } from './SideNav';
import classes from './shell.module.css';
import { UserMenu } from './UserMenu';

/** The signed-in frame: top bar, collapsible sidebar, and the page in the middle. */
export function AppLayout() {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  const navigation = useNavigation();
  const user = useSessionUser();
  useMe();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      {navigation.state !== 'idle' ? (
        <div className="ld-route-progress" role="progressbar" aria-label="Loading page" />
      ) : null}

      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={mobileOpened}
              aria-controls="app-navbar"
            />
            {/* On a wide screen the page stays beside the sidebar: the icon stays a menu icon. */}
            <Burger
              opened={false}
              onClick={toggleDesktop}
              visibleFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={desktopOpened}
              aria-controls="app-navbar"
            />
            <Link to="/" className={classes.brand} aria-label="Ledgerdesk home">
              <Logo size={30} />
            </Link>
          </Group>
          {user ? <UserMenu user={user} /> : null}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="app-navbar" aria-label="Main navigation">
        {/* On a phone the sidebar covers the page: close it once the next page is chosen. */}
        <SideNav onNavigate={closeMobile} />
      </AppShell.Navbar>

      <AppShell.Main>
        <PermissionGate>
          <Outlet />
        </PermissionGate>
      </AppShell.Main>
    </AppShell>
  );
}

/** The route module's component: the shell inside the server-state provider it needs. */
export function Component() {
  return (
    <QueryProvider>
      <AppLayout />
    </QueryProvider>
  );
}
