/**
 * Where contracts live on disk, working and released.
 *
 *   contracts/openapi/v<N>.yaml                     working REST contract of major N
 *   contracts/graphql/*.graphql, VERSION            working GraphQL SDL and its MAJOR.MINOR.PATCH
 *   contracts/snapshots/v<N>/<version>/openapi.yaml   a release of major N, named by its info.version
 *   contracts/snapshots/v<N>/<version>/schema.graphql the GraphQL SDL released with it
 *
 * The released SDL is the working files concatenated in file-name order, under a header that
 * records the GraphQL schema version (printSchema would drop the `@auth` uses the gate checks).
 * Snapshots are immutable: writing one that exists is refused.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sortVersions } from './version-rule.js';

const HEADER = /^# Concord GraphQL schema (\S+),/m;

/** The working REST contracts, by major: `[{ major: 1, file: 'contracts/openapi/v1.yaml' }]`. */
export function workingMajors(root: string): Array<{ major: number; file: string }> {
  return readdirSync(join(root, 'contracts/openapi'))
    .flatMap((name) => {
      const match = /^v(\d+)\.yaml$/.exec(name);
      return match ? [{ major: Number(match[1]), file: `contracts/openapi/${name}` }] : [];
    })
    .sort((a, b) => a.major - b.major);
}

/** The working GraphQL SDL (merged) and its version. */
export function workingGraphql(root: string): { sdl: string; version: string } {
  const dir = join(root, 'contracts/graphql');
  const files = readdirSync(dir).filter((name) => name.endsWith('.graphql')).sort();
  const sdl = files.map((name) => `# ---- ${name} ----\n${readFileSync(join(dir, name), 'utf8').trimEnd()}\n`).join('\n');
  return { sdl, version: readFileSync(join(dir, 'VERSION'), 'utf8').trim() };
}

/** The released versions of a major, oldest first. */
export function releasedVersions(root: string, major: number): string[] {
  const dir = join(root, `contracts/snapshots/v${major}`);
  return existsSync(dir) ? sortVersions(readdirSync(dir)) : [];
}

export interface Snapshot {
  dir: string;
  openapi: string;
  sdl: string;
  graphqlVersion: string;
}

/** Reads the snapshot of one release. */
export function readSnapshot(root: string, major: number, version: string): Snapshot {
  const dir = `contracts/snapshots/v${major}/${version}`;
  const sdl = readFileSync(join(root, dir, 'schema.graphql'), 'utf8');
  const graphqlVersion = HEADER.exec(sdl)?.[1];
  if (!graphqlVersion) throw new Error(`${dir}/schema.graphql does not start with its "# Concord GraphQL schema <version>," header`);
  return { dir, openapi: readFileSync(join(root, dir, 'openapi.yaml'), 'utf8'), sdl, graphqlVersion };
}

/**
 * Writes the snapshot of a release; refuses when it exists.
 * @example writeSnapshot(root, 1, '1.1.0', readFileSync('contracts/openapi/v1.yaml', 'utf8'), workingGraphql(root))
 */
export function writeSnapshot(root: string, major: number, version: string, openapi: string, graphql: { sdl: string; version: string }): string {
  const dir = `contracts/snapshots/v${major}/${version}`;
  if (existsSync(join(root, dir))) throw new Error(`${dir} exists; snapshots are immutable — release under a new info.version`);
  mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, dir, 'openapi.yaml'), openapi);
  const header = [
    `# Concord GraphQL schema ${graphql.version}, released with REST v${major} ${version}.`,
    '# contracts/graphql/*.graphql concatenated in file-name order. A snapshot is immutable: do not edit.',
  ];
  writeFileSync(join(root, dir, 'schema.graphql'), `${header.join('\n')}\n\n${graphql.sdl}`);
  return dir;
}
