import type { QueryResolvers } from '../../../generated/graphql/resolvers-types.js';

/** All accounts of a user, oldest first: the user themself or an administrator. */
export const accounts: NonNullable<QueryResolvers['accounts']> = async (_parent, { userId }, { core, actor, loaders }) => {
  const rows = await core.accountReads.ofUser(actor, userId);
  loaders.accountsOfUser.prime(userId, rows);
  for (const row of rows) loaders.accounts.prime(row.id, row);
  return rows;
};
