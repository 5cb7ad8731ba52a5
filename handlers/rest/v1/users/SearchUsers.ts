import { toPageEnvelope } from '../shared/collection.js';
import type { RestHandler } from '../shared/types.js';
import { toUserDto } from './user-dto.js';

/** POST /api/v1/users/search — body-driven search, page envelope (administrators). */
export const SearchUsers: RestHandler<'SearchUsers'> = async ({ body }, { core, actor }) => {
  const result = await core.users.search(actor, body);
  return { status: 200, body: toPageEnvelope(result, toUserDto) };
};
