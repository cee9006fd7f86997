import type { LikeState } from '@ledgerdesk/contracts';
import { Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessageOf } from '../lib/api';
import { notifyError } from '../lib/notify';
import { queryKeys } from '../lib/query-keys';

/**
 * Like or unlike (one like per person, the server counts; a post, a video, a gallery image): the
 * count beside the heart. `records` is the API root whose views show the count (refreshed after).
 */
export function LikeButton({
  path,
  liked,
  likes,
  records,
  size = 'sm',
}: {
  path: string;
  liked: boolean;
  likes: number;
  records: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => api.post<LikeState>(path),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.all(records) }),
    onError: (error) => notifyError(errorMessageOf(error), { title: t('likes.failed') }),
  });
  const Icon = liked ? IconHeartFilled : IconHeart;
  return (
    <Button
      size={size}
      variant="default"
      aria-pressed={liked}
      loading={toggle.isPending}
      leftSection={
        <Icon size={16} color={liked ? 'var(--mantine-color-red-filled)' : undefined} aria-hidden="true" />
      }
      onClick={() => toggle.mutate()}
    >
      {t('likes.count', { count: likes })}
    </Button>
  );
}
