/**
 * The version-independent core: every service wired to its repository. REST v1, GraphQL and any
 * future version call these; none of them knows about HTTP, GraphQL or API versions.
 */
import type { Db } from '../db/client.js';
import { usersRepository } from './users/users.repository.js';
import { usersService, type UsersServiceOptions } from './users/users.service.js';

export interface CoreOptions {
  users?: UsersServiceOptions;
}

/** Wires the core services over one database. */
export function createCore(db: Db, options: CoreOptions = {}) {
  return {
    users: usersService(usersRepository(db), options.users),
  };
}

export type Core = ReturnType<typeof createCore>;
