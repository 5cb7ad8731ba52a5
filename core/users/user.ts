/** The user as the core sees it, and the inputs that create or change one. */
import type { Role } from '../actor.js';

export const USER_STATUSES = ['ACTIVE', 'SUSPENDED', 'CLOSED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  postalCode?: string;
  country: string;
}

export interface User {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  status: UserStatus;
  role: Role;
  address: Address | null;
  ssn: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface UserCreateInput {
  firstName: string;
  lastName: string;
  email: string;
  name?: string;
  role?: Role;
  status?: UserStatus;
  address?: Address;
}

/** PUT: the whole representation. Omitted `address` is removed, omitted `name` recomputed;
 * omitted `role`/`status` stay as they are (they are managed, not user data). */
export type UserReplaceInput = UserCreateInput;

/** PATCH: only what is sent changes; `address: null` removes the address. */
export interface UserPatchInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  name?: string;
  role?: Role;
  status?: UserStatus;
  address?: Address | null;
}

export const USER_SORT_FIELDS = ['createdAt', 'updatedAt', 'lastName', 'firstName', 'email'] as const;
export const USER_SEARCH_FIELDS = ['name', 'email', 'firstName', 'lastName'] as const;
export type UserSearchField = (typeof USER_SEARCH_FIELDS)[number];
