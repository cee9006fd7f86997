import {
  type BreakdownWidget,
  type SeriesWidget,
  type SocialNetwork,
  type SocialPeriod,
  type SocialStatistics,
  socialPeriods,
  type VideoRecord,
} from '@ledgerdesk/contracts';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
  IconExternalLink,
  IconMessage,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BreakdownChart } from '../../components/charts/BreakdownChart';
import { ChartFrame } from '../../components/charts/ChartFrame';
import { useChartStyle } from '../../components/charts/chart-style';
import type { ChartWords } from '../../components/charts/chart-words';
import { SeriesChart } from '../../components/charts/SeriesChart';
import { LikeButton } from '../../components/LikeButton';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { api, errorMessageOf } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { queryKeys } from '../../lib/query-keys';
import { videosPage } from './area';
import { BlogTabs } from './BlogTabs';

const icons: Record<SocialNetwork, typeof IconBrandX> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  x: IconBrandX,
  linkedin: IconBrandLinkedin,
  youtube: IconBrandYoutube,
};
const bucketOf: Record<SocialPeriod, SeriesWidget['bucket']> = { '30d': 'day', '90d': 'week', '1y': 'month' };
const CHART_HEIGHT = 260;
const VIDEOS = '/blog/videos';

/** A day of the series as the start of its bucket in the reader's zone (the charts label it so). */
const localStart = (day: string) => {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toISOString();
};

/** The social page: each network's figures and charts over a period, then the office's videos. */
export function Component() {
  const { t } = useTranslation('blog');
  const title = t('social.title');
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const requested = params.get('period') as SocialPeriod | null;
  const period: SocialPeriod = requested && socialPeriods.includes(requested) ? requested : '90d';
  const stats = useQuery({
    queryKey: [...queryKeys.all('/blog/social'), period],
    queryFn: ({ signal }) => api.get<SocialStatistics>('/blog/social', { query: { period }, signal }),
  });
  return (
    <>
      <PageHeader title={title} />
      <Group justify="space-between" wrap="wrap" mb="md" gap="sm">
        <BlogTabs />
        <SegmentedControl
          aria-label={t('social.period')}
          value={period}
          onChange={(value) => setParams({ period: value }, { replace: true })}
          data={socialPeriods.map((value) => ({ value, label: t(`social.periods.${value}`) }))}
        />
      </Group>
      {stats.isError ? (
        <Alert color="red" role="alert">
          {errorMessageOf(stats.error)}
        </Alert>
      ) : !stats.data ? (
        <Skeleton h={420} radius="md" />
      ) : stats.data.networks.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('social.empty')}
        </Text>
      ) : (
        <Statistics stats={stats.data} />
      )}
      <Videos />
    </>
  );
}

function Statistics({ stats }: { stats: SocialStatistics }) {
  const { t } = useTranslation('blog');
  const style = useChartStyle();
  const followersRef = useRef<SVGSVGElement>(null);
  const engagementRef = useRef<SVGSVGElement>(null);
  const shareRef = useRef<SVGSVGElement>(null);
  const words: ChartWords = useMemo(
    () => ({
      series: (key) => t(`networks.${key}`),
      item: (item) => t(`networks.${item.key}`),
      days: [],
      hour: (hour) => String(hour),
    }),
    [t],
  );
  const buckets = stats.series.map((point) => localStart(point.date));
  const seriesOf = (field: 'followers' | 'engagement', chart: SeriesWidget['chart']): SeriesWidget => ({
    id: field,
    kind: 'series',
    chart,
    unit: field === 'followers' ? 'count' : 'percent',
    bucket: bucketOf[stats.period],
    buckets,
    series: stats.networks.map(({ network }) => {
      const values = stats.series.map((point) => point[field][network]);
      return { key: network, values, total: values.reduce((sum, value) => sum + value, 0) };
    }),
  });
  const share: BreakdownWidget = {
    id: 'share',
    kind: 'breakdown',
    chart: 'donut',
    unit: 'count',
    items: stats.networks.map(({ network, followers }) => ({ key: network, label: '', value: followers })),
  };
  const colourOf = (network: SocialNetwork) =>
    style.palette[stats.networks.findIndex((one) => one.network === network) % style.palette.length];
  const legend = (
    <Group gap="md" mt="xs" justify="center" wrap="wrap" aria-hidden="true">
      {stats.networks.map(({ network }) => (
        <Group key={network} gap={6} wrap="nowrap">
          <span style={{ width: 10, height: 10, borderRadius: 2, background: colourOf(network) }} />
          <Text size="xs">{t(`networks.${network}`)}</Text>
        </Group>
      ))}
    </Group>
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 3, xl: 5 }} spacing="md">
        {stats.networks.map((figures) => {
          const Icon = icons[figures.network];
          const up = figures.followersChange >= 0;
          return (
            <Paper key={figures.network} withBorder radius="md" p="md">
              <Group gap="xs" wrap="nowrap">
                <ThemeIcon variant="light" radius="md" size="lg" aria-hidden="true">
                  <Icon size={20} />
                </ThemeIcon>
                <Text fw={600}>{t(`networks.${figures.network}`)}</Text>
              </Group>
              <Group gap="xs" mt="sm" align="baseline" wrap="wrap">
                <Text fz={26} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatNumber(figures.followers)}
                </Text>
                <StatusBadge color={up ? 'teal' : 'red'}>
                  {`${up ? '+' : ''}${figures.followersChange.toFixed(1)} %`}
                </StatusBadge>
              </Group>
              <Text size="xs" c="dimmed">
                {t('social.followers')}
              </Text>
              <Group gap="lg" mt="sm">
                <div>
                  <Text size="sm" fw={600}>
                    {formatNumber(figures.posts)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('social.posts')}
                  </Text>
                </div>
                <div>
                  <Text size="sm" fw={600}>{`${figures.engagement.toFixed(2)} %`}</Text>
                  <Text size="xs" c="dimmed">
                    {t('social.engagement')}
                  </Text>
                </div>
              </Group>
            </Paper>
          );
        })}
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Title order={2} size="h5" mb="sm">
              {t('social.followersOverTime')}
            </Title>
            <ChartFrame
              label={t('social.followersOverTime')}
              height={CHART_HEIGHT}
              fontFamily={style.fontFamily}
              svgRef={followersRef}
            >
              {(plot) => (
                <SeriesChart widget={seriesOf('followers', 'line')} style={style} words={words} plot={plot} />
              )}
            </ChartFrame>
            {legend}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Title order={2} size="h5" mb="sm">
              {t('social.audience')}
            </Title>
            <ChartFrame
              label={t('social.audience')}
              height={CHART_HEIGHT}
              fontFamily={style.fontFamily}
              svgRef={shareRef}
            >
              {(plot) => (
                <BreakdownChart widget={share} style={style} words={words} plot={plot} open={() => {}} />
              )}
            </ChartFrame>
            {legend}
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h5" mb="sm">
          {t('social.engagementOverTime')}
        </Title>
        <ChartFrame
          label={t('social.engagementOverTime')}
          height={CHART_HEIGHT}
          fontFamily={style.fontFamily}
          svgRef={engagementRef}
        >
          {(plot) => (
            <SeriesChart widget={seriesOf('engagement', 'line')} style={style} words={words} plot={plot} />
          )}
        </ChartFrame>
        {legend}
      </Paper>
    </Stack>
  );
}

/** The office's videos as cards: watch, the site, likes and comments. */
function Videos() {
  const { t } = useTranslation('blog');
  const mayManage = useCan()('blog.manage');
  const query = { page: 1, pageSize: 12 };
  const videos = useQuery({
    queryKey: queryKeys.list(VIDEOS, query),
    queryFn: ({ signal }) => api.get<{ results: VideoRecord[] }>(VIDEOS, { query, signal }),
  });
  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="social-videos">
      <Group justify="space-between">
        <Title order={2} size="h4" id="social-videos">
          {t('social.videos')}
        </Title>
        {mayManage ? (
          <Button component={Link} to={videosPage.path} variant="default" size="xs">
            {t('social.manageVideos')}
          </Button>
        ) : null}
      </Group>
      {videos.isError ? (
        <Alert color="red" role="alert">
          {errorMessageOf(videos.error)}
        </Alert>
      ) : !videos.data ? (
        <Skeleton h={160} radius="md" />
      ) : videos.data.results.length === 0 ? (
        <Text c="dimmed">{t('social.noVideos')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {videos.data.results.map((video) => (
            <Paper key={video.id} withBorder radius="md" p="md">
              <Stack gap="xs" h="100%">
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" color="red" radius="xl" aria-hidden="true">
                    <IconPlayerPlay size={16} />
                  </ThemeIcon>
                  <Anchor
                    href={video.videoLink}
                    target="_blank"
                    rel="noopener noreferrer"
                    fw={600}
                    lineClamp={2}
                  >
                    {video.title}
                  </Anchor>
                </Group>
                <Text size="sm" c="dimmed" lineClamp={3}>
                  {video.description}
                </Text>
                <Group justify="space-between" mt="auto" wrap="nowrap">
                  <LikeButton
                    size="xs"
                    path={`${VIDEOS}/${video.id}/like`}
                    records={VIDEOS}
                    liked={video.liked}
                    likes={video.likes}
                  />
                  <Group gap="sm" wrap="nowrap">
                    <Group gap={4} c="dimmed" wrap="nowrap">
                      <IconMessage size={16} aria-hidden="true" />
                      <Text size="sm">{t('social.comments', { count: video.comments })}</Text>
                    </Group>
                    <Anchor href={video.siteLink} target="_blank" rel="noopener noreferrer" size="sm">
                      <Group gap={4} wrap="nowrap">
                        {t('social.site')}
                        <IconExternalLink size={14} aria-hidden="true" />
                      </Group>
                    </Anchor>
                  </Group>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
