import type { MutationResolvers } from '../../../generated/graphql/resolvers-types.js';
import { runMutation } from '../shared/mutation.js';

/** Closes an empty account; failures come back in `userErrors` on `["id"]`. */
export const closeAccount: NonNullable<MutationResolvers['closeAccount']> = async (_parent, { id }, { core, actor }) => {
  const { value, userErrors } = await runMutation(() => core.accounts.close(actor, id));
  return { account: value, userErrors };
};
