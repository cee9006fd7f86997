import { IconHexagons } from '@tabler/icons-react';
import type { RouteModule } from '../../components/lazy-route';
import type { AreaRegistration } from '../../resources/area';

/** A tab of the area, at /apps/nft/<name>, named `tabs.<name>` in the catalogue. */
const page = (name: string, load: () => Promise<RouteModule>) => ({
  path: `/apps/nft/${name}`,
  label: `nft:tabs.${name}`,
  page: load,
});

export const marketplacePage = page('marketplace', () => import('./MarketplacePage'));
export const explorePage = page('explore', () => import('./ExplorePage'));
export const auctionsPage = page('auctions', () => import('./AuctionsPage'));
export const rankingPage = page('ranking', () => import('./RankingPage'));
export const creatorsPage = page('creators', () => import('./CreatorsPage'));
export const dropsPage = page('drops', () => import('./DropsPage'));
export const walletPage = page('wallet', () => import('./WalletPage'));

/** An item's page: reached from a card, not a tab. */
export const itemPath = (id: string) => `/apps/nft/items/${id}`;

/**
 * NFT: the marketplace, explore, live auctions, collections ranking, creators, drops and the wallet,
 * tabs of one area; /apps/nft opens the marketplace. Every page is hand-written (cards, countdowns).
 */
export const nftArea: AreaRegistration = {
  path: '/apps/nft',
  label: 'shell:nav.nft',
  icon: IconHexagons,
  section: 'apps',
  access: 'nft',
  pages: [
    marketplacePage,
    explorePage,
    auctionsPage,
    rankingPage,
    creatorsPage,
    dropsPage,
    walletPage,
    {
      path: '/apps/nft/items/:id',
      label: 'nft:item.crumb',
      listed: false,
      page: () => import('./ItemPage'),
    },
  ],
};
