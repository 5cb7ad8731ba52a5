/**
 * The version rule of SPEC §9.10: a changed contract carries a higher MAJOR.MINOR.PATCH than its
 * released snapshot — a new minor for compatible changes, a new patch for documentation-only ones
 * (breaking changes need a new major, which is a new contract file, not a number) — and a changelog
 * entry that names the new version.
 */
import { impactOf, type ContractChange } from './rules.js';

export type Bump = 'none' | 'patch' | 'minor' | 'major';

const ORDER: Bump[] = ['none', 'patch', 'minor', 'major'];
const BY_IMPACT = { breaking: 'major', 'non-breaking': 'minor', docs: 'patch' } as const;

/** The larger of some bumps. */
export function maxBump(...bumps: Bump[]): Bump {
  return bumps.reduce((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a), 'none');
}

/**
 * The smallest bump the changes allow.
 * @example requiredBump([{ rule: 'response-field-added', … }]) // 'minor'
 */
export function requiredBump(changes: ContractChange[]): Bump {
  return maxBump(...changes.map((change) => BY_IMPACT[impactOf(change)]));
}

type Version = [major: number, minor: number, patch: number];

function parseVersion(text: string): Version | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Sorts MAJOR.MINOR.PATCH strings ascending; anything else is left out. */
export function sortVersions(versions: string[]): string[] {
  return versions.filter((v) => parseVersion(v)).sort((a, b) => compare(parseVersion(a)!, parseVersion(b)!));
}

const WHY = {
  minor: 'compatible changes need a new minor version',
  patch: 'documentation-only changes need a new patch version',
};

/**
 * Why `working` is not an acceptable successor of `released` for a `required` bump, or undefined.
 * @example versionProblem('REST v1 info.version', '1.0.0', '1.0.1', 'minor')
 * // 'REST v1 info.version must be at least 1.1.0 (released: 1.0.0) — compatible changes need a new minor version; it is 1.0.1'
 */
export function versionProblem(subject: string, released: string, working: string, required: 'patch' | 'minor', why = WHY[required]): string | undefined {
  const [major, minor, patch] = parseVersion(released) ?? [0, 0, 0];
  const minimum: Version = required === 'minor' ? [major, minor + 1, 0] : [major, minor, patch + 1];
  const found = parseVersion(working);
  if (found && found[0] === major && compare(found, minimum) >= 0) return undefined;
  const stay = found && found[0] !== major ? `, within major ${major}` : '';
  return `${subject} must be at least ${minimum.join('.')}${stay} (released: ${released}) — ${why}; it is ${working}`;
}

/**
 * Why CHANGELOG.md does not do for a release, or undefined: it must mention `mention` (e.g.
 * "REST v1 1.1.0"), either in a release heading or in a note under `## [Unreleased]`.
 */
export function changelogProblem(changelog: string, mention: string): string | undefined {
  const escaped = mention.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`${escaped}(?!\\d)`).test(changelog)) return undefined;
  return `CHANGELOG.md has no entry that mentions "${mention}"`;
}
