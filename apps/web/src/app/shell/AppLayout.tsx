import { ActionIcon, AppShell, Box, Burger, Group, Loader } from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconMaximize, IconMinimize, IconMoon, IconSearch, IconSettings, IconSun } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { Logo, LogoMark } from '../../components/Logo';
import { PageLoader } from '../../components/PageLoader';
import { useMe } from '../../features/auth/queries';
import { startLive } from '../../lib/live';
import { loadServerPreferences, setLayout, usePreferences } from '../../lib/preferences';
import { useSessionUser } from '../../lib/session';
import { QueryProvider } from '../query-provider';
import { DeferredMenu } from './DeferredMenu';
import { LanguageButton } from './LanguageButton';
import { NotificationsBell } from './NotificationsBell';
import { PermissionGate } from './PermissionGate';
import { SideNav, TwoColumnNav } from './SideNav';
import classes from './shell.module.css';
import { UserButton } from './UserButton';

type Dialog = ComponentType<{ opened: boolean; onClose: () => void }>;
// Loaded when first opened: neither is needed to show a page (the palette brings Mantine's spotlight).
const LayoutCustomizer = lazy<Dialog>(() => import('./LayoutCustomizer'));
const CommandPalette = lazy(() => import('./CommandPalette'));
// Menus load on first use (see DeferredMenu); the horizontal menu bar with the horizontal layout.
const loadUserMenu = () => import('./UserMenu');
const UserMenu = lazy(loadUserMenu);
const loadLanguagePicker = () => import('./LanguagePicker');
const LanguagePicker = lazy(loadLanguagePicker);
const HorizontalNav = lazy(() => import('./HorizontalNav'));
const prefetch = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

/** The sidebar width on a wide screen, per sidebar size. */
const navbarWidths = { lg: 260, md: 200, sm: 72, 'sm-hover': 72 } as const;

/** A dialog mounted once first asked for, then kept (so it can animate closed). */
function useLazyDialog() {
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  return {
    opened,
    wanted,
    open: () => {
      setWanted(true);
      setOpened(true);
    },
    close: () => setOpened(false),
  };
}

function useFullscreen(): [boolean, () => void] {
  const [active, setActive] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const update = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    const done = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    done.catch(() => undefined);
  };
  return [active, toggle];
}

/** "Preloader: enabled": a short full-page loader on every change of page. */
function Preloader({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [showing, setShowing] = useState(false);
  useEffect(() => {
    if (!enabled || !pathname) return;
    setShowing(true);
    const timer = setTimeout(() => setShowing(false), 350);
    return () => clearTimeout(timer);
  }, [enabled, pathname]);
  if (!enabled || (!showing && navigation.state === 'idle')) return null;
  return (
    <div className={classes.preloader} role="status" aria-label={t('preloader')} data-testid="preloader">
      <Loader size="lg" />
    </div>
  );
}

/** The signed-in frame: top bar, sidebar (or menu bar), and the page in the middle. */
export function AppLayout() {
  const { t } = useTranslation('shell');
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  const navigation = useNavigation();
  const user = useSessionUser();
  const { layout } = usePreferences();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const settings = useLazyDialog();
  const palette = useLazyDialog();
  useMe();

  // The account's saved settings replace the local copy once signed in.
  useEffect(() => {
    void loadServerPreferences();
  }, []);
  // The tab's live connection, while the signed-in frame is shown (signing out closes it).
  useEffect(() => startLive(), []);

  useHotkeys([['mod+K', palette.open]], []);

  const horizontal = layout.layout === 'horizontal';
  const sidebarHidden = layout.sidebarVisibility === 'hidden';
  const dark = layout.theme === 'dark';
  const navbarWidth = layout.layout === 'twocolumn' ? 260 : navbarWidths[layout.sidebarSize];

  return (
    <AppShell
      header={{ height: horizontal ? { base: 60, md: 108 } : 60 }}
      navbar={{
        width: navbarWidth,
        breakpoint: 'md',
        collapsed: { mobile: !mobileOpened, desktop: horizontal || sidebarHidden || !desktopOpened },
      }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('topbar.skipToContent')}
      </a>
      {navigation.state !== 'idle' ? (
        <div className="ld-route-progress" role="progressbar" aria-label={t('preloader')} />
      ) : null}
      <Preloader enabled={layout.preloader === 'enable'} />

      <AppShell.Header className={classes.header}>
        <Group className={classes.topRow} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="md"
              size="sm"
              aria-label={t('topbar.toggleNavigation')}
              aria-expanded={mobileOpened}
              aria-controls="app-navbar"
            />
            {/* On a wide screen the page stays beside the sidebar: the icon stays a menu icon. */}
            {horizontal || sidebarHidden ? null : (
              <Burger
                opened={false}
                onClick={toggleDesktop}
                visibleFrom="md"
                size="sm"
                aria-label={t('topbar.toggleNavigation')}
                aria-expanded={desktopOpened}
                aria-controls="app-navbar"
              />
            )}
            {/* On a phone the mark alone: with the name, the top bar's row is wider than the screen. */}
            <Link to="/" className={classes.brand} aria-label={t('topbar.home')}>
              <Box hiddenFrom="xs">
                <LogoMark size={30} />
              </Box>
              <Box visibleFrom="xs">
                <Logo size={30} />
              </Box>
            </Link>
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              className={classes.topIcon}
              aria-label={t('topbar.searchPages')}
              title={t('topbar.searchPagesHint')}
              aria-keyshortcuts="Control+K Meta+K"
              onClick={palette.open}
            >
              <IconSearch size={20} aria-hidden="true" />
            </ActionIcon>
            <DeferredMenu
              standIn={(handlers) => <LanguageButton {...handlers} />}
              prefetch={prefetch(loadLanguagePicker)}
            >
              <LanguagePicker initiallyOpened />
            </DeferredMenu>
            <ActionIcon
              variant="subtle"
              size="lg"
              className={classes.topIcon}
              aria-label={dark ? t('topbar.lightMode') : t('topbar.darkMode')}
              onClick={() => setLayout({ theme: dark ? 'light' : 'dark' })}
            >
              {dark ? <IconSun size={20} aria-hidden="true" /> : <IconMoon size={20} aria-hidden="true" />}
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="lg"
              className={classes.topIcon}
              aria-label={t('topbar.fullScreen')}
              aria-pressed={fullscreen}
              onClick={toggleFullscreen}
              visibleFrom="sm"
            >
              {fullscreen ? (
                <IconMinimize size={20} aria-hidden="true" />
              ) : (
                <IconMaximize size={20} aria-hidden="true" />
              )}
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="lg"
              className={classes.topIcon}
              aria-label={t('topbar.layoutSettings')}
              onClick={settings.open}
              visibleFrom="xs"
            >
              <IconSettings size={20} aria-hidden="true" />
            </ActionIcon>
            {user ? <NotificationsBell /> : null}
            {user ? (
              <DeferredMenu
                standIn={(handlers) => <UserButton user={user} {...handlers} />}
                prefetch={prefetch(loadUserMenu)}
              >
                <UserMenu user={user} onOpenSettings={settings.open} initiallyOpened />
              </DeferredMenu>
            ) : null}
          </Group>
        </Group>
        {horizontal ? (
          <Suspense fallback={null}>
            <HorizontalNav />
          </Suspense>
        ) : null}
      </AppShell.Header>

      <AppShell.Navbar id="app-navbar" aria-label={t('topbar.mainNavigation')} className={classes.navbar}>
        {/* On a phone the sidebar covers the page: close it once the next page is chosen. */}
        {layout.layout === 'twocolumn' && wide ? (
          <TwoColumnNav onNavigate={closeMobile} />
        ) : (
          <SideNav onNavigate={closeMobile} />
        )}
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <div className={classes.content}>
          <PermissionGate>
            {/* A page whose strings are still loading shows the loader, not its keys. */}
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </PermissionGate>
        </div>
      </AppShell.Main>

      <Suspense fallback={null}>
        {settings.wanted ? <LayoutCustomizer opened={settings.opened} onClose={settings.close} /> : null}
        {palette.wanted ? (
          <CommandPalette opened={palette.opened} onClose={palette.close} onOpenSettings={settings.open} />
        ) : null}
      </Suspense>
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
