import { NotFoundError } from '../../../core/errors.js';
import type { QueryResolvers } from '../../../generated/graphql/resolvers-types.js';
import { typenameOf } from '../shared/typename.js';

/** Fetches any object by id, dispatching on its prefix; each type's own read rules apply. */
export const node: NonNullable<QueryResolvers['node']> = async (_parent, { id }, { core, actor }) => {
  switch (typenameOf(id)) {
    case 'User':
      return core.users.getProfile(actor, id);
    case 'Account':
      return core.accounts.get(actor, id);
    case 'Transaction':
      return core.transactions.get(actor, id);
    case 'Transfer':
      return core.transactions.getTransfer(actor, id);
    default:
      throw new NotFoundError('Node', id);
  }
};
