import type { RestHandler } from '../shared/types.js';
import { toUserDto } from './user-dto.js';

/** PUT /api/v1/users/{userId} — the whole representation; self or administrator. */
export const ReplaceUser: RestHandler<'ReplaceUser'> = async ({ params, body }, { core, actor }) => ({
  status: 200,
  body: toUserDto(await core.users.replace(actor, params.userId, body)),
});
