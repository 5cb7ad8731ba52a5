import type { RestHandler } from '../shared/types.js';

/** DELETE /api/v1/users/{userId} — administrators; 204, then the user reads as 404. */
export const DeleteUser: RestHandler<'DeleteUser'> = async ({ params }, { core, actor }) => {
  await core.users.remove(actor, params.userId);
  return { status: 204, body: undefined };
};
