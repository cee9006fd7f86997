import {
  candleQuery,
  candleSeries,
  coinParams,
  coinRecord,
  cryptoMessages,
  cryptoOrder,
  cryptoOrderInput,
  cryptoOrderListQuery,
  errorResponse,
  errorResponses,
  icoGroup,
  idParams,
  listResponse,
  marketItem,
  marketQuery,
  mutationResponse,
  portfolio,
  portfolioQuery,
  walletTransaction,
  walletTransactionInput,
  walletTransactionListQuery,
  watchlistItem,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { added, done } from '../../lib/responses';
import { actorOf, currentUser } from '../../plugins/auth';
import { orderList, transactionList } from './lists';
import type { CryptoService } from './service';

const tags = ['crypto'];
const view = { access: 'crypto.view' as const };
const manage = { access: 'crypto.manage' as const };
const errors = errorResponses(400, 404, 422);

/**
 * The crypto area's routes beside the ICO resource (contracts/crypto.ts lists them all). Every
 * wallet route is the caller's own wallet: there is no user in any path or query.
 */
export function cryptoRoutes(app: FastifyInstance, deps: { db: Database; crypto: CryptoService }) {
  const { db, crypto } = deps;
  const { market, wallet } = crypto;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = (request: Parameters<typeof actorOf>[0]) => {
    const actor = actorOf(request);
    return { ...actor, id: currentUser(request).id };
  };

  r.get(
    '/api/crypto/coins',
    {
      config: view,
      schema: { tags, summary: 'Every coin of the market', response: { 200: z.array(coinRecord) } },
    },
    () => crypto.coins(),
  );

  r.get(
    '/api/crypto/market',
    {
      config: view,
      schema: {
        tags,
        summary: 'The market: each coin’s last price and its last 24 hours',
        querystring: marketQuery,
        response: { 200: z.array(marketItem), 400: errorResponse },
      },
    },
    (request) => market.marketItems(request.query),
  );

  r.get(
    '/api/crypto/coins/:code/candles',
    {
      config: view,
      schema: {
        tags,
        summary: 'A coin’s last candles (1 minute, 1 hour or 1 day), oldest first',
        params: coinParams,
        querystring: candleQuery,
        response: { 200: candleSeries, ...errors },
      },
    },
    (request) => market.candles(request.params.code, request.query.interval, request.query.limit),
  );

  r.get(
    '/api/crypto/watchlist',
    {
      config: view,
      schema: { tags, summary: 'Your watchlist, with sparklines', response: { 200: z.array(watchlistItem) } },
    },
    (request) => market.watchlist(currentUser(request).id),
  );
  r.put(
    '/api/crypto/watchlist/:code',
    {
      config: view,
      schema: {
        tags,
        summary: 'Watch a coin (watching it already is no error); answers the watchlist',
        params: coinParams,
        response: { 200: z.array(watchlistItem), ...errors },
      },
    },
    (request) => market.watch(currentUser(request).id, request.params.code),
  );
  r.delete(
    '/api/crypto/watchlist/:code',
    {
      config: view,
      schema: {
        tags,
        summary: 'Stop watching a coin; answers the watchlist',
        params: coinParams,
        response: { 200: z.array(watchlistItem), ...errors },
      },
    },
    (request) => market.unwatch(currentUser(request).id, request.params.code),
  );

  r.get(
    '/api/crypto/portfolio',
    {
      config: view,
      schema: {
        tags,
        summary: 'Your wallet valued in btc, usd or euro with the current prices',
        querystring: portfolioQuery,
        response: { 200: portfolio, 400: errorResponse },
      },
    },
    (request) => wallet.portfolio(currentUser(request).id, request.query.currency),
  );

  r.get(
    '/api/order-list',
    {
      config: view,
      schema: {
        tags,
        summary: 'Your buy and sell orders (SPEC §7 /order-list)',
        querystring: cryptoOrderListQuery,
        response: { 200: listResponse(cryptoOrder), 400: errorResponse },
      },
    },
    (request) => orderList(db, currentUser(request).id, request.query),
  );
  r.get(
    '/api/crypto/orders/:id',
    {
      config: view,
      schema: {
        tags,
        summary: 'One of your orders',
        params: idParams,
        response: { 200: cryptoOrder, ...errors },
      },
    },
    (request) => wallet.orderById(db, currentUser(request).id, request.params.id),
  );
  r.post(
    '/api/crypto/orders',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Buy or sell a coin: at once at the market price, or at a limit (Pending until reached)',
        body: cryptoOrderInput,
        response: { 201: mutationResponse(cryptoOrder), ...errors },
      },
    },
    async (request, reply) => {
      const order = await wallet.placeOrder(signedIn(request), request.body);
      return reply.code(201).send(added(cryptoMessages.orderAdded, order));
    },
  );
  r.post(
    '/api/crypto/orders/:id/cancel',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Cancel your Pending order: what it reserved is free again',
        params: idParams,
        response: { 200: mutationResponse(cryptoOrder), ...errors },
      },
    },
    async (request) =>
      done(
        'UPDATED',
        cryptoMessages.orderCancelled,
        await wallet.cancelOrder(signedIn(request), request.params.id),
      ),
  );

  r.get(
    '/api/transaction-list',
    {
      config: view,
      schema: {
        tags,
        summary: 'Your deposits and withdrawals (SPEC §7 /transaction-list)',
        querystring: walletTransactionListQuery,
        response: { 200: listResponse(walletTransaction), 400: errorResponse },
      },
    },
    (request) => transactionList(db, currentUser(request).id, request.query),
  );
  r.post(
    '/api/crypto/transactions',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Deposit to or withdraw from your wallet (US dollars or a coin)',
        body: walletTransactionInput,
        response: { 201: mutationResponse(walletTransaction), ...errors },
      },
    },
    async (request, reply) => {
      const transaction = await wallet.transact(signedIn(request), request.body);
      return reply.code(201).send(added(cryptoMessages.transactionAdded, transaction));
    },
  );

  r.get(
    '/api/crypto/ico-groups',
    {
      config: view,
      schema: {
        tags,
        summary: 'The ICO listings grouped: Active, Ended, Upcoming, Trading',
        response: { 200: z.array(icoGroup) },
      },
    },
    () => crypto.icoGroups(),
  );
}
