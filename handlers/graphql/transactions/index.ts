import type { Resolvers } from '../../../generated/graphql/resolvers-types.js';
import { createTransaction } from './Mutation.createTransaction.js';
import { transactionHistory } from './Query.transactionHistory.js';
import { transactions } from './Query.transactions.js';
import { transactionsPage } from './Query.transactionsPage.js';
import { Transaction } from './Transaction.js';
import { TransactionConnection } from './TransactionConnection.js';
import { TransactionPage } from './TransactionPage.js';

/** Transactions module. */
export const transactionsResolvers: Resolvers = {
  Query: { transactions, transactionsPage, transactionHistory },
  Mutation: { createTransaction },
  Transaction,
  TransactionConnection,
  TransactionPage,
};
