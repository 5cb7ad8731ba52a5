/**
 * Money movements as GraphQL's `transferFunds` and `createTransaction` define them: the rules of
 * `accounts.transfer` / `accounts.createTransaction`, plus a description of at most 500
 * characters. Every violation is still collected before anything executes: when the description
 * is too long, the movement's own checks run here too (nothing is written) so that the client
 * learns everything wrong at once; otherwise the accounts service validates and executes.
 */
import type { TransactionRow, TransferRow } from '../../db/schema/accounts.js';
import type { Db } from '../../db/client.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import type { AccountsService, AccountTransactionInput, TransferInput } from '../accounts/accounts.service.js';
import { checkMovement, loadOwnAccount } from '../accounts/movement-checks.js';
import { requireActor, type Actor } from '../actor.js';
import { Violations } from '../errors.js';
import { compareAmounts, parseAmount } from '../shared/money.js';

export const MAX_DESCRIPTION_LENGTH = 500;

function descriptionProblem(description: string | null | undefined): string | undefined {
  return description && description.length > MAX_DESCRIPTION_LENGTH ? `must be at most ${MAX_DESCRIPTION_LENGTH} characters` : undefined;
}

/** Creates the movement operations over the accounts service. */
export function movementsService(db: Db, accounts: AccountsService) {
  const repo = accountsRepository(db);

  return {
    /** Moves money between two ACTIVE accounts of one currency (see `accounts.transfer`). */
    async transfer(actor: Actor | null, input: TransferInput): Promise<TransferRow> {
      const problem = descriptionProblem(input.description);
      if (problem) {
        const v = new Violations();
        await checkMovement(repo, requireActor(actor), input, { from: 'fromAccountId', to: 'toAccountId', amount: 'amount', currency: 'amount' }, v);
        v.add('description', 'INVALID', problem);
        v.throwIfAny();
      }
      return accounts.transfer(actor, input);
    },

    /** A deposit or withdrawal (see `accounts.createTransaction`). */
    async createTransaction(actor: Actor | null, input: AccountTransactionInput): Promise<TransactionRow> {
      const problem = descriptionProblem(input.description);
      if (problem) {
        // The checks of accounts.createTransaction, run only to report them with this one.
        const v = new Violations();
        const account = await loadOwnAccount(repo, requireActor(actor), input.accountId, 'accountId', v);
        const amount = v.catch('amount', () => parseAmount(input.amount, account?.currency ?? 'USD'));
        if (account && account.status !== 'ACTIVE') v.add('accountId', 'BUSINESS_RULE', `account ${account.id} is ${account.status}`);
        if (account && amount && input.type === 'WITHDRAWAL' && compareAmounts(account.balance, amount) < 0) {
          v.add('amount', 'INSUFFICIENT_FUNDS', `insufficient funds: balance ${account.balance} ${account.currency} is lower than ${amount}`);
        }
        v.add('description', 'INVALID', problem);
        v.throwIfAny();
      }
      return accounts.createTransaction(actor, input);
    },
  };
}

export type MovementsService = ReturnType<typeof movementsService>;
