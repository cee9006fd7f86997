import { IconCurrencyBitcoin } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const marketPage = {
  path: '/apps/crypto/market',
  label: 'crypto:tabs.market',
  page: () => import('./market/MarketPage'),
};
export const portfolioPage = {
  path: '/apps/crypto/portfolio',
  label: 'crypto:tabs.portfolio',
  page: () => import('./portfolio/PortfolioPage'),
};
export const transactionsPage = {
  path: '/apps/crypto/transactions',
  label: 'crypto:tabs.transactions',
  page: () => import('./lists/TransactionsPage'),
};
export const ordersPage = {
  path: '/apps/crypto/orders',
  label: 'crypto:tabs.orders',
  page: () => import('./lists/OrdersPage'),
};
export const icoPage = {
  path: '/apps/crypto/ico',
  label: 'crypto:tabs.ico',
  page: () => import('./ico/IcoPage'),
};

/**
 * Crypto: the market (prices live), the caller's own portfolio with buy/sell, their transactions
 * and orders, and the ICO listings; /apps/crypto opens the market.
 */
export const cryptoArea: AreaRegistration = {
  path: '/apps/crypto',
  label: 'shell:nav.crypto',
  icon: IconCurrencyBitcoin,
  section: 'apps',
  access: 'crypto',
  pages: [marketPage, portfolioPage, transactionsPage, ordersPage, icoPage],
};
