import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { sectionHolds, useNavSections } from './SideNav';
import classes from './shell.module.css';

/** The horizontal layout's menu under the top bar: one drop-down per section. */
export function HorizontalNav() {
  const { t } = useTranslation('shell');
  const sections = useNavSections();
  const { pathname } = useLocation();
  return (
    <Group
      component="nav"
      aria-label={t('topbar.mainMenu')}
      className={classes.menubar}
      wrap="nowrap"
      visibleFrom="md"
    >
      {sections.map((section) => {
        const Icon = section.icon;
        const active = sectionHolds(section, pathname);
        return (
          <Menu key={section.label} position="bottom-start" shadow="md" withinPortal>
            <Menu.Target>
              <Button
                variant="subtle"
                color="gray"
                size="compact-md"
                className={classes.menubarButton}
                data-active={active || undefined}
                leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
                rightSection={<IconChevronDown size={14} aria-hidden="true" />}
              >
                {t(section.label)}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {section.items.map((item) => {
                const ItemIcon = item.icon;
                return (
                  <Menu.Item
                    key={item.to}
                    component={Link}
                    to={item.to}
                    leftSection={<ItemIcon size={16} stroke={1.6} aria-hidden />}
                  >
                    {t(item.label)}
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}

export default HorizontalNav;
