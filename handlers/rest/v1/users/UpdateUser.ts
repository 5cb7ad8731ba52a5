import type { RestHandler } from '../shared/types.js';
import { toUserDto } from './user-dto.js';

/** PATCH /api/v1/users/{userId} — only the fields sent; self or administrator. */
export const UpdateUser: RestHandler<'UpdateUser'> = async ({ params, body }, { core, actor }) => ({
  status: 200,
  body: toUserDto(await core.users.update(actor, params.userId, body)),
});
