import { toCollection } from '../shared/collection.js';
import type { RestHandler } from '../shared/types.js';
import { toAccountDto } from './account-dto.js';

/** GET /api/v1/accounts — the caller's accounts (administrators: all, filterable by userId). */
export const ListAccounts: RestHandler<'ListAccounts'> = async ({ query }, { core, actor, url }) => ({
  status: 200,
  body: toCollection(await core.accounts.list(actor, query), toAccountDto, url),
});
