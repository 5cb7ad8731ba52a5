// The core's shapes that back GraphQL types (codegen `mappers`, see codegen.ts). Where a core
// shape differs from its GraphQL type, the generated resolver types make the difference visible
// and a field resolver bridges it (e.g. `Transaction.timestamp` from `createdAt`, money formatted
// with its currency's minor units).
import type { Account, Transaction, Transfer } from '../../core/accounts/account.js';
import type { BalanceUpdatedEvent } from '../../core/events/domain-events.js';
import type { TransactionConnection, TransactionPage } from '../../core/transactions/transaction.js';
import type { User } from '../../core/users/user.js';

export type UserMapper = User;
export type AccountMapper = Account;
export type TransactionMapper = Transaction;
export type TransferMapper = Transfer;
/** `totalCount` is a lazy query: run only when the field is selected. */
export type TransactionConnectionMapper = TransactionConnection;
/** `totalCount` is a lazy query: run only when the field is selected. */
export type TransactionPageMapper = TransactionPage;
/** The committed `balance.updated` event (`newBalance` is an exact decimal string in `currency`). */
export type BalanceUpdateMapper = Omit<BalanceUpdatedEvent, 'type'>;
