/** The Hono environment shared by every middleware and route: per-request variables. */
import type { AuthState } from './middleware/authenticate.js';

export interface AppVariables {
  requestId: string;
  auth: AuthState;
}

export interface AppEnv {
  Variables: AppVariables;
}
