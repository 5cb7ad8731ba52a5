import type { RestHandler } from '../shared/types.js';
import { accountLocation, toAccountDto } from './account-dto.js';

/** POST /api/v1/accounts — opens an account; 201 with Location. */
export const CreateAccount: RestHandler<'CreateAccount'> = async ({ body }, { core, actor }) => {
  const account = await core.accounts.create(actor, body);
  return { status: 201, body: toAccountDto(account), headers: { Location: accountLocation(account.id) } };
};
