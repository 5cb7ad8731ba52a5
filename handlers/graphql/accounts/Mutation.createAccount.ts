import type { MutationResolvers } from '../../../generated/graphql/resolvers-types.js';
import { runMutation } from '../shared/mutation.js';

/** Opens an account; every validation and business failure comes back in `userErrors`. */
export const createAccount: NonNullable<MutationResolvers['createAccount']> = async (_parent, { input }, { core, actor }) => {
  const { value, userErrors } = await runMutation(() =>
    core.accounts.create(actor, {
      userId: input.userId,
      accountType: input.accountType,
      currency: input.currency ?? undefined,
      initialDeposit: input.initialDeposit ?? undefined,
    }),
  );
  return { account: value, userErrors };
};
