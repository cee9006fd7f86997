import { Box, Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

interface PagerProps {
  /** The list's name ("Items"), for the pages' navigation label. */
  label: string;
  /** What its records are called: one, many. */
  noun: [string, string];
  count: number | undefined;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
}

/** Under a grid of cards: "13–24 of 130 items" and the pages (as the tables' footers say it). */
export function Pager({ label, noun, count = 0, page, pageSize, setPage }: PagerProps) {
  const { t } = useTranslation('common');
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const first = (page - 1) * pageSize + 1;
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {count > 0
          ? t('table.range', {
              first: formatNumber(first),
              last: formatNumber(Math.min(first + pageSize - 1, count)),
              total: formatNumber(count),
              noun: count === 1 ? noun[0] : noun[1],
            })
          : null}
      </Text>
      {pageCount > 1 ? (
        <Box component="nav" aria-label={t('table.pages', { label })}>
          <Pagination
            size="sm"
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={setPage}
            getItemProps={(item) => ({
              'aria-label': t('table.page', { page: item }),
              'aria-current': item === page ? 'page' : undefined,
            })}
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}Page`) })}
          />
        </Box>
      ) : null}
    </Group>
  );
}
