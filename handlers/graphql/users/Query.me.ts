import type { QueryResolvers } from '../../../generated/graphql/resolvers-types.js';

/** The caller's user; null when the token's subject has no user row. */
export const me: NonNullable<QueryResolvers['me']> = (_parent, _args, { core, actor }) => core.users.me(actor);
