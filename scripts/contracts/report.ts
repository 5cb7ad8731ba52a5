/** The gate's verdict as text: what changed, where, under which rule, and what is wrong. */
import type { MajorResult } from './gate.js';
import { RULES, groupChanges, type Impact } from './rules.js';

const LABEL: Record<Impact, string> = { breaking: 'BREAKING', 'non-breaking': 'MINOR', docs: 'PATCH' };
const SHOWN_PLACES = 5;

/**
 * The report `contracts:check` prints.
 * @example console.log(formatReport(await runGate(root)))
 */
export function formatReport(results: MajorResult[]): string {
  const lines: string[] = [];
  for (const result of results) {
    const label = `REST v${result.major}: ${result.contract} ${result.version}`;
    lines.push(result.released ? `${label} against ${result.released.dir}` : `${label} — not released yet (no snapshot): nothing to keep compatible with`);
    if (result.graphql) {
      const { version, released } = result.graphql;
      lines.push(`GraphQL: contracts/graphql ${version} ${released ? `against the schema released as ${released}` : '— no released schema yet'}`);
    }
    if (result.released && result.changes.length === 0) lines.push('  no changes');
    for (const group of groupChanges(result.changes)) {
      lines.push(`  ${LABEL[RULES[group.rule].impact].padEnd(8)} ${group.contract}: ${group.message}`, `           rule: ${group.rule} — ${RULES[group.rule].spec}`);
      for (const { where, path } of group.places.slice(0, SHOWN_PLACES)) {
        lines.push(`           at ${where}`);
        if (path !== where) lines.push(`              ${path}`);
      }
      if (group.places.length > SHOWN_PLACES) lines.push(`           … and ${group.places.length - SHOWN_PLACES} more`);
    }
    for (const problem of result.problems) lines.push(`  ✗ ${problem.message}`);
    lines.push('');
  }
  return lines.join('\n');
}
