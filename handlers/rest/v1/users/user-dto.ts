/** Core user → contract `User`. Internal fields (ssn, deletion) never leave through REST. */
import type { User } from '../../../../core/users/user.js';
import { compact } from '../shared/compact.js';
import type { Schemas } from '../shared/types.js';

/** Maps a user to its REST representation. */
export function toUserDto(user: User): Schemas['User'] {
  return compact({
    userId: user.id,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    status: user.status,
    role: user.role,
    address: user.address ? compact(user.address) : null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  });
}

/** Location of a user resource. */
export const userLocation = (id: string) => `/api/v1/users/${id}`;
