/**
 * User management: who may list, read, create, change and delete users, and the rules of each.
 * Role-restricted operations throw ForbiddenError; a missing or deleted user is NotFoundError.
 */
import { isAdmin, requireActor, requireAdmin, requireOwnerOrAdmin, ROLES, type Actor, type Role } from '../actor.js';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../errors.js';
import { isUniqueViolation } from '../shared/db-errors.js';
import { isIdOf, newId } from '../shared/ids.js';
import type { ListParams, ListResult, PageResult } from '../shared/listing.js';
import { parseInstant } from '../shared/time.js';
import {
  USER_SEARCH_FIELDS,
  type User,
  type UserCreateInput,
  type UserPatchInput,
  type UserReplaceInput,
  type UserSearchField,
  type UserStatus,
} from './user.js';
import type { UserFilter, UsersRepository } from './users.repository.js';

export interface UserListQuery extends ListParams {
  /** Case-insensitive substring; blank means no text filter. */
  q?: string;
  /** Field names, comma-separated or repeated; default name and email. */
  searchFields?: readonly string[];
}

export interface UserSearchQuery {
  query?: string;
  fields?: readonly string[];
  filters?: { status?: UserStatus; createdAfter?: string };
  page?: number;
  size?: number;
  sort?: readonly string[];
}

export interface UsersServiceOptions {
  /** Told whenever a user's ability to authenticate may have changed (status, deletion). */
  onAccessChanged?: (userId: string) => void;
}

const DEFAULT_SEARCH_FIELDS: UserSearchField[] = ['name', 'email'];

function parseSearchFields(values: readonly string[] | undefined, field: string): UserSearchField[] {
  const names = (values ?? []).flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) return DEFAULT_SEARCH_FIELDS;
  const unknown = names.filter((n) => !(USER_SEARCH_FIELDS as readonly string[]).includes(n));
  if (unknown.length > 0) {
    throw InvalidInputError.field(field, `unknown search field(s) ${unknown.join(', ')}; allowed: ${USER_SEARCH_FIELDS.join(', ')}`);
  }
  return [...new Set(names)] as UserSearchField[];
}

function textFilter(query: string | undefined, fields: readonly string[] | undefined, fieldsName: string): UserFilter['text'] {
  const parsed = parseSearchFields(fields, fieldsName);
  const text = query?.trim();
  return text ? { query: text, fields: parsed } : undefined;
}

/** Nobody grants a role above their own. */
function assertMayGrant(actor: Actor, role: Role | undefined, current?: Role): void {
  if (role === undefined || role === current) return;
  if (!isAdmin(actor)) throw new ForbiddenError('Insufficient permissions: only administrators change roles');
  if (ROLES.indexOf(role) > ROLES.indexOf(actor.role)) throw new ForbiddenError(`Insufficient permissions: cannot grant ${role}`);
}

function assertMaySetStatus(actor: Actor, status: UserStatus | undefined, current?: UserStatus): void {
  if (status !== undefined && status !== current && !isAdmin(actor)) {
    throw new ForbiddenError('Insufficient permissions: only administrators change a user status');
  }
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** Creates the users service over its repository. */
export function usersService(repo: UsersRepository, options: UsersServiceOptions = {}) {
  const changedAccess = (id: string) => options.onAccessChanged?.(id);

  async function load(id: string): Promise<User> {
    const user = isIdOf('user', id) ? await repo.findById(id) : undefined;
    if (!user) throw new NotFoundError('User', id);
    return user;
  }

  async function write<T>(email: string | undefined, op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(`A user with email ${email} already exists`);
      throw err;
    }
  }

  return {
    /** Administrators list users, page- or cursor-based, optionally filtered by text. */
    async list(actor: Actor | null, query: UserListQuery): Promise<ListResult<User>> {
      requireAdmin(actor);
      return repo.list({ text: textFilter(query.q, query.searchFields, 'searchFields') }, query);
    },

    /** Administrators search users with a body (SPEC.md §4.1); always page-based. */
    async search(actor: Actor | null, body: UserSearchQuery): Promise<PageResult<User>> {
      requireAdmin(actor);
      const filter: UserFilter = {
        text: textFilter(body.query, body.fields, 'fields'),
        status: body.filters?.status,
        createdAfter: body.filters?.createdAfter ? parseInstant(body.filters.createdAfter, 'filters.createdAfter') : undefined,
      };
      return (await repo.list(filter, { page: body.page ?? 0, size: body.size, sort: body.sort })) as PageResult<User>;
    },

    /** The user itself or an administrator reads a user. */
    async get(actor: Actor | null, id: string): Promise<User> {
      requireOwnerOrAdmin(actor, id);
      return load(id);
    },

    /** Any authenticated caller reads another user's public profile (GraphQL `user(id)`). */
    async getProfile(actor: Actor | null, id: string): Promise<User> {
      requireActor(actor);
      return load(id);
    },

    /** The caller's own user, or null when the token's subject has no user row. */
    async me(actor: Actor | null): Promise<User | null> {
      const a = requireActor(actor);
      return (await repo.findById(a.userId)) ?? null;
    },

    /** Administrators create users; nobody grants a role above their own. */
    async create(actor: Actor | null, input: UserCreateInput): Promise<User> {
      const a = requireAdmin(actor);
      assertMayGrant(a, input.role);
      const now = new Date();
      return write(input.email, () =>
        repo.insert({
          id: newId('user'),
          firstName: input.firstName,
          lastName: input.lastName,
          name: input.name ?? fullName(input.firstName, input.lastName),
          email: input.email,
          role: input.role ?? 'USER',
          status: input.status ?? 'ACTIVE',
          address: input.address ?? null,
          createdAt: now,
          updatedAt: now,
        }),
      );
    },

    /** PUT semantics: omitted address removed, omitted name recomputed, omitted role/status kept. */
    async replace(actor: Actor | null, id: string, input: UserReplaceInput): Promise<User> {
      const a = requireOwnerOrAdmin(actor, id);
      const current = await load(id);
      assertMayGrant(a, input.role, current.role);
      assertMaySetStatus(a, input.status, current.status);
      const updated = await write(input.email, () =>
        repo.update(id, {
          firstName: input.firstName,
          lastName: input.lastName,
          name: input.name ?? fullName(input.firstName, input.lastName),
          email: input.email,
          address: input.address ?? null,
          role: input.role ?? current.role,
          status: input.status ?? current.status,
        }),
      );
      if (!updated) throw new NotFoundError('User', id);
      if (updated.status !== current.status) changedAccess(id);
      return updated;
    },

    /** PATCH semantics: only the fields sent change (the name is not recomputed). */
    async update(actor: Actor | null, id: string, patch: UserPatchInput): Promise<User> {
      const a = requireOwnerOrAdmin(actor, id);
      const current = await load(id);
      assertMayGrant(a, patch.role, current.role);
      assertMaySetStatus(a, patch.status, current.status);
      const updated = await write(patch.email, () => repo.update(id, patch));
      if (!updated) throw new NotFoundError('User', id);
      if (updated.status !== current.status) changedAccess(id);
      return updated;
    },

    /** Administrators delete users (soft delete: history stays, the user reads as not found). */
    async remove(actor: Actor | null, id: string): Promise<void> {
      requireAdmin(actor);
      if (!isIdOf('user', id) || !(await repo.softDelete(id))) throw new NotFoundError('User', id);
      changedAccess(id);
    },

    /** Whether a token subject may act: undefined (no row) and ACTIVE may; others may not. */
    accessStatus: (id: string) => repo.accessStatus(id),
  };
}

export type UsersService = ReturnType<typeof usersService>;
