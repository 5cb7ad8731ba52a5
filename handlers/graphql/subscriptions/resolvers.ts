/**
 * Subscription resolvers over the event bus. Authorization happens once, at subscribe time: the
 * caller must be authenticated (`@auth` on the fields) and own the account or be an administrator
 * (the core's account read decides: NOT_FOUND / FORBIDDEN otherwise).
 */
import type { EventBus } from '../../../core/events/bus.js';
import type { BalanceUpdatedEvent } from '../../../core/events/domain-events.js';
import { formatAmount } from '../../../core/shared/money.js';
import type { Resolvers } from '../../../generated/graphql/resolvers-types.js';

/** The `Subscription` resolvers bound to one instance's event bus. */
export function createSubscriptionResolvers(events: EventBus): Resolvers {
  return {
    Subscription: {
      transactionCreated: {
        subscribe: async (_parent, { accountId }, { core, actor }) => {
          await core.accounts.load(actor, accountId);
          return events.subscribe(accountId, 'transaction.created');
        },
        resolve: (event: { transaction: Record<string, unknown> & { createdAt: string } }) =>
          ({ ...event.transaction, createdAt: new Date(event.transaction.createdAt) }) as never,
      },
      balanceUpdated: {
        subscribe: async (_parent, { accountId }, { core, actor }) => {
          await core.accounts.load(actor, accountId);
          return events.subscribe(accountId, 'balance.updated');
        },
        resolve: ({ type: _type, ...update }: BalanceUpdatedEvent) => update,
      },
    },
    BalanceUpdate: {
      newBalance: (update) => formatAmount(update.newBalance, update.currency),
    },
  };
}
