/**
 * Writes a release into CHANGELOG.md the Keep a Changelog way: a new section right below
 * `## [Unreleased]`, headed by the versions and the date, listing the changes of the diff; notes
 * written by hand under `## [Unreleased]` move into the release they describe.
 */
import { RULES, groupChanges, type ContractChange, type RuleId } from './rules.js';

const ADDED = new Set<RuleId>(['endpoint-added', 'response-field-added', 'optional-request-field-added', 'optional-parameter-added']);
const SECTIONS = ['Added', 'Changed', 'Deprecated', 'Documentation'] as const;
const SHOWN_PLACES = 4;

function sectionOf(rule: RuleId): (typeof SECTIONS)[number] {
  if (ADDED.has(rule)) return 'Added';
  if (rule === 'deprecated') return 'Deprecated';
  return RULES[rule].impact === 'docs' ? 'Documentation' : 'Changed';
}

/**
 * CHANGELOG.md with a release section added.
 * @example addReleaseSection(text, 'REST v1 1.1.0 / GraphQL schema 1.0.0 — 2026-12-01', changes)
 */
export function addReleaseSection(changelog: string, heading: string, changes: ContractChange[], intro?: string): string {
  const lines = changelog.split('\n');
  const unreleased = lines.findIndex((line) => line.trim() === '## [Unreleased]');
  if (unreleased < 0) throw new Error('CHANGELOG.md has no "## [Unreleased]" heading to release from');
  const next = lines.findIndex((line, i) => i > unreleased && line.startsWith('## '));
  const end = next < 0 ? lines.length : next;
  const notes = lines.slice(unreleased + 1, end).join('\n').trim();

  const section = [`## ${heading}`, ''];
  if (intro) section.push(intro, '');
  const groups = groupChanges(changes);
  for (const title of SECTIONS) {
    const bullets = groups.filter((group) => sectionOf(group.rule) === title).map(({ contract, message, places }) => {
      // The operation (or schema coordinate) is enough here; the check's report has the exact places.
      const where = [...new Set(places.map((place) => place.where.split(' → ')[0]!))];
      const more = where.length > SHOWN_PLACES ? ` and ${where.length - SHOWN_PLACES} more` : '';
      return `- ${contract}: ${message} (${where.slice(0, SHOWN_PLACES).join(', ')}${more})`;
    });
    if (bullets.length > 0) section.push(`### ${title}`, ...bullets, '');
  }
  if (notes) section.push(notes, '');
  return [...lines.slice(0, unreleased + 1), '', ...section, ...lines.slice(end)].join('\n');
}
