import { totalBalance } from '../../../core/accounts/balances.js';
import { isOwnerOrAdmin, requireOwnerOrAdmin, type Actor } from '../../../core/actor.js';
import type { UserResolvers } from '../../../generated/graphql/resolvers-types.js';

/** The user themself or an administrator: the only callers who see a user's private fields. */
const maySeePrivate = (actor: Actor | null, userId: string) => actor !== null && isOwnerOrAdmin(actor, userId);

/**
 * Public profile for every authenticated caller (`@auth` on the type); the e-mail address and the
 * balance are null, and `accounts` is FORBIDDEN, for anyone but the user and administrators.
 * `ssn` is guarded by `@auth(requires: ADMIN)` in the schema.
 */
export const User: UserResolvers = {
  email: (user, _args, { actor }) => (maySeePrivate(actor, user.id) ? user.email : null),
  emailAddress: (user, _args, { actor }) => (maySeePrivate(actor, user.id) ? user.email : null),
  balance: async (user, _args, { actor, loaders }) => {
    if (!maySeePrivate(actor, user.id)) return null;
    return totalBalance(await loaders.accountsOfUser.load(user.id))?.amount ?? null;
  },
  ssn: (user) => user.ssn ?? null,
  accounts: (user, _args, { actor, loaders }) => {
    requireOwnerOrAdmin(actor, user.id);
    return loaders.accountsOfUser.load(user.id);
  },
};
