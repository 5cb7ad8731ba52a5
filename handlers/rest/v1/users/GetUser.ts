import type { RestHandler } from '../shared/types.js';
import { toUserDto } from './user-dto.js';

/** GET /api/v1/users/{userId} — self or administrator. */
export const GetUser: RestHandler<'GetUser'> = async ({ params }, { core, actor }) => ({
  status: 200,
  body: toUserDto(await core.users.get(actor, params.userId)),
});
