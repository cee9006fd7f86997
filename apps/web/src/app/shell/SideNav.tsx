import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useMatch } from 'react-router';
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

/** The links of the sidebar (inside AppShell.Navbar, a <nav>), grouped under section headings. */
export function SideNav({ onNavigate }: { onNavigate: () => void }) {
  return (
    <ScrollArea type="scroll" h="100%">
      <div>
        <Stack gap="md" p="sm">
          {navSections.map((section) => (
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
