import type { NftItem } from '@ledgerdesk/contracts';
import { Button, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { useLike } from './api';
import classes from './nft.module.css';

/**
 * Likes: the count, and a toggle of the reader's like (allowed with nft.view). Over a card's picture
 * it is a dark pill; on the item's page a button.
 */
export function LikeButton({ item, onPicture = false }: { item: NftItem; onPicture?: boolean }) {
  const { t } = useTranslation('nft');
  const like = useLike();
  const Heart = item.liked ? IconHeartFilled : IconHeart;
  const props = {
    onClick: () => like.mutate({ itemId: item.id, like: !item.liked }),
    disabled: like.isPending,
    'aria-pressed': item.liked,
  };
  // The count is the visible name; the rest says what it is to a screen reader.
  const hidden = <VisuallyHidden>{t('like.label', { title: item.title, count: item.likes })}</VisuallyHidden>;
  if (onPicture)
    return (
      <UnstyledButton {...props} className={classes.pill}>
        <Heart size={14} aria-hidden="true" color={item.liked ? 'var(--mantine-color-red-4)' : undefined} />
        {formatNumber(item.likes)} {hidden}
      </UnstyledButton>
    );
  return (
    <Button
      {...props}
      variant={item.liked ? 'light' : 'default'}
      color={item.liked ? 'red' : undefined}
      leftSection={<Heart size={16} aria-hidden="true" />}
    >
      {formatNumber(item.likes)} {hidden}
    </Button>
  );
}
