import {
  type SocialNetwork,
  type SocialPeriod,
  type SocialStatistics,
  socialNetworks,
} from '@ledgerdesk/contracts';
import { asc, gte, max } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { socialStats } from '../../db/schema';

/** Each period: how many days back from the latest day, and the days between two points. */
const periods: Record<SocialPeriod, { days: number; step: number }> = {
  '30d': { days: 30, step: 1 },
  '90d': { days: 91, step: 7 },
  '1y': { days: 365, step: 30 },
};

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The social statistics of a period, ending on the latest day stored (the data come in daily):
 * per network its followers, their growth, posts and mean engagement; and the series of followers
 * and engagement, one point every `step` days, the last on the latest day.
 */
export async function socialStatisticsOf(db: Database, period: SocialPeriod): Promise<SocialStatistics> {
  const [latest] = await db.select({ day: max(socialStats.day) }).from(socialStats);
  if (!latest?.day) return { period, networks: [], series: [] };
  const { days, step } = periods[period];
  const first = dayBefore(latest.day, days - 1);
  const rows = await db
    .select()
    .from(socialStats)
    .where(gte(socialStats.day, first))
    .orderBy(asc(socialStats.day), asc(socialStats.network));
  const byNetwork = new Map<SocialNetwork, (typeof rows)[number][]>();
  for (const row of rows) {
    const network = row.network as SocialNetwork;
    byNetwork.set(network, [...(byNetwork.get(network) ?? []), row]);
  }
  const networks = socialNetworks.flatMap((network) => {
    const own = byNetwork.get(network) ?? [];
    const start = own[0];
    const end = own.at(-1);
    if (!start || !end) return [];
    return [
      {
        network,
        followers: end.followers,
        followersChange:
          start.followers > 0 ? round(((end.followers - start.followers) / start.followers) * 100) : 0,
        posts: own.reduce((sum, row) => sum + row.posts, 0),
        engagement: round(own.reduce((sum, row) => sum + Number(row.engagement), 0) / own.length),
      },
    ];
  });
  // Points counted back from the latest day, so the last point is always today's figures.
  const pointDays = new Set<string>();
  for (let back = 0; back < days; back += step) pointDays.add(dayBefore(latest.day, back));
  const series = [...pointDays].sort().map((date) => {
    const followers = {} as Record<SocialNetwork, number>;
    const engagement = {} as Record<SocialNetwork, number>;
    for (const network of socialNetworks) {
      const row = byNetwork.get(network)?.find((r) => r.day === date);
      followers[network] = row?.followers ?? 0;
      engagement[network] = row ? Number(row.engagement) : 0;
    }
    return { date, followers, engagement };
  });
  return { period, networks, series };
}
