import type { MutationResolvers } from '../../../generated/graphql/resolvers-types.js';
import { runMutation } from '../shared/mutation.js';

/** Moves money; every validation and business failure comes back in `userErrors`, nothing moved. */
export const transferFunds: NonNullable<MutationResolvers['transferFunds']> = async (_parent, { input }, { services, actor }) => {
  const { value, userErrors } = await runMutation(() =>
    services.movements.transfer(actor, {
      fromAccountId: input.fromAccountId,
      toAccountId: input.toAccountId,
      amount: input.amount,
      description: input.description,
    }),
  );
  return { transfer: value, userErrors };
};
