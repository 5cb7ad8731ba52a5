import { UnavailableError } from '../../../../core/errors.js';
import type { RestHandler } from '../shared/types.js';

/** GET /ready — readiness: 200 when the database answers, 503 otherwise. */
export const GetReadiness: RestHandler<'GetReadiness'> = async (_input, { system }) => {
  if (!(await system.databaseUp())) throw new UnavailableError('Not ready: the database does not answer');
  return { status: 200, body: { status: 'READY', database: 'UP' } };
};
