/**
 * Accounts: opening (with an optional initial deposit), reading, listing, closing, deposits and
 * withdrawals, and transfers between accounts. Validation collects every violation before anything
 * executes; execution happens in one transaction with the touched accounts locked.
 */
import { and, eq } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { accounts, transfers, type AccountRow, type TransactionRow, type TransferRow } from '../../db/schema/accounts.js';
import { isAdmin, isOwnerOrAdmin, requireActor, requireOwnerOrAdmin, type Actor } from '../actor.js';
import { NotFoundError, RuleViolationError, Violations } from '../errors.js';
import { isUniqueViolation, violatedConstraint } from '../shared/db-errors.js';
import { isIdOf, newId } from '../shared/ids.js';
import type { ListParams, ListResult } from '../shared/listing.js';
import { assertCurrency, compareAmounts, parseAmount } from '../shared/money.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { AccountType } from './account.js';
import type { AccountsRepository } from './accounts.repository.js';
import { credit, debit, lockAccounts, recordTransaction } from './ledger.js';
import { checkMovement, loadOwnAccount } from './movement-checks.js';

export interface AccountCreateInput {
  userId?: string;
  accountType: AccountType;
  currency?: string;
  initialDeposit?: number | string;
}

export interface AccountTransactionInput {
  accountId: string;
  amount: number | string;
  type: 'DEPOSIT' | 'WITHDRAWAL';
  description?: string | null;
}

export interface TransferInput {
  fromAccountId: string;
  toAccountId: string;
  amount: number | string;
  description?: string | null;
}

/** Longest description a transaction or transfer may carry. */
export const MAX_DESCRIPTION_LENGTH = 500;

function checkDescription(description: string | null | undefined, v: Violations): void {
  if (description && description.length > MAX_DESCRIPTION_LENGTH) v.add('description', 'INVALID', `must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
}

const accountNumber = () => `CN${String(randomInt(0, 10 ** 10)).padStart(10, '0')}`;

/** Creates the accounts service. */
export function accountsService(db: Db, repo: AccountsRepository, usersRepo: UsersRepository) {
  /** Owner or administrator; anyone else is refused, an unknown id is not found. */
  async function load(actor: Actor | null, id: string): Promise<AccountRow> {
    requireActor(actor);
    const account = isIdOf('account', id) ? await repo.findById(id) : undefined;
    if (!account) throw new NotFoundError('Account', id);
    requireOwnerOrAdmin(actor, account.userId);
    return account;
  }

  async function insertAccount(values: Omit<typeof accounts.$inferInsert, 'id' | 'accountNumber'>, deposit: string | undefined) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          const [account] = await tx.insert(accounts).values({ id: newId('account'), accountNumber: accountNumber(), ...values }).returning();
          if (!deposit) return account!;
          const credited = await credit(tx, account!.id, deposit);
          await recordTransaction(tx, { type: 'DEPOSIT', amount: deposit, currency: account!.currency, toAccountId: account!.id, description: 'Initial deposit' });
          return credited;
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        if (violatedConstraint(err) === 'accounts_account_number_key' && attempt < 3) continue; // random number taken
        throw new RuleViolationError([{ field: 'accountType', kind: 'CONFLICT', message: `user already has an ACTIVE ${values.accountType} account` }]);
      }
    }
  }

  return {
    load,

    /** Opens an account for the caller (administrators: for anyone), optionally with a deposit. */
    async create(actor: Actor | null, input: AccountCreateInput): Promise<AccountRow> {
      const a = requireActor(actor);
      const v = new Violations();
      const userId = input.userId ?? a.userId;
      const forbidden = !isOwnerOrAdmin(a, userId);
      if (forbidden) v.add('userId', 'FORBIDDEN', 'Access denied');
      const currency = v.catch('currency', () => assertCurrency(input.currency ?? 'USD'));
      const deposit =
        input.initialDeposit !== undefined && input.initialDeposit !== null && currency
          ? v.catch('initialDeposit', () => parseAmount(input.initialDeposit!, currency, 'initialDeposit'))
          : undefined;
      const user = forbidden ? undefined : await usersRepo.findById(userId);
      if (!forbidden && !user) v.add('userId', 'NOT_FOUND', `User ${userId} not found`);
      else if (user && user.status !== 'ACTIVE') v.add('userId', 'BUSINESS_RULE', `user ${userId} is ${user.status}`);
      if (user) {
        const [existing] = await db
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.userId, userId), eq(accounts.accountType, input.accountType), eq(accounts.status, 'ACTIVE')))
          .limit(1);
        if (existing) v.add('accountType', 'CONFLICT', `user already has an ACTIVE ${input.accountType} account (${existing.id})`);
      }
      v.throwIfAny();
      return insertAccount({ userId, accountType: input.accountType, currency: currency!, status: 'ACTIVE' }, deposit);
    },

    /** Owner or administrator. */
    get: load,

    /** The caller's accounts; administrators see all and may filter by user. */
    async list(actor: Actor | null, query: ListParams & { userId?: string }): Promise<ListResult<AccountRow>> {
      const a = requireActor(actor);
      if (query.userId) requireOwnerOrAdmin(a, query.userId);
      return repo.list(isAdmin(a) ? query.userId : a.userId, query);
    },

    /** Ledger of one account, newest first (owner or administrator). */
    async listTransactions(actor: Actor | null, accountId: string, params: ListParams): Promise<ListResult<TransactionRow>> {
      await load(actor, accountId);
      return repo.listTransactions([accountId], params);
    },

    /** Closes an account whose balance is zero. */
    async close(actor: Actor | null, id: string): Promise<AccountRow> {
      const a = requireActor(actor);
      const v = new Violations();
      const account = await loadOwnAccount(repo, a, id, 'id', v);
      if (account?.status === 'CLOSED') v.add('id', 'BUSINESS_RULE', `account ${id} is already CLOSED`);
      else if (account && compareAmounts(account.balance, '0') !== 0) {
        v.add('id', 'BUSINESS_RULE', `account ${id} has a balance of ${account.balance} ${account.currency}; only an empty account can be closed`);
      }
      v.throwIfAny();
      return db.transaction(async (tx) => {
        const locked = (await lockAccounts(tx, [id])).get(id)!;
        if (compareAmounts(locked.balance, '0') !== 0 || locked.status === 'CLOSED') {
          throw new RuleViolationError([{ field: 'id', kind: 'BUSINESS_RULE', message: `account ${id} changed meanwhile; it can no longer be closed` }]);
        }
        const [closed] = await tx.update(accounts).set({ status: 'CLOSED', updatedAt: new Date() }).where(eq(accounts.id, id)).returning();
        return closed!;
      });
    },

    /** A deposit into or a withdrawal from one of the caller's accounts. */
    async createTransaction(actor: Actor | null, input: AccountTransactionInput): Promise<TransactionRow> {
      const a = requireActor(actor);
      const v = new Violations();
      const account = await loadOwnAccount(repo, a, input.accountId, 'accountId', v);
      const amount = v.catch('amount', () => parseAmount(input.amount, account?.currency ?? 'USD'));
      if (account && account.status !== 'ACTIVE') v.add('accountId', 'BUSINESS_RULE', `account ${account.id} is ${account.status}`);
      if (account && amount && input.type === 'WITHDRAWAL' && compareAmounts(account.balance, amount) < 0) {
        v.add('amount', 'INSUFFICIENT_FUNDS', `insufficient funds: balance ${account.balance} ${account.currency} is lower than ${amount}`);
      }
      checkDescription(input.description, v);
      v.throwIfAny();
      return db.transaction(async (tx) => {
        const locked = (await lockAccounts(tx, [account!.id])).get(account!.id)!;
        if (locked.status !== 'ACTIVE') throw new RuleViolationError([{ field: 'accountId', kind: 'BUSINESS_RULE', message: `account ${locked.id} is ${locked.status}` }]);
        if (input.type === 'DEPOSIT') await credit(tx, locked.id, amount!);
        else await debit(tx, locked.id, amount!);
        return recordTransaction(tx, {
          type: input.type,
          amount: amount!,
          currency: locked.currency,
          fromAccountId: input.type === 'WITHDRAWAL' ? locked.id : null,
          toAccountId: input.type === 'DEPOSIT' ? locked.id : null,
          description: input.description ?? null,
        });
      });
    },

    /** Moves money between two ACTIVE accounts of one currency; the source must be the caller's. */
    async transfer(actor: Actor | null, input: TransferInput): Promise<TransferRow> {
      const a = requireActor(actor);
      const v = new Violations();
      const checked = await checkMovement(repo, a, input, { from: 'fromAccountId', to: 'toAccountId', amount: 'amount', currency: 'amount' }, v);
      checkDescription(input.description, v);
      v.throwIfAny();
      const { from, to, amount } = checked!;
      return db.transaction(async (tx) => {
        const locked = await lockAccounts(tx, [from.id, to.id]);
        for (const [id, field] of [[from.id, 'fromAccountId'], [to.id, 'toAccountId']] as const) {
          const status = locked.get(id)!.status;
          if (status !== 'ACTIVE') throw new RuleViolationError([{ field, kind: 'BUSINESS_RULE', message: `account ${id} is ${status}` }]);
        }
        await debit(tx, from.id, amount);
        await credit(tx, to.id, amount);
        const transferId = newId('transfer');
        const transaction = await recordTransaction(tx, {
          type: 'TRANSFER',
          amount,
          currency: from.currency,
          fromAccountId: from.id,
          toAccountId: to.id,
          description: input.description ?? null,
          transferId,
        });
        const [transfer] = await tx
          .insert(transfers)
          .values({
            id: transferId,
            userId: a.userId,
            fromAccountId: from.id,
            toAccountId: to.id,
            amount,
            currency: from.currency,
            status: 'COMPLETED',
            description: input.description ?? null,
            transactionId: transaction.id,
          })
          .returning();
        return transfer!;
      });
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
