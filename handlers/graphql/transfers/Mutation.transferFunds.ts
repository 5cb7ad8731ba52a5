import type { MutationResolvers } from '../../../generated/graphql/resolvers-types.js';
import { runMutation } from '../shared/mutation.js';

/** Moves money; every validation and business failure comes back in `userErrors`, nothing moved. */
export const transferFunds: NonNullable<MutationResolvers['transferFunds']> = async (_parent, { input }, { core, actor }) => {
  const { value, userErrors } = await runMutation(() =>
    core.accounts.transfer(actor, {
      fromAccountId: input.fromAccountId,
      toAccountId: input.toAccountId,
      amount: input.amount,
      description: input.description,
    }),
  );
  return { transfer: value, userErrors };
};
