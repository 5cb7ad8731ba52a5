import { toCollection } from '../shared/collection.js';
import type { RestHandler } from '../shared/types.js';
import { toUserDto } from './user-dto.js';

/** GET /api/v1/users — page or cursor listing with sort and text search (administrators). */
export const ListUsers: RestHandler<'ListUsers'> = async ({ query }, { core, actor, url }) => {
  const result = await core.users.list(actor, { ...query, q: query.q ?? query.search });
  return { status: 200, body: toCollection(result, toUserDto, url) };
};
