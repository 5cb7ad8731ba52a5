/**
 * `npm run contracts:check`: the breaking-change gate (gate.ts) on the working contracts. Prints
 * every change with its place and rule, and exits 1 on a breaking change inside a released major, a
 * version that does not follow the changes, or a missing changelog entry.
 *
 * Usage: node --import tsx scripts/contracts/check.ts [repository-root]
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runGate } from './gate.js';
import { formatReport } from './report.js';

/** Runs the check on a checkout; returns the exit code. */
export async function check(root: string, print: (text: string) => void = console.log): Promise<number> {
  const results = await runGate(root);
  print(formatReport(results));
  const problems = results.flatMap((result) => result.problems);
  const changes = results.reduce((count, result) => count + result.changes.length, 0);
  if (problems.length > 0) {
    print(`contracts:check failed: ${problems.length} problem(s)`);
    return 1;
  }
  print(changes === 0 ? 'contracts:check: no changes' : `contracts:check passed: ${changes} compatible change(s), versions and changelog in order`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await check(process.argv[2] ?? fileURLToPath(new URL('../../', import.meta.url)));
}
