import type { CryptoLiveMessage } from '@ledgerdesk/contracts';
import type { LiveHub } from '../../lib/live/hub';
import { type AuthUser, can } from '../../plugins/auth';
import { MARKET_TOPIC, type MarketEvent } from './market';
import type { CryptoService } from './service';

/**
 * Delivers each market tick on this node: the users with a socket here who may view crypto get
 * `crypto.prices` (the prices read once per tick on this node, not per socket), and the owners of
 * the orders the tick filled get `crypto.wallet`. A node without such a user reads nothing.
 */
export function registerCryptoLive(live: LiveHub<AuthUser>, crypto: CryptoService) {
  const send = (userIds: Iterable<string>, message: CryptoLiveMessage) => live.sendTo(userIds, message);

  live.on(MARKET_TOPIC, async (payload) => {
    const event = payload as MarketEvent;
    const viewers = live
      .localUsers()
      .filter((user) => can(user, 'crypto.view'))
      .map((user) => user.id);
    if (viewers.length === 0) return;
    const prices = await crypto.market.livePrices();
    const at = new Date(event.step * crypto.market.stepMs).toISOString();
    send(viewers, { type: 'crypto.prices', step: event.step, at, prices });
    const owners = event.owners === 'all' ? viewers : viewers.filter((id) => event.owners.includes(id));
    if (owners.length > 0) send(owners, { type: 'crypto.wallet' });
  });
}
