/**
 * `npm run contracts:release`: cuts a snapshot of every REST major whose contracts changed (or that
 * has no snapshot yet) at its working `info.version`, with the GraphQL SDL of the moment, and writes
 * each release's CHANGELOG.md section from the diff. Refuses when the gate fails for any reason but
 * the missing changelog entry it is about to write, and never overwrites a snapshot.
 *
 * Usage: node --import tsx scripts/contracts/release.ts [repository-root]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { addReleaseSection } from './changelog.js';
import { runGate } from './gate.js';
import { formatReport } from './report.js';
import { workingGraphql, writeSnapshot } from './snapshots.js';

/** The gate fails: nothing was written. */
export class ReleaseRefused extends Error {
  override name = 'ReleaseRefused';
}

/**
 * Cuts the due snapshots and writes CHANGELOG.md; returns the snapshot directories written.
 * @example await release(process.cwd()) // ['contracts/snapshots/v1/1.1.0']
 */
export async function release(root: string, today = new Date()): Promise<string[]> {
  const results = await runGate(root);
  const blocking = results.flatMap((result) => result.problems).filter((problem) => problem.kind !== 'changelog');
  if (blocking.length > 0) {
    throw new ReleaseRefused(`${formatReport(results)}\ncontracts:release refused: contracts:check fails (${blocking.length} problem(s))`);
  }
  const graphql = workingGraphql(root);
  const date = today.toISOString().slice(0, 10);
  let changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  const written: string[] = [];
  for (const result of results.filter((r) => !r.released || r.changes.length > 0)) {
    const openapi = readFileSync(join(root, result.contract), 'utf8');
    written.push(writeSnapshot(root, result.major, result.version, openapi, graphql));
    const versions = [`REST v${result.major} ${result.version}`, ...(result.graphql ? [`GraphQL schema ${result.graphql.version}`] : [])];
    const intro = result.released ? undefined : `First release of REST v${result.major} (${result.contract}).`;
    changelog = addReleaseSection(changelog, `${versions.join(' / ')} — ${date}`, result.changes, intro);
  }
  if (written.length > 0) writeFileSync(join(root, 'CHANGELOG.md'), changelog);
  return written;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const written = await release(process.argv[2] ?? fileURLToPath(new URL('../../', import.meta.url)));
    console.log(written.length === 0 ? 'contracts:release: no changes, nothing to release' : `contracts:release: cut ${written.join(', ')}; CHANGELOG.md updated`);
  } catch (error) {
    if (!(error instanceof ReleaseRefused)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
