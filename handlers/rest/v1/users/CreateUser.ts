import type { RestHandler } from '../shared/types.js';
import { toUserDto, userLocation } from './user-dto.js';

/** POST /api/v1/users — administrators; 201 with Location. */
export const CreateUser: RestHandler<'CreateUser'> = async ({ body }, { core, actor }) => {
  const user = await core.users.create(actor, body);
  return { status: 201, body: toUserDto(user), headers: { Location: userLocation(user.id) } };
};
