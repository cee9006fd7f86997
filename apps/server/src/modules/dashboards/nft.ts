import { nftCategories, nftSaleKinds } from '@ledgerdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { inWindow } from '../../lib/periods';
import { overTime, spans } from './period-figures';
import { type DashboardDefinition, kpi, shared, type WidgetContext } from './widgets';

/*
 * The NFT marketplace: its sales (volume in ETH), auctions running now, new items, and who and what
 * sells most. Amounts are ETH (the 'eth' unit), rounded to cents by the database like every amount.
 */

/** An ETH counter. */
function ethKpi(label: string, caption: string, counter: number, previous: number | null, href: string) {
  return kpi('eth', label, caption, counter, previous, href);
}

/**
 * The ten that sold most in the period, by volume: collections, creators. `sales` joins the sales
 * (as `s`) to what they are counted by (`id`, `name`), and `extra` is one figure of their own.
 */
async function topByVolume(
  { db, window }: WidgetContext,
  q: {
    id: SQL;
    name: SQL;
    sales: SQL;
    extra: { key: string; type: 'eth' | 'count'; value: SQL };
    tieBreak: SQL;
    rowHref: (id: string) => string;
    href: string;
  },
) {
  const rows = await rowsOf<{
    id: string;
    name: string;
    volume: number;
    sales: number;
    extra: number | null;
  }>(
    db,
    sql`select ${q.id}::text as id, ${q.name} as name, round(sum(s.price), 2)::float8 as volume,
               count(*)::int as sales, ${q.extra.value} as extra
          from ${q.sales}
         where ${inWindow(sql`s.created_at`, window.from, window.to)}
         group by ${q.id}
         order by volume desc, ${q.tieBreak}
         limit 10`,
  );
  return {
    kind: 'table' as const,
    columns: [
      { key: 'name', type: 'text' as const },
      { key: 'volume', type: 'eth' as const },
      { key: 'sales', type: 'count' as const },
      { key: q.extra.key, type: q.extra.type },
    ],
    rows: rows.map((row) => ({
      key: row.id,
      cells: { name: row.name, volume: row.volume, sales: row.sales, [q.extra.key]: row.extra },
      href: q.rowHref(row.id),
    })),
    href: q.href,
  };
}

/** The period's sales and the previous period's, counted and summed once for both counters. */
function salesFigures(context: WidgetContext) {
  return shared(context, 'nft-sales', async () => {
    const { current, previous, either, previousOf } = spans(context.window, (from, to) =>
      inWindow(sql`created_at`, from, to),
    );
    const [row] = await rowsOf<{
      volume: number;
      previous_volume: number;
      sales: number;
      previous_sales: number;
    }>(
      context.db,
      sql`select coalesce(round(sum(price) filter (where ${current}), 2), 0)::float8 as volume,
                 coalesce(round(sum(price) filter (where ${previous}), 2), 0)::float8 as previous_volume,
                 (count(*) filter (where ${current}))::int as sales,
                 (count(*) filter (where ${previous}))::int as previous_sales
            from nft_sales where ${either}`,
    );
    return {
      volume: row?.volume ?? 0,
      previousVolume: previousOf(row?.previous_volume),
      sales: row?.sales ?? 0,
      previousSales: previousOf(row?.previous_sales),
    };
  });
}

const userName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`);

export const nftDashboard: DashboardDefinition<'nft'> = {
  volume: {
    needs: ['nft.view'],
    async compute(context) {
      const figures = await salesFigures(context);
      return ethKpi(
        'Volume',
        'Sales in the period',
        figures.volume,
        figures.previousVolume,
        '/apps/nft/ranking',
      );
    },
  },
  sales: {
    needs: ['nft.view'],
    async compute(context) {
      const figures = await salesFigures(context);
      return kpi(
        'count',
        'Sales',
        'Items sold in the period',
        figures.sales,
        figures.previousSales,
        '/apps/nft/ranking',
      );
    },
  },
  liveAuctions: {
    needs: ['nft.view'],
    async compute({ db }) {
      // Running now, by the database's clock (an ended auction waiting for the sweep is not).
      const [row] = await rowsOf<{ counter: number; bids: number }>(
        db,
        sql`select count(*)::int as counter, coalesce(sum(bids_count), 0)::int as bids
              from nft_items where listing = 'auction' and ends_at > now()`,
      );
      const bids = row?.bids ?? 0;
      return kpi(
        'count',
        'Live auctions',
        `${bids} ${bids === 1 ? 'bid' : 'bids'}`,
        row?.counter ?? 0,
        null,
        '/apps/nft/explore?sales=On+Auction',
      );
    },
  },
  newItems: {
    needs: ['nft.view'],
    async compute({ db, window }) {
      const { current, previous, either, previousOf } = spans(window, (from, to) =>
        inWindow(sql`created_at`, from, to),
      );
      const [row] = await rowsOf<{ counter: number; previous: number }>(
        db,
        sql`select (count(*) filter (where ${current}))::int as counter,
                   (count(*) filter (where ${previous}))::int as previous
              from nft_items where ${either}`,
      );
      return kpi(
        'count',
        'New items',
        'Items created in the period',
        row?.counter ?? 0,
        previousOf(row?.previous),
        '/apps/nft/explore',
      );
    },
  },
  volumeOverTime: {
    needs: ['nft.view'],
    compute(context) {
      return overTime(context, {
        events: sql`select created_at as at, kind as key, price as amount
                      from nft_sales
                     where ${inWindow(sql`created_at`, context.window.from, context.window.to)}`,
        keys: nftSaleKinds,
        unit: 'eth',
        chart: 'stackedBar',
      });
    },
  },
  salesByCategory: {
    needs: ['nft.view'],
    async compute({ db, window }) {
      const rows = await rowsOf<{ category: string; volume: number; count: number }>(
        db,
        sql`select v.category, coalesce(round(sum(s.price), 2), 0)::float8 as volume, count(s.id)::int as count
              from unnest(array[${sql.join(
                nftCategories.map((c) => sql`${c}`),
                sql`, `,
              )}]::text[]) with ordinality as v(category, position)
              left join nft_sales s
                     on s.category = v.category and ${inWindow(sql`s.created_at`, window.from, window.to)}
             group by v.category, v.position
             order by v.position`,
      );
      return {
        kind: 'breakdown',
        chart: 'donut',
        unit: 'eth',
        items: rows.map((row) => ({
          key: row.category,
          label: '',
          value: row.volume,
          count: row.count,
          href: `/apps/nft/explore?category=${encodeURIComponent(row.category)}`,
        })),
      };
    },
  },
  topCollections: {
    needs: ['nft.view'],
    compute: (context) =>
      topByVolume(context, {
        id: sql`c.id`,
        name: sql`c.name`,
        sales: sql`nft_sales s join nft_collections c on c.id = s.collection_id`,
        // The cheapest item on sale now: a fixed price, or an auction still running.
        extra: {
          key: 'floorPrice',
          type: 'eth',
          value: sql`(select min(i.current_price)::float8 from nft_items i
                       where i.collection_id = c.id
                         and (i.listing = 'fixed' or (i.listing = 'auction' and i.ends_at > now())))`,
        },
        tieBreak: sql`c.name, c.id`,
        rowHref: (id) => `/apps/nft/explore?collection=${id}`,
        href: '/apps/nft/ranking',
      }),
  },
  topCreators: {
    needs: ['nft.view'],
    // Whose creations sold most in the period (resales of their items count: their work sells).
    compute: (context) =>
      topByVolume(context, {
        id: sql`u.id`,
        name: userName('u'),
        sales: sql`nft_sales s join nft_items i on i.id = s.item_id join users u on u.id = i.creator_id`,
        extra: {
          key: 'followers',
          type: 'count',
          value: sql`(select count(*)::int from nft_follows f where f.creator_id = u.id)`,
        },
        tieBreak: sql`u.id`,
        rowHref: (id) => `/apps/nft/explore?creator=${id}`,
        href: '/apps/nft/creators',
      }),
  },
  endingAuctions: {
    needs: ['nft.view'],
    async compute({ db }) {
      const rows = await rowsOf<{
        id: string;
        title: string;
        price: number;
        bids: number;
        ends_at: Date;
      }>(
        db,
        sql`select id::text, title, round(current_price, 2)::float8 as price, bids_count as bids, ends_at
              from nft_items
             where listing = 'auction' and ends_at > now()
             order by ends_at, id
             limit 10`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'title', type: 'text' },
          { key: 'price', type: 'eth' },
          { key: 'bids', type: 'count' },
          { key: 'endsAt', type: 'datetime' },
        ],
        rows: rows.map((row) => ({
          key: row.id,
          cells: {
            title: row.title,
            price: row.price,
            bids: row.bids,
            endsAt: new Date(row.ends_at).toISOString(),
          },
          href: `/apps/nft/items/${row.id}`,
        })),
        href: '/apps/nft/explore?sales=On+Auction',
      };
    },
  },
  recentSales: {
    needs: ['nft.view'],
    async compute({ db }) {
      const rows = await rowsOf<{
        id: string;
        item_id: string;
        title: string;
        buyer: string;
        price: number;
        kind: string;
        created_at: Date;
      }>(
        db,
        sql`select s.id::text, s.item_id::text, i.title, ${userName('u')} as buyer,
                   round(s.price, 2)::float8 as price, s.kind, s.created_at
              from nft_sales s
              join nft_items i on i.id = s.item_id
              join users u on u.id = s.buyer_id
             order by s.created_at desc, s.id
             limit 10`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'title', type: 'text' },
          { key: 'buyer', type: 'text' },
          { key: 'price', type: 'eth' },
          { key: 'kind', type: 'status' },
          { key: 'date', type: 'datetime' },
        ],
        rows: rows.map((row) => ({
          key: row.id,
          cells: {
            title: row.title,
            buyer: row.buyer,
            price: row.price,
            kind: row.kind,
            date: new Date(row.created_at).toISOString(),
          },
          href: `/apps/nft/items/${row.item_id}`,
        })),
      };
    },
  },
};
