/** Development convenience: on an empty database, create a demo administrator and user and print tokens. */
import { count } from 'drizzle-orm';
import type { Actor } from '../core/actor.js';
import { users } from '../db/schema/users.js';
import { signToken } from './auth/sign-token.js';
import type { Service } from './service.js';

const SYSTEM: Actor = { userId: 'system', role: 'SUPER_ADMIN' };

/** Seeds when no user exists; returns the printed lines, or undefined when nothing was seeded. */
export async function seedDemoData(service: Service): Promise<string[] | undefined> {
  const [row] = await service.database.db.select({ n: count() }).from(users);
  if (row!.n > 0) return undefined;
  const admin = await service.core.users.create(SYSTEM, { firstName: 'Ada', lastName: 'Admin', email: 'admin@concord.test', role: 'ADMIN' });
  const user = await service.core.users.create(SYSTEM, { firstName: 'Uma', lastName: 'User', email: 'user@concord.test' });
  const jwt = service.config.jwt;
  if (!jwt.algorithm.startsWith('HS')) return [`Seeded demo users ${admin.id} (ADMIN) and ${user.id} (USER); sign tokens with your issuer.`];
  return [
    'Seeded demo data on an empty database:',
    `  admin ${admin.id}  token: ${await signToken(jwt, { sub: admin.id, role: 'ADMIN', ttl: '30d' })}`,
    `  user  ${user.id}  token: ${await signToken(jwt, { sub: user.id, role: 'USER', ttl: '30d' })}`,
    'Try: curl -H "Authorization: Bearer <token>" http://' + `${service.config.host}:${service.config.port}/api/v1/users/${user.id}`,
  ];
}
