import type { Resolvers } from '../../../generated/graphql/resolvers-types.js';
import { me } from './Query.me.js';
import { user } from './Query.user.js';
import { users } from './Query.users.js';
import { User } from './User.js';

/** Users module. */
export const usersResolvers: Resolvers = {
  Query: { user, users, me },
  User,
};
