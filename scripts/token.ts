/**
 * `npm run token -- --sub usr_… [--role USER|ADMIN|SUPER_ADMIN] [--ttl 1h]`: prints a bearer token
 * signed with the configured JWT_SECRET, for development and tests. Token issuance is not part of the API.
 */
import { parseArgs } from 'node:util';
import { signToken } from '../app/auth/sign-token.js';
import { loadConfig } from '../app/config.js';
import { ROLES, type Role } from '../core/actor.js';

const { values } = parseArgs({
  options: { sub: { type: 'string' }, role: { type: 'string', default: 'USER' }, ttl: { type: 'string', default: '1h' } },
});
if (!values.sub || !(ROLES as readonly string[]).includes(values.role!)) {
  console.error(`usage: npm run token -- --sub <userId> [--role ${ROLES.join('|')}] [--ttl 1h]`);
  process.exit(2);
}
console.log(await signToken(loadConfig().jwt, { sub: values.sub, role: values.role as Role, ttl: values.ttl }));
