import {
  errorResponse,
  errorResponses,
  idParams,
  listQuery,
  listResponse,
  mutationResponse,
  nftBidInput,
  nftBidRecord,
  nftBuyInput,
  nftCollectionInput,
  nftCollectionListQuery,
  nftCollectionRecord,
  nftCreatorListQuery,
  nftCreatorRecord,
  nftDepositInput,
  nftDropListQuery,
  nftDropRecord,
  nftFollowState,
  nftItemDetail,
  nftItemInput,
  nftItemListQuery,
  nftItemRecord,
  nftItemUpdate,
  nftLikeState,
  nftListingInput,
  nftMedia,
  nftMessages,
  nftSaleListQuery,
  nftSaleRecord,
  nftWalletBidsQuery,
  nftWalletRecord,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { added, deleted, done, emptyMutation, updated } from '../../lib/responses';
import { expectedVersion, ifMatchHeaders, versionDescription } from '../../lib/versions';
import { actorOf, can, currentUser } from '../../plugins/auth';
import { registerFileOwner } from '../../resources/attachments';
import { NFT_DROP_IMAGES, NFT_ITEM_MEDIA, NFT_PENDING_MEDIA, type NftService } from './service';

const tags = ['nft'];
const view = 'nft.view' as const;
const manage = 'nft.manage' as const;
const errors = errorResponses(400, 403, 404);
const conflicts = { ...errors, 409: errorResponse };

/**
 * NFT (contracts nft.ts lists every route): the marketplace, bids and purchases (the money rules are
 * in trading.ts), collections, creators, drops and the caller's own wallet.
 */
export function nftRoutes(app: FastifyInstance, nft: NftService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = app.storage;
  // Items' media and drops' images are seen by everyone who sees the marketplace; a medium waiting
  // for its item, by its uploader only. None is changed through the generic file routes.
  const marketFiles = {
    canView: async (user: Parameters<typeof can>[0]) => can(user, view),
    canEdit: async () => false,
  };
  registerFileOwner(app, NFT_ITEM_MEDIA, marketFiles);
  registerFileOwner(app, NFT_DROP_IMAGES, marketFiles);
  registerFileOwner(app, NFT_PENDING_MEDIA, {
    canView: async (user, id) => user.id === id,
    canEdit: async (user, id) => user.id === id,
  });

  r.get(
    '/api/nft/items',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Marketplace and explore: items with filters (category, fileType, sales, price range…)',
        querystring: nftItemListQuery,
        response: { 200: listResponse(nftItemRecord), 400: errorResponse },
      },
    },
    (request) => nft.listItems(request.query, currentUser(request)),
  );

  r.get(
    '/api/nft/items/:id',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'One item with its latest bids and its sales',
        params: idParams,
        response: { 200: nftItemDetail, ...errors },
      },
    },
    (request) => nft.itemDetail(request.params.id, currentUser(request)),
  );

  r.get(
    '/api/nft/items/:id/bids',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'The item’s bid history, newest first',
        params: idParams,
        querystring: listQuery,
        response: { 200: listResponse(nftBidRecord), ...errors },
      },
    },
    (request) => nft.itemBids(request.params.id, request.query),
  );

  r.post(
    '/api/nft/media',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Upload an item’s media (multipart/form-data, one file: gif, jpg, png, webp, mp3 or mp4)',
        description: 'Then create the item with its id (mediaId). Only the uploader may use it.',
        response: { 201: nftMedia, ...errors, 413: errorResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const upload = await storage.receive(request, { ownerId: user.id, maxFiles: 1 });
      return reply.code(201).send(await nft.saveMedia(user, upload));
    },
  );

  r.post(
    '/api/nft/items',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Create an item from uploaded media (the caller is its creator and owner)',
        body: nftItemInput,
        response: { 201: mutationResponse(nftItemRecord), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          added(
            nftMessages.itemAdded,
            await nft.createItem(currentUser(request), request.body, actorOf(request)),
          ),
        ),
  );

  r.patch(
    '/api/nft/items/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Change an item (its owner only)',
        description: versionDescription,
        params: idParams,
        headers: ifMatchHeaders,
        body: nftItemUpdate,
        response: { 200: mutationResponse(nftItemRecord), ...conflicts },
      },
    },
    async (request) => {
      const expected = expectedVersion(request.body.version, request.headers['if-match']);
      return updated(
        await nft.updateItem(
          currentUser(request),
          request.params.id,
          request.body,
          expected,
          actorOf(request),
        ),
      );
    },
  );

  r.delete(
    '/api/nft/items/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Remove an item never bid on nor sold (its owner only)',
        params: idParams,
        response: { 200: emptyMutation, ...conflicts },
      },
    },
    async (request) => {
      await nft.deleteItem(currentUser(request), request.params.id, actorOf(request));
      return deleted(null);
    },
  );

  r.put(
    '/api/nft/items/:id/listing',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Put the item on sale at a fixed price, at auction, or off sale (its owner only)',
        params: idParams,
        body: nftListingInput,
        response: { 200: mutationResponse(nftItemRecord), ...conflicts },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await nft.trading.setListing(user.id, request.params.id, request.body, actorOf(request));
      return done('UPDATED', nftMessages.listingUpdated, await nft.item(request.params.id, user));
    },
  );

  r.post(
    '/api/nft/items/:id/bids',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Bid on an item at auction',
        description:
          'Refused (409) when the auction has ended by the server’s clock, when the bid is below the start price or the highest bid plus the increment, on one’s own item, or beyond the wallet’s available balance.',
        params: idParams,
        body: nftBidInput,
        response: { 201: mutationResponse(nftBidRecord), ...conflicts },
      },
    },
    async (request, reply) => {
      const bid = await nft.placeBid(
        currentUser(request),
        request.params.id,
        request.body.amount,
        actorOf(request),
      );
      return reply.code(201).send(done('ADDED', nftMessages.bidPlaced, bid));
    },
  );

  r.post(
    '/api/nft/items/:id/buy',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Buy an item at its fixed price (send the price seen)',
        params: idParams,
        body: nftBuyInput,
        response: { 201: mutationResponse(nftSaleRecord), ...conflicts },
      },
    },
    async (request, reply) => {
      const sale = await nft.buy(
        currentUser(request),
        request.params.id,
        request.body.price,
        actorOf(request),
      );
      return reply.code(201).send(done('ADDED', nftMessages.bought, sale));
    },
  );

  for (const like of [true, false]) {
    const route = like ? r.put.bind(r) : r.delete.bind(r);
    route(
      '/api/nft/items/:id/like',
      {
        config: { access: view },
        schema: {
          tags,
          summary: like ? 'Like an item' : 'Unlike an item',
          params: idParams,
          response: { 200: nftLikeState, ...errors },
        },
      },
      (request) => nft.setLike(currentUser(request), request.params.id, like),
    );
  }

  r.get(
    '/api/nft/collections',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'The collections ranking: volume, 24 h and 7 d with their change, items, floor price',
        querystring: nftCollectionListQuery,
        response: { 200: listResponse(nftCollectionRecord), 400: errorResponse },
      },
    },
    (request) => nft.collections(request.query),
  );

  r.post(
    '/api/nft/collections',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Create a collection (the caller is its creator)',
        body: nftCollectionInput,
        response: { 201: mutationResponse(nftCollectionRecord), ...conflicts },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          added(
            nftMessages.collectionAdded,
            await nft.createCollection(currentUser(request), request.body, actorOf(request)),
          ),
        ),
  );

  r.get(
    '/api/nft/creators',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Creators (users who made items), with their items, followers and sales volume',
        querystring: nftCreatorListQuery,
        response: { 200: listResponse(nftCreatorRecord), 400: errorResponse },
      },
    },
    (request) => nft.creators(request.query, currentUser(request)),
  );

  for (const follow of [true, false]) {
    const route = follow ? r.put.bind(r) : r.delete.bind(r);
    route(
      '/api/nft/creators/:id/follow',
      {
        config: { access: view },
        schema: {
          tags,
          summary: follow ? 'Follow a creator' : 'Unfollow a creator',
          params: idParams,
          response: { 200: nftFollowState, ...errors },
        },
      },
      (request) => nft.setFollow(currentUser(request), request.params.id, follow),
    );
  }

  r.get(
    '/api/nft/drops',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Drops: date, available, sold, progress and category (upto-15, upto-30, upto-40)',
        querystring: nftDropListQuery,
        response: { 200: listResponse(nftDropRecord), 400: errorResponse },
      },
    },
    (request) => nft.drops(request.query),
  );

  r.get(
    '/api/nft/sales',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Sales, newest first',
        querystring: nftSaleListQuery,
        response: { 200: listResponse(nftSaleRecord), 400: errorResponse },
      },
    },
    (request) => nft.sales(request.query),
  );

  r.get(
    '/api/nft/wallet',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'The caller’s own wallet (nobody reads another’s, administrators included)',
        response: { 200: nftWalletRecord },
      },
    },
    (request) => nft.wallet(currentUser(request)),
  );

  r.get(
    '/api/nft/wallet/bids',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'The caller’s own bids, newest first',
        querystring: nftWalletBidsQuery,
        response: { 200: listResponse(nftBidRecord), 400: errorResponse },
      },
    },
    (request) => nft.walletBids(currentUser(request), request.query),
  );

  r.post(
    '/api/nft/wallet/deposit',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Add ETH to the caller’s own wallet',
        body: nftDepositInput,
        response: { 200: mutationResponse(nftWalletRecord), 400: errorResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await nft.trading.deposit(user.id, request.body.amount, actorOf(request));
      return done('UPDATED', nftMessages.deposited, await nft.wallet(user));
    },
  );
}
