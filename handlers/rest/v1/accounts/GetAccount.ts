import type { RestHandler } from '../shared/types.js';
import { toAccountDto } from './account-dto.js';

/** GET /api/v1/accounts/{accountId} — owner or administrator. */
export const GetAccount: RestHandler<'GetAccount'> = async ({ params }, { core, actor }) => ({
  status: 200,
  body: toAccountDto(await core.accounts.get(actor, params.accountId)),
});
