import '@mantine/spotlight/styles.layer.css';
import {
  type Area,
  type RecordSearchResponse,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MIN_LENGTH,
} from '@ledgerdesk/contracts';
import { Loader, Text } from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import {
  IconAdjustments,
  IconFileSearch,
  IconMoon,
  IconPlus,
  IconSearch,
  IconSun,
  IconUpload,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../lib/api';
import { setLayout, usePreferences } from '../../lib/preferences';
import classes from './CommandPalette.module.css';
import { paletteNamespaces, usePaletteEntries } from './navigation';

const [paletteStore, palette] = createSpotlight();

/** The shell's label of each area the search may answer from (its sidebar entry). */
const areaLabels: Partial<Record<Area, string>> = {
  ecommerce: 'nav.ecommerce',
  crm: 'nav.crm',
  projects: 'nav.projects',
  tasks: 'nav.tasks',
  invoices: 'nav.invoices',
  tickets: 'nav.tickets',
  jobs: 'nav.jobs',
  team: 'nav.team',
};

interface Item {
  id: string;
  label: string;
  description: string;
  icon: ReactNode;
  run: () => void;
}

/** Every word of the query is in the item's label or description (case and accents ignored). */
function matches(item: Item, words: string[]): boolean {
  const text = fold(`${item.label} ${item.description}`);
  return words.every((word) => text.includes(word));
}
const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The records of every area the user may view whose text holds the query (one call to the server). */
function useRecordSearch(query: string) {
  const [debounced] = useDebouncedValue(query.trim(), 200);
  return useQuery({
    queryKey: ['search', debounced],
    queryFn: ({ signal }) =>
      request<RecordSearchResponse>('/search', {
        query: { q: debounced, limit: SEARCH_DEFAULT_LIMIT },
        signal,
      }),
    enabled: debounced.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A group of options; `first` is the index of its first option among all (their ids follow it). */
function Group({
  label,
  items,
  first,
  idOf,
}: {
  label: string;
  items: Item[];
  first: number;
  idOf: (index: number) => string;
}) {
  if (items.length === 0) return null;
  return (
    <Spotlight.ActionsGroup label={label} role="group" aria-label={label}>
      {items.map((item, i) => (
        <Spotlight.Action
          key={item.id}
          // Spotlight keeps an `id` prop for itself: the option's own id is set on its element.
          ref={(element) => {
            if (element) element.id = idOf(first + i);
          }}
          role="option"
          label={item.label}
          description={item.description || undefined}
          leftSection={item.icon}
          onClick={item.run}
        />
      ))}
    </Spotlight.ActionsGroup>
  );
}

/**
 * Ctrl+K / Cmd+K: go to any page (the sidebar's and those inside an area), do a common thing ("New
 * invoice", "Switch theme"), or open a record found by the server's search across the areas the
 * user may view. Loaded on first use (AppLayout), with Mantine's spotlight.
 */
export function CommandPalette({
  opened,
  onClose,
  onOpenSettings,
}: {
  opened: boolean;
  onClose: () => void;
  onOpenSettings: () => void;
}) {
  const { t } = useTranslation(['shell', ...paletteNamespaces]);
  const entries = usePaletteEntries();
  const navigate = useNavigate();
  const { layout } = usePreferences();
  const [query, setQuery] = useState('');
  const records = useRecordSearch(query);

  useEffect(() => {
    if (opened) palette.open();
    else palette.close();
  }, [opened]);

  const go = (to: string) => () => void navigate(to);

  const dark = layout.theme === 'dark';
  const actions: Item[] = [
    ...entries.actions.map((action) => ({
      id: `action:${action.to}`,
      label: t(action.label),
      description: t(action.group),
      icon: action.creates ? <IconPlus size={18} aria-hidden /> : <IconUpload size={18} aria-hidden />,
      run: go(action.to),
    })),
    {
      id: 'theme',
      label: t('shell:palette.actions.switchTheme'),
      description: dark ? t('shell:topbar.lightMode') : t('shell:topbar.darkMode'),
      icon: dark ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />,
      run: () => setLayout({ theme: dark ? 'light' : 'dark' }),
    },
    {
      id: 'settings',
      label: t('shell:palette.actions.layoutSettings'),
      description: t('shell:palette.settings'),
      icon: <IconAdjustments size={18} aria-hidden />,
      run: onOpenSettings,
    },
  ];
  const pages: Item[] = entries.pages.map((page) => {
    const Icon = page.icon;
    return {
      id: page.to,
      label: t(page.label, page.labelValues),
      description: t(page.group),
      icon: <Icon size={18} stroke={1.6} aria-hidden />,
      run: go(page.to),
    };
  });

  const words = fold(query.trim()).split(/\s+/).filter(Boolean);
  const searching = query.trim().length >= SEARCH_MIN_LENGTH;
  const shown: { label: string; items: Item[] }[] = [
    { label: t('shell:palette.actionsGroup'), items: actions.filter((item) => matches(item, words)) },
    { label: t('shell:palette.pages'), items: pages.filter((item) => matches(item, words)) },
    ...(searching ? (records.data?.groups ?? []) : []).map((group) => ({
      label: t(`shell:${areaLabels[group.area] ?? 'palette.records'}`),
      items: group.hits.map((hit) => ({
        id: hit.path,
        label: hit.title,
        description: [t(`shell:palette.kinds.${hit.kind}`), hit.subtitle].filter(Boolean).join(' · '),
        icon: <IconFileSearch size={18} aria-hidden />,
        run: go(hit.path),
      })),
    })),
  ];
  const total = shown.reduce((n, group) => n + group.items.length, 0);
  const firsts = shown.map((_, g) => shown.slice(0, g).reduce((n, group) => n + group.items.length, 0));
  // Mantine's ids are CSS-safe (options are looked up by id; React's hold colons).
  const listId = useId();
  const idOf = (index: number) => `${listId}-option-${index}`;

  const searchBox = useRef<HTMLInputElement>(null);

  /**
   * Spotlight marks the option the arrows reach with `data-selected`, straight in the DOM (its store
   * does not re-render on it): the same change names it to screen readers, as the search box's
   * aria-activedescendant and the option's aria-selected.
   */
  const followSelection = useCallback((list: HTMLDivElement | null) => {
    if (!list) return;
    const sync = () => {
      const chosen = list.querySelector('[data-selected]');
      for (const option of list.querySelectorAll('[role="option"]'))
        option.setAttribute('aria-selected', String(option === chosen));
      if (chosen?.id) searchBox.current?.setAttribute('aria-activedescendant', chosen.id);
      else searchBox.current?.removeAttribute('aria-activedescendant');
    };
    const observer = new MutationObserver(sync);
    observer.observe(list, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-selected'],
    });
    sync();
    return () => {
      observer.disconnect();
      // The list is gone (nothing matches): no option is reached any more.
      searchBox.current?.removeAttribute('aria-activedescendant');
    };
  }, []);

  // Enter before any option is selected (spotlight selects the first once the query changes) opens
  // the first one, the best match.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || paletteStore.getState().selected >= 0) return;
    document.getElementById(idOf(0))?.click();
  };

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      onSpotlightClose={onClose}
      shortcut={null}
      scrollable
      maxHeight="min(60vh, 520px)"
      size="lg"
      title={t('shell:palette.title')}
      classNames={{ header: classes.header }}
    >
      <Spotlight.Search
        ref={searchBox}
        role="combobox"
        aria-label={t('shell:palette.search')}
        aria-expanded={total > 0}
        aria-controls={total > 0 ? listId : undefined}
        aria-autocomplete="list"
        placeholder={t('shell:palette.placeholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={
          records.isFetching ? (
            <Loader size="xs" role="status" aria-label={t('shell:palette.searching')} />
          ) : null
        }
        onKeyDown={onKeyDown}
      />
      <Spotlight.ActionsList>
        {total > 0 ? (
          // The options' own listbox: spotlight's list is a scroll area, found by an id of its own.
          <div ref={followSelection} id={listId} role="listbox" aria-label={t('shell:palette.results')}>
            {shown.map((group, g) => (
              <Group
                key={group.label}
                label={group.label}
                items={group.items}
                first={firsts[g] ?? 0}
                idOf={idOf}
              />
            ))}
          </div>
        ) : records.isFetching ? null : (
          <Spotlight.Empty role="status">
            {t('shell:palette.noMatch', { query: query.trim() })}
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        {records.isError ? (
          <Text size="sm" c="red" role="alert">
            {t('shell:palette.searchFailed')}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {searching ? t('shell:palette.keys') : t('shell:palette.hint', { count: SEARCH_MIN_LENGTH })}
          </Text>
        )}
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}

export default CommandPalette;
