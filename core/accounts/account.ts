/** Accounts, ledger transactions and transfers as the core hands them out. */
import type { AccountRow, TransactionRow, TransferRow } from '../../db/schema/accounts.js';

export type Account = AccountRow;
export type Transaction = TransactionRow;
export type Transfer = TransferRow;
export type AccountType = AccountRow['accountType'];
export type AccountStatus = AccountRow['status'];

export const ACCOUNT_SORT_FIELDS = ['createdAt', 'balance'] as const;
