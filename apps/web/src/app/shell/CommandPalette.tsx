import { Modal, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import classes from './CommandPalette.module.css';
import { paletteNamespaces, usePalettePages } from './navigation';

/** Ctrl+K / Cmd+K: find any page the user may open by name, and go there. */
export function CommandPalette({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['shell', ...paletteNamespaces]);
  const palettePages = usePalettePages();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const listId = useId();

  const pages = useMemo(
    () =>
      palettePages.map((page) => ({
        ...page,
        label: t(page.label, page.labelValues),
        section: t(page.group),
      })),
    [palettePages, t],
  );
  const needle = query.trim().toLowerCase();
  const results = needle
    ? pages.filter((page) => `${page.label} ${page.section}`.toLowerCase().includes(needle))
    : pages;
  const active = Math.min(activeIndex, Math.max(results.length - 1, 0));

  const close = () => {
    setQuery('');
    setActiveIndex(0);
    onClose();
  };
  const go = (to: string) => {
    close();
    void navigate(to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveIndex(results.length ? (active + 1) % results.length : 0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex(results.length ? (active - 1 + results.length) % results.length : 0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const page = results[active];
      if (page) go(page.to);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('palette.title')} size="lg" yOffset="10vh">
      <TextInput
        data-autofocus
        label={t('palette.search')}
        placeholder={t('palette.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setActiveIndex(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results[active] ? `${listId}-${active}` : undefined}
      />
      <ScrollArea.Autosize mah="50vh" mt="sm" type="scroll">
        <div id={listId} role="listbox" aria-label={t('palette.pages')}>
          {results.map((page, index) => {
            const Icon = page.icon;
            return (
              <UnstyledButton
                key={page.to}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                className={classes.option}
                onMouseEnter={() => setActiveIndex(index)}
                onClick={() => go(page.to)}
              >
                <Icon size={18} stroke={1.6} aria-hidden />
                <span className={classes.optionLabel}>{page.label}</span>
                <Text span size="xs" c="dimmed">
                  {page.section}
                </Text>
              </UnstyledButton>
            );
          })}
        </div>
      </ScrollArea.Autosize>
      {results.length === 0 ? (
        <Text c="dimmed" ta="center" py="md" role="status">
          {t('palette.noMatch', { query: query.trim() })}
        </Text>
      ) : null}
    </Modal>
  );
}

export default CommandPalette;
