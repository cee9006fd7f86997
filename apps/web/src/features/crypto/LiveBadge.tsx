import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../../lib/live';

/** Whether prices arrive live or are polled: a dot and its words. */
export function LiveBadge() {
  const { t } = useTranslation('crypto');
  const live = useLiveStatus() === 'open';
  return (
    <Badge variant="dot" color={live ? 'teal' : 'gray'} tt="none" size="lg" data-testid="live-badge">
      {live ? t('live.on') : t('live.off')}
    </Badge>
  );
}
