import type { RestHandler } from '../shared/types.js';

/** GET /health — liveness: the process serves requests. */
export const GetHealth: RestHandler<'GetHealth'> = async () => ({ status: 200, body: { status: 'OK' } });
