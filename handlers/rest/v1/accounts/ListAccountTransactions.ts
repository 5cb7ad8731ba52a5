import type { CursorResult } from '../../../../core/shared/listing.js';
import type { Transaction } from '../../../../core/accounts/account.js';
import { toCursorEnvelope } from '../shared/collection.js';
import type { RestHandler } from '../shared/types.js';
import { toTransactionDto } from './account-dto.js';

/** GET /api/v1/accounts/{accountId}/transactions — the ledger, newest first, cursor envelope. */
export const ListAccountTransactions: RestHandler<'ListAccountTransactions'> = async ({ params, query }, { core, actor }) => {
  const result = await core.accounts.listTransactions(actor, params.accountId, { limit: query.limit ?? 20, cursor: query.cursor });
  return { status: 200, body: toCursorEnvelope(result as CursorResult<Transaction>, toTransactionDto) };
};
