import type { Resolvers } from '../../../generated/graphql/resolvers-types.js';
import { Account } from './Account.js';
import { closeAccount } from './Mutation.closeAccount.js';
import { createAccount } from './Mutation.createAccount.js';
import { account } from './Query.account.js';
import { accounts } from './Query.accounts.js';

/** Accounts module. */
export const accountsResolvers: Resolvers = {
  Query: { account, accounts },
  Mutation: { createAccount, closeAccount },
  Account,
};
