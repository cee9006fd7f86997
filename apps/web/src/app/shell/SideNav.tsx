import { NavLink, Stack, UnstyledButton } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation, useMatch } from 'react-router';
import { useCan } from '../../lib/permissions';
import { type NavItem, type NavSection, visibleSections } from './navigation';
import classes from './shell.module.css';

// The label comes translated from SectionLinks: one useTranslation per section, not per entry,
// keeps a layout switch that remounts the menu within its budget.
function NavEntry({ item, label, onNavigate }: { item: NavItem; label: string; onNavigate: () => void }) {
  const active = useMatch({ path: item.to, end: item.end ?? false }) !== null;
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={label}
      title={label}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      classNames={{ root: classes.navLink, body: classes.navBody, section: classes.navIcon }}
    />
  );
}

function SectionLinks({ section, onNavigate }: { section: NavSection; onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Stack gap={2}>
      <div className={classes.sectionLabel}>{t(section.label)}</div>
      {section.items.map((item) => (
        <NavEntry key={item.to} item={item} label={t(item.label)} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}

/** The sections the signed-in user may see (entries they may not use are not offered). */
export function useNavSections(): NavSection[] {
  const can = useCan();
  return visibleSections(can);
}

/** Whether `pathname` is one of the section's pages. */
export function sectionHolds(section: NavSection, pathname: string): boolean {
  return section.items.some(
    (item) => matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null,
  );
}

/**
 * The links of the sidebar (inside AppShell.Navbar, a <nav>), grouped under section headings; only
 * the entries the user holds the permission for.
 */
// Memoised: a layout setting re-renders the shell, and the menu does not change with it (budget 50 ms).
export const SideNav = memo(function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const sections = useNavSections();
  return (
    // A native scrolling box: Mantine's ScrollArea brings a positioning library the first page
    // after sign-in does not otherwise need.
    <div className={classes.navScroll}>
      <Stack gap="md" p="sm">
        {sections.map((section) => (
          <SectionLinks key={section.label} section={section} onNavigate={onNavigate} />
        ))}
      </Stack>
    </div>
  );
});

/** The two-column sidebar: one icon per section in a rail, and the chosen section's links beside it. */
export const TwoColumnNav = memo(function TwoColumnNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const sections = useNavSections();
  const { pathname } = useLocation();
  const current = sections.find((section) => sectionHolds(section, pathname)) ?? sections[0];
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const chosen = sections.find((section) => section.label === chosenLabel) ?? current;
  return (
    <div className={classes.twoColumn}>
      <div className={classes.rail}>
        {sections.map((section) => {
          const Icon = section.icon;
          return (
            <UnstyledButton
              key={section.label}
              className={classes.railButton}
              aria-label={t(section.label)}
              title={t(section.label)}
              aria-pressed={section === chosen}
              onClick={() => setChosenLabel(section.label)}
            >
              <Icon size={22} stroke={1.6} aria-hidden />
            </UnstyledButton>
          );
        })}
      </div>
      <div className={`${classes.navScroll} ${classes.twoColumnPanel}`}>
        <Stack gap="md" p="sm">
          {chosen ? <SectionLinks section={chosen} onNavigate={onNavigate} /> : null}
        </Stack>
      </div>
    </div>
  );
});
