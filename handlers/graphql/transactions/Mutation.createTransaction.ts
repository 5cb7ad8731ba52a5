import type { MutationResolvers } from '../../../generated/graphql/resolvers-types.js';
import { runMutation } from '../shared/mutation.js';

/** A deposit or withdrawal; every validation and business failure comes back in `userErrors`. */
export const createTransaction: NonNullable<MutationResolvers['createTransaction']> = async (_parent, { input }, { core, actor }) => {
  const { value, userErrors } = await runMutation(() =>
    core.accounts.createTransaction(actor, {
      accountId: input.accountId,
      amount: input.amount,
      type: input.type,
      description: input.description,
    }),
  );
  return { transaction: value, userErrors };
};
