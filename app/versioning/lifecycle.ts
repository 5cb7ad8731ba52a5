/**
 * The version lifecycle registry, `contracts/versions.yaml`: per REST major version (`v1`) its
 * status, and for a deprecated or sunset one the deprecation and sunset dates, the successor and the
 * migration guide. Validated as a whole when loaded: a bad file is refused with one line per problem.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export type VersionLifecycle =
  | { status: 'current' }
  | { status: 'deprecated' | 'sunset'; deprecationDate: string; sunsetDate: string; successor: string; migrationGuide: string };

/** Major version path segment (`v1`) → its lifecycle. */
export type LifecycleRegistry = ReadonlyMap<string, VersionLifecycle>;

export class LifecycleRegistryError extends Error {
  override name = 'LifecycleRegistryError';
}

const REGISTRY_FILE = fileURLToPath(new URL('../../contracts/versions.yaml', import.meta.url));
const STATUSES = ['current', 'deprecated', 'sunset'];
const RETIRING_FIELDS = ['deprecationDate', 'sunsetDate', 'successor', 'migrationGuide'] as const;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isDate = (value: unknown): value is string => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/**
 * Parses and validates a registry.
 * @example parseLifecycleRegistry('versions:\n  v1:\n    status: current\n').get('v1') // { status: 'current' }
 */
export function parseLifecycleRegistry(text: string, source = 'contracts/versions.yaml'): LifecycleRegistry {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw new LifecycleRegistryError(`${source} is not valid YAML: ${(error as Error).message}`);
  }
  const problems: string[] = [];
  const versions = isObject(document) && isObject(document.versions) ? document.versions : {};
  if (Object.keys(versions).length === 0) problems.push('`versions` must map each major version (v1, v2, …) to its lifecycle');
  const registry = new Map<string, VersionLifecycle>();
  for (const [major, entry] of Object.entries(versions)) {
    const lifecycle = readEntry(`versions.${major}`, entry, Object.keys(versions), problems);
    if (!/^v[1-9]\d*$/.test(major)) problems.push(`versions.${major}: a major version is named v1, v2, …`);
    if (lifecycle) registry.set(major, lifecycle);
  }
  const current = [...registry].filter(([, lifecycle]) => lifecycle.status === 'current').map(([major]) => major);
  if (registry.size > 0 && current.length !== 1) problems.push(`exactly one version must be current (found ${current.join(', ') || 'none'})`);
  if (problems.length > 0) throw new LifecycleRegistryError(`${source} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return registry;
}

function readEntry(at: string, entry: unknown, majors: string[], problems: string[]): VersionLifecycle | undefined {
  if (!isObject(entry) || !STATUSES.includes(String(entry.status))) {
    problems.push(`${at}.status must be one of ${STATUSES.join(', ')} (got ${JSON.stringify(isObject(entry) ? entry.status : entry)})`);
    return undefined;
  }
  for (const field of Object.keys(entry)) {
    if (field !== 'status' && !(RETIRING_FIELDS as readonly string[]).includes(field)) problems.push(`${at}.${field} is not a lifecycle field`);
  }
  if (entry.status === 'current') {
    const early = RETIRING_FIELDS.filter((field) => field in entry);
    if (early.length > 0) problems.push(`${at} is current: ${early.join(', ')} belong to deprecated or sunset versions`);
    return { status: 'current' };
  }
  const { deprecationDate, sunsetDate, successor, migrationGuide } = entry;
  const before = problems.length;
  if (!isDate(deprecationDate)) problems.push(`${at}.deprecationDate must be a date YYYY-MM-DD (got ${JSON.stringify(deprecationDate)})`);
  if (!isDate(sunsetDate)) problems.push(`${at}.sunsetDate must be a date YYYY-MM-DD (got ${JSON.stringify(sunsetDate)})`);
  else if (isDate(deprecationDate) && sunsetDate <= deprecationDate) problems.push(`${at}.sunsetDate must come after its deprecationDate`);
  if (typeof successor !== 'string' || !/^\/api\/v[1-9]\d*$/.test(successor)) {
    problems.push(`${at}.successor must be a version path such as /api/v2 (got ${JSON.stringify(successor)})`);
  } else if (!majors.includes(successor.slice('/api/'.length)) || at.endsWith(`.${successor.slice('/api/'.length)}`)) {
    problems.push(`${at}.successor ${successor} must be another version listed in the registry`);
  }
  if (typeof migrationGuide !== 'string' || migrationGuide.trim() === '') problems.push(`${at}.migrationGuide must name the migration guide (a URL or a path)`);
  const valid = problems.length === before && isDate(deprecationDate) && isDate(sunsetDate) && typeof successor === 'string' && typeof migrationGuide === 'string';
  if (!valid) return undefined;
  return { status: entry.status === 'sunset' ? 'sunset' : 'deprecated', deprecationDate, sunsetDate, successor, migrationGuide };
}

/** Loads the registry from disk (by default the repository's contracts/versions.yaml). */
export function loadLifecycleRegistry(file = REGISTRY_FILE): LifecycleRegistry {
  return parseLifecycleRegistry(readFileSync(file, 'utf8'), file);
}
