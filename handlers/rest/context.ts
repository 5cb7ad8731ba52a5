/** What every REST handler receives besides its validated input. */
import type { Actor } from '../../core/actor.js';
import type { Core } from '../../core/index.js';

/** Facts about the running service that the meta operations report. */
export interface SystemInfo {
  /** Whether the database answers. */
  databaseUp(): Promise<boolean>;
  /** The contract of the version being served, as parsed JSON and as committed YAML. */
  contract: { document: Record<string, unknown>; yaml: string };
}

export interface RestContext {
  core: Core;
  actor: Actor | null;
  requestId: string;
  /** The request URL, for building navigation links. */
  url: URL;
  system: SystemInfo;
}
