import { type IcoGroupName, type IcoRecord, icoGroups } from '@ledgerdesk/contracts';
import { Alert, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { RatingStars } from '../../../components/RatingStars';
import { errorMessageOf } from '../../../lib/api';
import { formatDate, formatFigure } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useIcoGroups } from '../api';
import { CoinName } from '../CoinName';
import { CryptoTabs } from '../CryptoTabs';
import classes from '../crypto.module.css';
import { formatPrice } from '../format';

/** The ribbon's colour by stage (dark enough under white text for WCAG AA). */
const ribbonColours: Record<IcoGroupName, string> = {
  Active: 'var(--mantine-color-teal-9)',
  Ended: 'var(--mantine-color-gray-8)',
  Upcoming: 'var(--mantine-color-blue-9)',
  Trading: 'var(--mantine-color-grape-9)',
};

const isGroup = (value: string | null): value is IcoGroupName =>
  (icoGroups as readonly string[]).includes(value ?? '');

/** The code of an ICO's token: its label's capitals ("Bitcoin Cash" → "BC"), for its mark. */
const codeOf = (label: string) =>
  (label.match(/[A-Z0-9]/g)?.join('') || label.slice(0, 3)).slice(0, 4).toUpperCase();

function IcoCard({ item, stage }: { item: IcoRecord; stage: IcoGroupName }) {
  const { t } = useTranslation('crypto');
  const percent = formatFigure(item.percentage, 'percent', { decimals: 0 });
  return (
    <Card withBorder radius="md" padding="md" className={classes.ribbonBox} data-testid="ico-card">
      {item.ribbonNumber !== null ? (
        <div className={classes.ribbon} style={{ '--ribbon-colour': ribbonColours[stage] } as CSSProperties}>
          {t('ico.ribbon', { number: item.ribbonNumber })}
        </div>
      ) : null}
      <Stack gap="sm">
        <Group pr={48} wrap="nowrap">
          <CoinName name={item.label} code={codeOf(item.label)} size="md" />
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} mih={40}>
          {item.caption}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('ico.raised')}
            </Text>
            <Text fw={700} className={classes.figure}>
              {formatPrice(item.amount)}
            </Text>
          </Stack>
          <RatingStars value={item.rating} label={t('ico.rating', { value: item.rating })} />
        </Group>
        <Progress
          value={Math.min(100, item.percentage)}
          size="sm"
          aria-label={t('ico.progress', { percent })}
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {t('ico.progress', { percent })}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(item.date)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** The ICO listings by stage, one tab each (kept in `?stage=`), each listing a card with its ribbon. */
export function IcoPage() {
  const { t } = useTranslation('crypto');
  usePageTitle(t('ico.title'));
  const groups = useIcoGroups();
  const [params, setParams] = useSearchParams();
  const asked = params.get('stage');
  const stage = isGroup(asked) ? asked : 'Active';
  const items = (title: IcoGroupName) => groups.data?.find((group) => group.title === title)?.subItems ?? [];

  return (
    <>
      <PageHeader title={t('ico.title')} description={t('ico.description')} />
      <CryptoTabs />
      {groups.isError ? (
        <Alert color="red" title={t('errors.load')}>
          {errorMessageOf(groups.error)}
        </Alert>
      ) : null}
      <Tabs
        value={stage}
        onChange={(next) =>
          setParams((current) => {
            const updated = new URLSearchParams(current);
            if (next) updated.set('stage', next);
            return updated;
          })
        }
        variant="pills"
      >
        <Tabs.List mb="md" aria-label={t('ico.title')}>
          {icoGroups.map((title) => (
            <Tabs.Tab key={title} value={title}>
              {t(`ico.groups.${title}`)}
              {groups.data ? ` (${items(title).length})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {icoGroups.map((title) => (
          <Tabs.Panel key={title} value={title}>
            {groups.isPending ? (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}>
                {[0, 1, 2].map((index) => (
                  <Skeleton key={index} h={220} radius="md" />
                ))}
              </SimpleGrid>
            ) : items(title).length === 0 ? (
              <Text c="dimmed" py="xl" ta="center">
                {t('ico.empty')}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}>
                {items(title).map((item) => (
                  <IcoCard key={item.id} item={item} stage={title} />
                ))}
              </SimpleGrid>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

export { IcoPage as Component };
