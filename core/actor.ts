/**
 * Who is calling the core. Identities come from the token issuer (DESIGN.md): the core trusts the
 * actor it is handed and only decides what that actor may see and do.
 */
import { ForbiddenError, UnauthenticatedError } from './errors.js';

export const ROLES = ['USER', 'ADMIN', 'SUPER_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export interface Actor {
  userId: string;
  role: Role;
}

/** ADMIN and SUPER_ADMIN are "administrators" everywhere SPEC.md says so. */
export function isAdmin(actor: Actor | null | undefined): boolean {
  return actor?.role === 'ADMIN' || actor?.role === 'SUPER_ADMIN';
}

/** Returns the actor or throws `UnauthenticatedError`. */
export function requireActor(actor: Actor | null | undefined): Actor {
  if (!actor) throw new UnauthenticatedError();
  return actor;
}

/** Throws unless the actor is an administrator. */
export function requireAdmin(actor: Actor | null | undefined): Actor {
  const a = requireActor(actor);
  if (!isAdmin(a)) throw new ForbiddenError('Insufficient permissions: administrators only');
  return a;
}

/** True when the actor is `ownerId` (the user, or the owner of a resource) or an administrator. */
export function isOwnerOrAdmin(actor: Actor, ownerId: string): boolean {
  return actor.userId === ownerId || isAdmin(actor);
}

/** Throws unless the actor is `ownerId` or an administrator (`Access denied`). */
export function requireOwnerOrAdmin(actor: Actor | null | undefined, ownerId: string): Actor {
  const a = requireActor(actor);
  if (!isOwnerOrAdmin(a, ownerId)) throw new ForbiddenError('Access denied');
  return a;
}
