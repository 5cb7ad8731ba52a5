/**
 * The breaking-change rules of SPEC.md §9.3/§9.4: every contract change the gate reports carries one
 * of these ids, which names its impact and the SPEC item it falls under. The ids are also the names
 * of the fixture folders in tests/contracts/fixtures/breaking/.
 */

/** What a change means for clients: breaking (new major), non-breaking (minor), docs (patch). */
export type Impact = 'breaking' | 'non-breaking' | 'docs';

export interface Rule {
  impact: Impact;
  /** The SPEC.md item the rule applies. */
  spec: string;
}

const breaking = (spec: string): Rule => ({ impact: 'breaking', spec: `SPEC §9.3 ${spec}` });
const nonBreaking = (spec: string): Rule => ({ impact: 'non-breaking', spec: `SPEC §9.4 ${spec}` });

export const RULES = {
  'field-removed': breaking('"removing or renaming a field" (required or not, deprecated or not)'),
  'type-changed': breaking('"changing a field type"'),
  'required-request-field-added': breaking('"adding a required request field"'),
  'stricter-validation': breaking('"stricter validation"'),
  'endpoint-removed': breaking('"removing an endpoint"'),
  'status-code-changed': breaking('"changing … a status code"'),
  'response-structure-changed': breaking('"changing the response structure"'),
  'security-changed': breaking('"changing … the authentication mechanism"'),
  'behaviour-changed': breaking('"changing … business behaviour"'),
  unclassified: breaking('(a change the gate cannot prove compatible; treated as breaking)'),
  'optional-request-field-added': nonBreaking('"adding optional request fields"'),
  'response-field-added': nonBreaking('"adding … response fields"'),
  'endpoint-added': nonBreaking('"adding … endpoints"'),
  'optional-parameter-added': nonBreaking('"adding … optional query parameters"'),
  'validation-relaxed': nonBreaking('"relaxing validation"'),
  'default-added': nonBreaking('"defaults"'),
  deprecated: nonBreaking('(deprecating keeps the element working until a new major removes it, §9.5, §9.11)'),
  'compatible-change': nonBreaking('(other change existing clients keep working with)'),
  documentation: { impact: 'docs', spec: 'SPEC §9.10 patch: documentation only (descriptions, summaries, examples)' },
} satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;

const IMPACTS: Impact[] = ['breaking', 'non-breaking', 'docs'];

/** One classified difference between a released contract and the working one. */
export interface ContractChange {
  contract: 'REST' | 'GraphQL';
  rule: RuleId;
  /** What changed, without where: changes with the same rule and message are reported together. */
  message: string;
  /** Where, for people: `GET /api/v1/users → 200 application/json → address`, or a schema coordinate. */
  where: string;
  /** Where, exactly: a JSONPath into the OpenAPI document, or the GraphQL schema coordinate. */
  path: string;
}

/** The impact of a change. */
export function impactOf(change: ContractChange): Impact {
  return RULES[change.rule].impact;
}

export interface ChangeGroup {
  contract: ContractChange['contract'];
  rule: RuleId;
  message: string;
  places: Array<{ where: string; path: string }>;
}

/** Changes with the same contract, rule and message, most severe first; one change per place. */
export function groupChanges(changes: ContractChange[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const { contract, rule, message, where, path } of changes) {
    const key = `${contract} ${rule} ${message}`;
    const group = groups.get(key) ?? { contract, rule, message, places: [] };
    group.places.push({ where, path });
    groups.set(key, group);
  }
  const rank = (group: ChangeGroup) => IMPACTS.indexOf(RULES[group.rule].impact);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b));
}
