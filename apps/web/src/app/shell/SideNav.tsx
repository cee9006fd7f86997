import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useMatch } from 'react-router';
import { useCan } from '../../lib/permissions';
import { type NavItem, navSections } from './navigation';
import classes from './shell.module.css';

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const active = useMatch({ path: item.to, end: item.end ?? false }) !== null;
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={classes.navLink}
    />
  );
}

/**
 * The links of the sidebar (inside AppShell.Navbar, a <nav>), grouped under section headings; only
 * the entries the user holds the permission for.
 */
export function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const can = useCan();
  // Entries the user may not use are not offered; a section left empty is not shown.
  const sections = navSections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => !item.permission || can(item.permission)),
    }))
    .filter((section) => section.items.length > 0);
  return (
    <ScrollArea type="scroll" h="100%">
      <div>
        <Stack gap="md" p="sm">
          {sections.map((section) => (
            <Stack key={section.label} gap={2}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" className={classes.sectionLabel}>
                {section.label}
              </Text>
              {section.items.map((item) => (
                <NavEntry key={item.to} item={item} onNavigate={onNavigate} />
              ))}
            </Stack>
          ))}
        </Stack>
      </div>
    </ScrollArea>
  );
}
