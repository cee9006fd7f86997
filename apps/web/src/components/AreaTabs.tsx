import type { Permission } from '@ledgerdesk/contracts';
import { Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../lib/permissions';
import classes from './AreaTabs.module.css';

export interface AreaPage {
  path: string;
  /** A key of the area's namespace. */
  label: string;
  /** Shown only to users who hold it, where the page needs more than the area's view permission. */
  permission?: Permission;
}

interface AreaTabsProps {
  /** The area's i18n namespace. */
  ns: string;
  /** Its key naming the tab list, for screen readers. */
  label: string;
  pages: readonly AreaPage[];
}

/** An area's pages as tabs above each of them (the tab of the current path, or of the path it is below). */
export function AreaTabs({ ns, label, pages }: AreaTabsProps) {
  const { t } = useTranslation(ns);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const can = useCan();
  const shown = pages.filter((page) => !page.permission || can(page.permission));
  const current = shown.find((page) => pathname.startsWith(page.path))?.path ?? null;
  const list = useRef<HTMLDivElement>(null);
  // A row wider than the screen: the current tab scrolled into sight.
  useEffect(() => {
    if (!current) return;
    const active = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (active && list.current)
      list.current.scrollLeft = active.offsetLeft - (list.current.clientWidth - active.offsetWidth) / 2;
  }, [current]);
  return (
    <Tabs value={current} onChange={(path) => path && navigate(path)} mb="md">
      <Tabs.List ref={list} aria-label={t(label)} className={classes.list}>
        {shown.map((page) => (
          <Tabs.Tab key={page.path} value={page.path} className={classes.tab}>
            {t(page.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
