import { mailCategories } from '@ledgerdesk/contracts';
import { ActionIcon, Affix, Badge, Drawer, Loader, Paper, Tabs, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconFolders, IconPencilPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/page-title';
import {
  type MailCategory,
  type MailListItem,
  type MailQuery,
  type MailType,
  mailApi,
  mailKeys,
  mailLabels,
  mailTypes,
  useMailCounts,
} from './api';
import type { ComposerRequest } from './Composer';
import { MailList } from './MailList';
import { MailSidebar } from './MailSidebar';
import classes from './mail.module.css';
import { ThreadView } from './ThreadView';
import { useMailLive } from './use-mail-live';

/** The composer brings Tiptap: its own chunk, fetched when a mail is first written. */
const Composer = lazy(() => import('./Composer').then((module) => ({ default: module.Composer })));

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;

const blank: ComposerRequest = {
  kind: 'new',
  existing: null,
  initial: { to: [], cc: [], bcc: [], subject: '', bodyHtml: '' },
};

/**
 * The mailbox (issue 15): folders and labels on the side, the type tabs of the inbox, the folder's
 * mail with selection and bulk actions, search, a thread in place of the list, and the composer.
 * Everything it shows is in the address (folder, type, label, q, thread, draft), so the back button
 * and a shared link work; counts and lists follow new mail live.
 */
export function MailboxPage() {
  const { t } = useTranslation('mail');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery('(max-width: 62em)', false, { getInitialValueInEffect: false });
  const [sideOpen, setSideOpen] = useState(false);
  const [composing, setComposing] = useState<ComposerRequest | null>(null);
  const counts = useMailCounts();
  useMailLive();

  const category: MailCategory = oneOf(mailCategories, params.get('folder')) ?? 'inbox';
  const type: MailType | undefined =
    category === 'inbox' ? (oneOf(mailTypes, params.get('type')) ?? 'primary') : undefined;
  const label = oneOf(mailLabels, params.get('label'));
  const q = params.get('q')?.trim() || undefined;
  const thread = params.get('thread');
  const draftId = params.get('draft');
  const query: MailQuery = { category, type, label, q };

  /** The address of the mailbox with some of its settings changed (null: removed). */
  const hrefOf = (change: Record<string, string | null | undefined>) => {
    const next = new URLSearchParams(params);
    // Choosing a folder, a label or a type leaves the thread and the search.
    next.delete('thread');
    next.delete('draft');
    if ('folder' in change) {
      next.delete('type');
      next.delete('q');
    }
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    return `?${next.toString()}`;
  };
  const setParam = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const threadHref = (item: MailListItem) => {
    const next = new URLSearchParams(params);
    if (item.category === 'draft') next.set('draft', item.messageId);
    else next.set('thread', item.forId);
    return `?${next.toString()}`;
  };
  const listHref = hrefOf({ thread: null });
  const folderName = t(`folders.${category}`);

  const sidebar = (
    <MailSidebar
      category={category}
      label={label}
      counts={counts.data}
      hrefOf={({ folder, label: chosen }) => hrefOf({ ...(folder ? { folder } : {}), label: chosen ?? null })}
      onCompose={() => {
        setSideOpen(false);
        setComposing(blank);
      }}
      onNavigate={() => setSideOpen(false)}
    />
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        // On a phone the folders are in a drawer: the one shown is named under the title.
        description={phone ? folderName : undefined}
        actions={
          phone ? (
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('mailboxNav')}
              onClick={() => setSideOpen(true)}
            >
              <IconFolders size={18} aria-hidden="true" />
            </ActionIcon>
          ) : null
        }
      />
      <div className={classes.layout}>
        {phone ? (
          <Drawer opened={sideOpen} onClose={() => setSideOpen(false)} title={t('title')} size={300}>
            {sidebar}
          </Drawer>
        ) : (
          <Paper withBorder radius="md" p="md" className={classes.sidePaper}>
            {sidebar}
          </Paper>
        )}
        <Paper withBorder radius="md" className={classes.main}>
          {thread ? (
            <ThreadView
              key={thread}
              forId={thread}
              backHref={listHref}
              backLabel={t('thread.back', { folder: folderName })}
              onCompose={setComposing}
              onEditDraft={(messageId) => setParam({ draft: messageId })}
            />
          ) : (
            <>
              {category === 'inbox' && !q ? (
                <Tabs
                  value={type ?? 'primary'}
                  onChange={(value) => setParam({ type: value === 'primary' ? null : value })}
                  className={classes.tabs}
                >
                  <Tabs.List aria-label={t('types.title')}>
                    {mailTypes.map((name) => {
                      const unread = counts.data?.types[name] ?? 0;
                      return (
                        <Tabs.Tab
                          key={name}
                          value={name}
                          rightSection={
                            unread > 0 ? (
                              <Badge size="xs" variant="light" aria-label={t('types.new', { count: unread })}>
                                {unread}
                              </Badge>
                            ) : null
                          }
                        >
                          {t(`types.${name}`)}
                        </Tabs.Tab>
                      );
                    })}
                  </Tabs.List>
                </Tabs>
              ) : null}
              <MailList
                key={JSON.stringify(query)}
                query={query}
                threadHref={threadHref}
                toolbarEnd={
                  <MailSearch value={q ?? ''} onChange={(value) => setParam({ q: value || null })} />
                }
              />
            </>
          )}
        </Paper>
      </div>
      {phone ? (
        <Affix position={{ bottom: 20, right: 20 }}>
          <ActionIcon
            size={56}
            radius="xl"
            variant="filled"
            aria-label={t('compose')}
            onClick={() => setComposing(blank)}
            className={classes.composeFab}
          >
            <IconPencilPlus size={24} aria-hidden="true" />
          </ActionIcon>
        </Affix>
      ) : null}
      <Suspense fallback={<Loader size="sm" className={classes.draftLoader} />}>
        {composing ? <Composer request={composing} onClose={() => setComposing(null)} /> : null}
        {draftId ? (
          <DraftComposer key={draftId} messageId={draftId} onClose={() => setParam({ draft: null })} />
        ) : null}
      </Suspense>
    </>
  );
}

/** A stored draft in the composer (from Drafts, or "Continue editing" in a thread). */
function DraftComposer({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const draft = useQuery({
    queryKey: mailKeys.draft(messageId),
    queryFn: ({ signal }) => mailApi.draft(messageId, signal),
    // The draft is edited from here on: never refetched under the composer's feet.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  if (draft.isPending) return <Loader size="sm" className={classes.draftLoader} />;
  if (draft.isError) return null;
  return (
    <Composer request={{ kind: 'new', existing: draft.data, initial: blank.initial }} onClose={onClose} />
  );
}

/** The search of the folder: waits for a pause in typing, Enter searches at once. */
function MailSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('mail');
  const [draft, setDraft] = useState(value);
  const commit = useDebouncedCallback((next: string) => onChange(next.trim()), 400);
  return (
    <Tooltip label={t('list.searchPlaceholder')} withArrow openDelay={600}>
      <TextInput
        type="search"
        aria-label={t('list.search')}
        placeholder={t('list.search')}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          commit(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange(draft.trim());
        }}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        className={classes.search}
      />
    </Tooltip>
  );
}

export { MailboxPage as Component };
