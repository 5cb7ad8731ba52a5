/**
 * The breaking-change gate: each working REST contract against the latest snapshot of its major,
 * and the GraphQL SDL against the latest snapshot of all (GraphQL has no versioned path; its schema
 * travels with the releases of the newest REST major).
 *
 * A major without any snapshot is not released yet and has nothing to keep compatible with. A
 * snapshot is named by its REST `info.version`, so a release that changes only the SDL still needs a
 * new REST patch version.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { classifyGraphql } from './classify-graphql.js';
import { classifyOpenApi } from './classify-openapi.js';
import { groupChanges, impactOf, type ContractChange } from './rules.js';
import { readSnapshot, releasedVersions, workingGraphql, workingMajors } from './snapshots.js';
import { changelogProblem, maxBump, requiredBump, versionProblem, type Bump } from './version-rule.js';

export interface Problem {
  kind: 'breaking' | 'version' | 'changelog';
  message: string;
}

/** The gate's verdict on one REST major (and on the GraphQL schema, for the newest major). */
export interface MajorResult {
  major: number;
  /** `contracts/openapi/v1.yaml` */
  contract: string;
  /** The working `info.version`. */
  version: string;
  /** The latest snapshot of this major: `{ version: '1.0.0', dir: 'contracts/snapshots/v1/1.0.0' }`. */
  released?: { version: string; dir: string };
  /** The GraphQL schema, carried by the newest major: working and released version. */
  graphql?: { version: string; released?: string };
  changes: ContractChange[];
  problems: Problem[];
}

/**
 * Runs the gate on a repository checkout (or a copy of its `contracts/` and `CHANGELOG.md`).
 * @example (await runGate(process.cwd())).every((major) => major.problems.length === 0)
 */
export async function runGate(root: string): Promise<MajorResult[]> {
  const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  const majors = workingMajors(root);
  const results: MajorResult[] = [];
  for (const { major, file } of majors) {
    const openapi = parse(readFileSync(join(root, file), 'utf8'));
    const result: MajorResult = { major, contract: file, version: String(openapi.info?.version), changes: [], problems: [] };
    const released = releasedVersions(root, major).at(-1);
    let restBump: Bump = 'none';
    if (released !== undefined) {
      const snapshot = readSnapshot(root, major, released);
      result.released = { version: released, dir: snapshot.dir };
      result.changes = classifyOpenApi(parse(snapshot.openapi), openapi);
      restBump = requiredBump(result.changes);
    }
    const graphql: GraphqlVerdict = major === majors.at(-1)?.major ? await gateGraphql(root, majors, result, changelog) : { bump: 'none', problems: [] };
    if (released !== undefined) gateRest(result, released, restBump, graphql.bump, changelog);
    result.problems.push(...graphql.problems);
    results.push(result);
  }
  return results;
}

function gateRest(result: MajorResult, released: string, restBump: Bump, graphqlBump: Bump, changelog: string) {
  const label = `REST v${result.major}`;
  if (restBump === 'major') {
    const breaking = counted(result.changes.filter((c) => c.contract === 'REST'));
    result.problems.push({
      kind: 'breaking',
      message: `${label}: ${breaking} inside released major v${result.major} (SPEC §9.3); they need a new major version, contracts/openapi/v${result.major + 1}.yaml`,
    });
    return;
  }
  const bump = maxBump(restBump, graphqlBump === 'patch' || graphqlBump === 'minor' ? 'patch' : 'none');
  if (bump !== 'patch' && bump !== 'minor') return;
  const why = restBump === 'none' ? 'the GraphQL schema changed, and a release snapshot is named by info.version' : undefined;
  addProblem(result.problems, 'version', versionProblem(`${label} info.version`, released, result.version, bump, why));
  addProblem(result.problems, 'changelog', changelogProblem(changelog, `${label} ${result.version}`));
}

interface GraphqlVerdict {
  bump: Bump;
  problems: Problem[];
}

/** Adds the GraphQL changes to the newest major's result; its problems go last in the report. */
async function gateGraphql(root: string, majors: Array<{ major: number }>, result: MajorResult, changelog: string): Promise<GraphqlVerdict> {
  const working = workingGraphql(root);
  const carrier = [...majors].reverse().find(({ major }) => releasedVersions(root, major).length > 0);
  const latest = carrier && readSnapshot(root, carrier.major, releasedVersions(root, carrier.major).at(-1)!);
  result.graphql = { version: working.version, released: latest?.graphqlVersion };
  const problems: Problem[] = [];
  if (!latest) return { bump: 'none', problems };
  const changes = await classifyGraphql(latest.sdl, working.sdl);
  result.changes.push(...changes);
  const bump = requiredBump(changes);
  if (bump === 'major') {
    problems.push({ kind: 'breaking', message: `GraphQL: ${counted(changes)}; the schema evolves only by additive changes and deprecation (SPEC §9.11)` });
  } else if (bump !== 'none') {
    addProblem(problems, 'version', versionProblem('GraphQL schema version (contracts/graphql/VERSION)', latest.graphqlVersion, working.version, bump));
    addProblem(problems, 'changelog', changelogProblem(changelog, `GraphQL schema ${working.version}`));
  }
  return { bump, problems };
}

/** "2 breaking change(s) (at 9 place(s))" */
function counted(changes: ContractChange[]): string {
  const breaking = changes.filter((c) => impactOf(c) === 'breaking');
  return `${groupChanges(breaking).length} breaking change(s) (at ${breaking.length} place(s))`;
}

function addProblem(problems: Problem[], kind: Problem['kind'], message: string | undefined) {
  if (message !== undefined) problems.push({ kind, message });
}
