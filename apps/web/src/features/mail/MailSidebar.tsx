import { Badge, Button, NavLink, Stack, Text } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type MailCategory, type MailCounts, type MailLabel, mailLabels, sideCategories } from './api';
import { categoryIcons, labelColors } from './look';
import classes from './mail.module.css';

/** The number beside a folder: its unread mail (drafts: how many there are); none for sent. */
function countOf(category: MailCategory, counts: MailCounts | undefined): number {
  if (!counts) return 0;
  if (category === 'draft') return counts.drafts;
  if (category === 'sent' || category === 'trash') return 0;
  return counts.unread[category];
}

/**
 * The mailbox's side: Compose, the folders with their unread counts (announced to screen readers),
 * and the labels (each a filter of the folder shown; choosing it again clears it).
 */
export function MailSidebar({
  category,
  label,
  counts,
  hrefOf,
  onCompose,
  onNavigate,
}: {
  category: MailCategory;
  label: MailLabel | undefined;
  counts: MailCounts | undefined;
  hrefOf: (change: { folder?: MailCategory; label?: MailLabel | null }) => string;
  onCompose: () => void;
  /** After a folder or label is chosen (the phone's drawer closes). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('mail');
  return (
    <Stack gap="md" className={classes.side}>
      <Button
        fullWidth
        size="md"
        leftSection={<IconPencilPlus size={18} aria-hidden="true" />}
        onClick={onCompose}
      >
        {t('compose')}
      </Button>
      <nav aria-label={t('mailboxNav')}>
        <Text className={classes.sideHeading} id="mail-folders-heading">
          {t('folders.title')}
        </Text>
        <Stack component="ul" gap={2} className={classes.sideList} aria-labelledby="mail-folders-heading">
          {sideCategories.map((name) => {
            const Icon = categoryIcons[name];
            const count = countOf(name, counts);
            const described =
              count > 0 ? t(name === 'draft' ? 'folders.drafts' : 'folders.unread', { count }) : undefined;
            return (
              <li key={name}>
                <NavLink
                  component={Link}
                  to={hrefOf({ folder: name, label: null })}
                  onClick={onNavigate}
                  active={name === category}
                  aria-current={name === category ? 'page' : undefined}
                  label={t(`folders.${name}`)}
                  leftSection={<Icon size={18} aria-hidden />}
                  rightSection={
                    count > 0 ? (
                      <Badge
                        size="sm"
                        variant={name === 'inbox' ? 'filled' : 'light'}
                        color={name === 'draft' ? 'gray' : name === 'spam' ? 'red' : undefined}
                        aria-label={described}
                        data-testid={`mail-count-${name}`}
                      >
                        {count > 999 ? '999+' : count}
                      </Badge>
                    ) : null
                  }
                  className={classes.sideLink}
                />
              </li>
            );
          })}
        </Stack>
        <Text className={classes.sideHeading} id="mail-labels-heading" mt="md">
          {t('labels.title')}
        </Text>
        <Stack component="ul" gap={2} className={classes.sideList} aria-labelledby="mail-labels-heading">
          {mailLabels.map((name) => {
            const count = counts?.labels[name] ?? 0;
            return (
              <li key={name}>
                <NavLink
                  component={Link}
                  to={hrefOf({ label: name === label ? null : name })}
                  onClick={onNavigate}
                  active={name === label}
                  aria-current={name === label ? 'true' : undefined}
                  label={t(`labels.${name}`)}
                  leftSection={
                    <span className={classes.dot} data-color={labelColors[name]} aria-hidden="true" />
                  }
                  rightSection={
                    count > 0 ? (
                      <Text size="xs" c="dimmed" aria-label={t('folders.unread', { count })}>
                        {count}
                      </Text>
                    ) : null
                  }
                  className={classes.sideLink}
                />
              </li>
            );
          })}
        </Stack>
      </nav>
    </Stack>
  );
}
