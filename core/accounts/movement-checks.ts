/**
 * The checks every money movement between two accounts shares (transfers and payments), collected
 * rather than thrown one by one so a client learns everything wrong with its request at once.
 */
import type { AccountRow } from '../../db/schema/accounts.js';
import { isOwnerOrAdmin, type Actor } from '../actor.js';
import type { Violations } from '../errors.js';
import { isIdOf } from '../shared/ids.js';
import { compareAmounts, parseAmount } from '../shared/money.js';
import type { AccountsRepository } from './accounts.repository.js';

export interface MovementInput {
  fromAccountId: string;
  toAccountId: string;
  amount: number | string;
  /** Required currency (payments); transfers use the source account's. */
  currency?: string;
}

export interface MovementFields {
  from: string;
  to: string;
  amount: string;
  currency: string;
}

/** Loads an account the actor may act on, recording NOT_FOUND / FORBIDDEN. */
export async function loadOwnAccount(repo: AccountsRepository, actor: Actor, id: string, field: string, v: Violations): Promise<AccountRow | undefined> {
  const account = isIdOf('account', id) ? await repo.findById(id) : undefined;
  if (!account) v.add(field, 'NOT_FOUND', `Account ${id} not found`);
  else if (!isOwnerOrAdmin(actor, account.userId)) v.add(field, 'FORBIDDEN', 'Access denied');
  else return account;
  return undefined;
}

/**
 * Validates a movement; returns the accounts and canonical amount when nothing was recorded.
 * The balance check here is advisory: the debit inside the transaction is authoritative.
 */
export async function checkMovement(
  repo: AccountsRepository,
  actor: Actor,
  input: MovementInput,
  fields: MovementFields,
  v: Violations,
): Promise<{ from: AccountRow; to: AccountRow; amount: string } | undefined> {
  const from = await loadOwnAccount(repo, actor, input.fromAccountId, fields.from, v);
  const to = isIdOf('account', input.toAccountId) ? await repo.findById(input.toAccountId) : undefined;
  if (!to) v.add(fields.to, 'NOT_FOUND', `Account ${input.toAccountId} not found`);
  if (input.fromAccountId === input.toAccountId) v.add(fields.to, 'BUSINESS_RULE', `must differ from ${fields.from}`);
  const currency = input.currency ?? from?.currency;
  const amount = v.catch(fields.amount, () => parseAmount(input.amount, currency ?? 'USD', fields.amount));
  for (const [account, field] of [[from, fields.from], [to, fields.to]] as const) {
    if (!account) continue;
    if (account.status !== 'ACTIVE') v.add(field, 'BUSINESS_RULE', `account ${account.id} is ${account.status}`);
    else if (currency && account.currency !== currency) {
      v.add(input.currency ? fields.currency : field, 'BUSINESS_RULE', `account ${account.id} holds ${account.currency}, not ${currency}`);
    }
  }
  if (from && amount && from.status === 'ACTIVE' && compareAmounts(from.balance, amount) < 0) {
    v.add(fields.amount, 'INSUFFICIENT_FUNDS', `insufficient funds: balance ${from.balance} ${from.currency} is lower than ${amount}`);
  }
  return from && to && amount && v.empty ? { from, to, amount } : undefined;
}
