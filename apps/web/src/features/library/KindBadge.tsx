import type { CodeKind } from '@ledgerdesk/contracts';
import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Income or expense: what an L1 code, and everything below it, is in the budget. */
export function KindBadge({ kind, size }: { kind: CodeKind; size?: MantineSize }) {
  const { t } = useTranslation('library');
  const color = kind === 'income' ? 'blue' : 'orange';
  return (
    <Badge size={size} color={color} c={`${color}.9`} bg={`${color}.0`} variant="light">
      {t(`kinds.${kind}`)}
    </Badge>
  );
}
