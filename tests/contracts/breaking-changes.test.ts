/**
 * The breaking-change gate (scripts/contracts): every rule on an OpenAPI fixture pair
 * (fixtures/breaking/<rule>/{before,after}.yaml) and on a GraphQL pair, the version and changelog
 * rules, the gate on the real contracts, the release, and the check's command line on a copy.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { apiCompare } from 'api-smart-diff';
import { CriticalityLevel, diff } from '@graphql-inspector/core';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { addReleaseSection } from '../../scripts/contracts/changelog.js';
import { classifyGraphql } from '../../scripts/contracts/classify-graphql.js';
import { classifyOpenApi } from '../../scripts/contracts/classify-openapi.js';
import { runGate } from '../../scripts/contracts/gate.js';
import { diffOpenApi } from '../../scripts/contracts/openapi-diff.js';
import { ReleaseRefused, release } from '../../scripts/contracts/release.js';
import { RULES, groupChanges, type ContractChange, type RuleId } from '../../scripts/contracts/rules.js';
import { workingGraphql, writeSnapshot } from '../../scripts/contracts/snapshots.js';
import { changelogProblem, requiredBump, sortVersions, versionProblem } from '../../scripts/contracts/version-rule.js';

// The graphql copy inspector uses (see scripts/contracts/classify-graphql.ts).
const { buildSchema } = createRequire(import.meta.url)('graphql') as typeof import('graphql');
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = join(REPO, 'tests/contracts/fixtures/breaking');

const fixture = (rule: RuleId) => ['before', 'after'].map((file) => parse(readFileSync(join(FIXTURES, rule, `${file}.yaml`), 'utf8'))) as [any, any];
/** `rule: message` per group of changes, sorted, for comparison. */
const summary = (changes: ContractChange[]) => groupChanges(changes).map((g) => `${g.rule}: ${g.message}`).sort();

describe('classifyOpenApi on the fixture pairs', () => {
  const cases: Array<[RuleId, string, string[]]> = [
    ['field-removed', 'reports removed fields as breaking, optional or not, in responses, request bodies and parameters', [
      'field-removed: query parameter `status` removed',
      'field-removed: request field `nickname` removed',
      'field-removed: response field `nickname` removed',
    ]],
    ['type-changed', 'reports a changed type or format as breaking, in responses as in requests', [
      'type-changed: request field `age`: `type` changed: "integer" → "string"',
      'type-changed: response field `email`: `format` changed: "email" → "uri"',
      'type-changed: response field `userId`: `type` changed: "string" → "integer"',
    ]],
    ['required-request-field-added', 'reports a new required body field or query parameter as breaking', [
      'required-request-field-added: required query parameter `tenant` added',
      'required-request-field-added: required request field `country` added',
    ]],
    ['stricter-validation', 'reports a narrowed enum, lower maxLength, higher minimum, new pattern and new requirements as breaking', [
      'stricter-validation: query parameter `status`: `required` added (true)',
      'stricter-validation: request field `age`: `minimum` changed: 0 → 18',
      'stricter-validation: request field `email`: `pattern` added ("^[a-z0-9._-]+@[a-z0-9.-]+$")',
      'stricter-validation: request field `nickname` made required',
      'stricter-validation: request field `nickname`: `maxLength` changed: 50 → 20',
      'stricter-validation: request field `role`: enum value "ADMIN" removed',
    ]],
    ['endpoint-removed', 'reports a removed operation as breaking', ['endpoint-removed: operation removed']],
    ['status-code-changed', 'reports a changed or removed status code as breaking', [
      'compatible-change: response 200 added',
      'status-code-changed: response 201 removed',
      'status-code-changed: response 400 removed',
    ]],
    ['response-structure-changed', 'reports a response field that may now be absent and a new response enum value as breaking', [
      'response-structure-changed: response field `email` no longer always present',
      'response-structure-changed: response field `status`: enum value "SUSPENDED" added',
    ]],
    ['security-changed', 'reports changed security requirements and schemes as breaking', [
      'security-changed: security requirements: `security` added',
      'security-changed: security scheme `bearerAuth`: `scheme` changed: "bearer" → "basic"',
    ]],
    ['behaviour-changed', 'reports a changed request default as breaking', ['behaviour-changed: request field `role`: `default` changed: "USER" → "ADMIN"']],
    ['unclassified', 'reports what the diff engine cannot judge as breaking', ['unclassified: `405` removed']],
    ['optional-request-field-added', 'accepts a new optional request field as compatible', ['optional-request-field-added: optional request field `locale` added']],
    ['response-field-added', 'accepts a new response field as compatible', ['response-field-added: response field `createdAt` added']],
    ['endpoint-added', 'accepts a new operation as compatible', ['endpoint-added: operation added']],
    ['optional-parameter-added', 'accepts a new optional query parameter as compatible', ['optional-parameter-added: optional query parameter `q` added']],
    ['validation-relaxed', 'accepts relaxed request validation as compatible', [
      'validation-relaxed: request field `age`: `minimum` removed (was 0)',
      'validation-relaxed: request field `email` no longer required',
      'validation-relaxed: request field `nickname`: `maxLength` changed: 50 → 100',
      'validation-relaxed: request field `role`: enum value "SUPER_ADMIN" added',
    ]],
    ['default-added', 'accepts new defaults as compatible', [
      'default-added: query parameter `status`: `default` added ("ACTIVE")',
      'default-added: request field `age`: `default` added (0)',
    ]],
    ['deprecated', 'accepts deprecating an operation or a field as compatible', [
      'deprecated: `deprecated` added (true)',
      'deprecated: response field `nickname`: `deprecated` added (true)',
    ]],
    ['compatible-change', 'accepts a new error response and a response field that is now always present as compatible', [
      'compatible-change: response 409 added',
      'compatible-change: response field `nickname` now always present',
    ]],
    ['documentation', 'treats summary, description and example changes as documentation', [
      'documentation: `summary` changed: "List users" → "List the users"',
      'documentation: response field `userId`: `description` changed: "Id of the user." → "Id of the user (`usr_` prefix)."',
      'documentation: response field `userId`: examples value "usr_01jd8x9f3ae3q8m9b4n2c7v5kw" added',
    ]],
  ];

  it('has a fixture pair for every rule', () => {
    expect(cases.map(([rule]) => rule).sort()).toEqual(Object.keys(RULES).sort());
    for (const [rule] of cases) expect(existsSync(join(FIXTURES, rule, 'after.yaml')), rule).toBe(true);
  });

  it.each(cases)('%s: %s', (rule, _sentence, expected) => {
    const [before, after] = fixture(rule);
    expect(summary(classifyOpenApi(before, after))).toEqual(expected);
  });

  it('treats a changed media-type example as documentation, but not a removed property named example', () => {
    const [before] = fixture('documentation');
    const withExample = structuredClone(before) as Record<string, any>;
    const media = withExample.paths['/api/v1/users/{userId}'].get.responses['200'].content['application/json'];
    media.examples = { one: { value: { userId: 'usr_1' } } };
    const changedExample = structuredClone(withExample);
    changedExample.paths['/api/v1/users/{userId}'].get.responses['200'].content['application/json'].examples.one.value.extra = 1;
    expect(classifyOpenApi(withExample, changedExample).map((c) => c.rule)).toEqual(['documentation']);

    const withProperty = structuredClone(before) as Record<string, any>;
    const user = Object.values(withProperty.components.schemas as Record<string, any>).find((schema) => schema.properties?.userId)!;
    user.properties.example = { type: 'string', description: 'A field that happens to be called example.' };
    const removed = structuredClone(withProperty);
    delete Object.values(removed.components.schemas as Record<string, any>).find((schema) => schema.properties?.userId)!.properties.example;
    expect(classifyOpenApi(withProperty, removed).map((c) => c.rule)).toContain('field-removed');
  });

  it('names every place a removed response field was visible, for people and as a JSONPath', () => {
    const [before, after] = fixture('field-removed');
    const removed = groupChanges(classifyOpenApi(before, after)).find((g) => g.message === 'response field `nickname` removed');
    expect(removed?.places).toEqual([
      {
        where: 'GET /api/v1/users → 200 application/json → content[].nickname',
        path: '$.paths["/api/v1/users"].get.responses["200"].content["application/json"].schema.properties.content.items.properties.nickname',
      },
      {
        where: 'POST /api/v1/users → 201 application/json → nickname',
        path: '$.paths["/api/v1/users"].post.responses["201"].content["application/json"].schema.properties.nickname',
      },
      {
        where: 'GET /api/v1/users/{userId} → 200 application/json → nickname',
        path: '$.paths["/api/v1/users/{userId}"].get.responses["200"].content["application/json"].schema.properties.nickname',
      },
    ]);
  });
});

describe('classifyOpenApi beyond api-smart-diff', () => {
  const responseDiffs = (before: object, after: object) =>
    diffOpenApi(before, after).filter((d) => d.path[0] === 'paths' && d.path.includes('responses'));

  it('calls a removed optional response field breaking, which api-smart-diff alone calls non-breaking', () => {
    const [before, after] = fixture('field-removed');
    const library = responseDiffs(before, after).filter((d) => d.path.at(-1) === 'nickname');
    expect(library.map((d) => d.type)).toEqual(['non-breaking', 'non-breaking', 'non-breaking']);
    expect(classifyOpenApi(before, after).filter((c) => c.message === 'response field `nickname` removed')).toHaveLength(3);
  });

  it('calls a changed response type breaking, which api-smart-diff alone calls non-breaking', () => {
    const [before, after] = fixture('type-changed');
    const library = responseDiffs(before, after).filter((d) => d.path.at(-1) === 'type');
    expect(new Set(library.map((d) => d.type))).toEqual(new Set(['non-breaking']));
    expect(RULES[classifyOpenApi(before, after).find((c) => c.message.includes('`userId`'))!.rule].impact).toBe('breaking');
  });

  it('pairs oneOf alternatives by $ref, so changes inside them stay visible when every alternative changed', () => {
    const [before] = fixture('response-field-added');
    const list = before.paths['/api/v1/users'].get.responses['200'].content['application/json'];
    before.components.schemas.UserPage = list.schema;
    before.components.schemas.UserCursorPage = { type: 'object', properties: { data: list.schema.properties.content } };
    list.schema = { oneOf: [{ $ref: '#/components/schemas/UserPage' }, { $ref: '#/components/schemas/UserCursorPage' }] };
    const after = structuredClone(before);
    after.components.schemas.User.properties.createdAt = { type: 'string', format: 'date-time' };
    after.components.schemas.User.properties.nickname.description = 'Chosen by the user.';

    expect(apiCompare(before, after).diffs.filter((d) => d.type === 'unclassified').map((d) => d.path.at(-1))).toEqual(['$ref', '$ref']);
    const listed = classifyOpenApi(before, after).filter((c) => c.where.startsWith('GET /api/v1/users →'));
    expect(listed.map((c) => `${c.rule} ${c.where}`).sort()).toEqual([
      'documentation GET /api/v1/users → 200 application/json → content[].nickname',
      'documentation GET /api/v1/users → 200 application/json → data[].nickname',
      'response-field-added GET /api/v1/users → 200 application/json → content[].createdAt',
      'response-field-added GET /api/v1/users → 200 application/json → data[].createdAt',
    ]);
  });

  it('reports a renamed field as the removal of the old name', () => {
    const [before, after] = fixture('field-removed');
    const properties = structuredClone(before.components.schemas.User.properties);
    properties.nick = properties.nickname;
    delete properties.nickname;
    after.components.schemas.User.properties = properties;
    after.components.schemas.UserCreateRequest = before.components.schemas.UserCreateRequest;
    after.paths['/api/v1/users'].get.parameters = before.paths['/api/v1/users'].get.parameters;
    expect(summary(classifyOpenApi(before, after))).toEqual(['field-removed: response field `nickname` removed', 'response-field-added: response field `nick` added']);
  });

  it('keeps removing a deprecated field or operation breaking inside the major', () => {
    const [before, after] = fixture('deprecated');
    const removed = structuredClone(after);
    delete removed.components.schemas.User.properties.nickname;
    delete removed.paths['/api/v1/users/{userId}'];
    expect(summary(classifyOpenApi(after, removed))).toEqual(['endpoint-removed: operation removed', 'field-removed: response field `nickname` removed']);
    expect(summary(classifyOpenApi(before, before))).toEqual([]);
  });

  it('judges a closed request schema stricter and any additionalProperties change of a response compatible', () => {
    const [before] = fixture('documentation');
    const after = structuredClone(before);
    after.components.schemas.User.additionalProperties = false;
    delete before.components.schemas.UserCreateRequest.additionalProperties;
    expect(summary(classifyOpenApi(before, after))).toEqual([
      'compatible-change: response body: `additionalProperties` added (false)',
      'compatible-change: response field `content`: `additionalProperties` added (false)',
      'stricter-validation: request body: `additionalProperties` added (false)',
    ]);
  });

  it('still reports a change to a component no operation uses', () => {
    const [before] = fixture('documentation');
    before.components.schemas.Unused = { type: 'object', description: 'Nothing refers to this.' };
    const after = structuredClone(before);
    after.components.schemas.Unused.description = 'Still unused.';
    expect(classifyOpenApi(before, after).map((c) => `${c.rule} ${c.path}`)).toEqual(['documentation $.components.schemas.Unused.description']);
  });
});

describe('classifyGraphql on SDL pairs', () => {
  const SDL = `
    directive @auth(requires: Role = USER) on OBJECT | FIELD_DEFINITION
    directive @cost(value: Int!) on FIELD_DEFINITION | OBJECT
    "Role of a caller." enum Role { USER ADMIN }
    "Plan of a new user." enum Plan { FREE PRO TEAM }
    type Query {
      user(id: ID!): User @auth
      users(first: Int = 20, status: UserStatus): [User!]! @auth(requires: ADMIN) @cost(value: 20)
      search(text: String!): [SearchResult!]!
    }
    type Mutation { createUser(input: CreateUserInput!): User @auth(requires: ADMIN) }
    input CreateUserInput { displayName: String!  alias: String  plan: Plan = FREE }
    type User { id: ID!  name: String!  nickname: String  status: UserStatus!  ssn: String @auth(requires: ADMIN) }
    type Account { id: ID! }
    enum UserStatus { ACTIVE CLOSED }
    union SearchResult = User
  `;
  /** Applies `from → to` replacements, each of which must match. */
  const edited = (edits: Array<[string, string]>, sdl = SDL) =>
    edits.reduce((text, [from, to]) => {
      expect(text, from).toContain(from);
      return text.replace(from, to);
    }, sdl);

  const cases: Array<[RuleId, string, Array<[string, string]>, string[]]> = [
    ['field-removed', 'reports a removed nullable field, input field and argument as breaking', [
      ['nickname: String  status', 'status'],
      ['alias: String  plan', 'plan'],
      ['users(first: Int = 20, status: UserStatus)', 'users(first: Int = 20)'],
    ], ['CreateUserInput.alias', 'Query.users.status', 'User.nickname']],
    ['type-changed', 'reports a changed type, a nullable output and a changed argument type as breaking', [
      ['name: String!', 'name: Int!'],
      ['status: UserStatus!', 'status: UserStatus'],
      ['search(text: String!)', 'search(text: Int!)'],
    ], ['Query.search.text', 'User.name', 'User.status']],
    ['required-request-field-added', 'reports a new non-null input field or argument as breaking', [
      ['plan: Plan = FREE }', 'plan: Plan = FREE  email: String! }'],
      ['search(text: String!)', 'search(text: String!, limit: Int!)'],
    ], ['CreateUserInput.email', 'Query.search.limit']],
    ['stricter-validation', 'reports a nullable input made non-null and a value removed from an input enum as breaking', [
      ['alias: String ', 'alias: String! '],
      ['FREE PRO TEAM', 'FREE PRO'],
    ], ['CreateUserInput.alias', 'Plan.TEAM']],
    ['endpoint-removed', 'reports a removed root field as breaking', [['search(text: String!): [SearchResult!]!', '']], ['Query.search']],
    ['response-structure-changed', 'reports a value added to an output enum and a member added to a union as breaking', [
      ['ACTIVE CLOSED', 'ACTIVE CLOSED SUSPENDED'],
      ['union SearchResult = User', 'union SearchResult = User | Account'],
    ], ['SearchResult', 'UserStatus.SUSPENDED']],
    ['security-changed', 'reports @auth added to a field or relaxed on one as breaking', [
      ['ssn: String @auth(requires: ADMIN)', 'ssn: String @auth'],
      ['name: String!', 'name: String! @auth(requires: ADMIN)'],
    ], ['User.name.@auth', 'User.ssn.@auth.requires']],
    ['behaviour-changed', 'reports a changed argument or input default as breaking', [
      ['first: Int = 20', 'first: Int = 50'],
      ['plan: Plan = FREE', 'plan: Plan = PRO'],
    ], ['CreateUserInput.plan', 'Query.users.first']],
    ['unclassified', 'reports what has no SPEC rule, such as a directive location removed, as breaking', [['on FIELD_DEFINITION | OBJECT\n', 'on FIELD_DEFINITION\n']], ['@cost']],
    ['endpoint-added', 'accepts a new root field, with its @auth, as compatible', [['user(id: ID!): User @auth\n', 'user(id: ID!): User @auth\n me: User @auth\n']], ['Query.me']],
    ['response-field-added', 'accepts a new output field as compatible', [['ssn: String @auth(requires: ADMIN) }', 'ssn: String @auth(requires: ADMIN)  createdAt: String }']], ['User.createdAt']],
    ['optional-request-field-added', 'accepts a new nullable input field and one with a default as compatible', [
      ['plan: Plan = FREE }', 'plan: Plan = FREE  locale: String  seats: Int! = 1 }'],
    ], ['CreateUserInput.locale', 'CreateUserInput.seats']],
    ['optional-parameter-added', 'accepts a new nullable argument as compatible', [['search(text: String!)', 'search(text: String!, limit: Int)']], ['Query.search.limit']],
    ['validation-relaxed', 'accepts a non-null input made nullable and a value added to an input enum as compatible', [
      ['displayName: String!', 'displayName: String'],
      ['FREE PRO TEAM', 'FREE PRO TEAM ENTERPRISE'],
    ], ['CreateUserInput.displayName', 'Plan.ENTERPRISE']],
    ['default-added', 'accepts a default on an argument that had none as compatible', [['status: UserStatus)', 'status: UserStatus = ACTIVE)']], ['Query.users.status']],
    ['deprecated', 'accepts deprecating a field as compatible', [['nickname: String ', 'nickname: String @deprecated(reason: "Use name.") ']], ['User.nickname.@deprecated']],
    ['compatible-change', 'accepts a nullable output made non-null and a new type as compatible', [
      ['nickname: String ', 'nickname: String! '],
      ['type Account { id: ID! }', 'type Account { id: ID! }\n type Branch { id: ID! }'],
    ], ['Branch', 'User.nickname']],
    ['documentation', 'treats description changes as documentation', [
      ['"Role of a caller."', '"Role of the caller, from its token."'],
      ['type User {', '"A person." type User {'],
    ], ['Role', 'User']],
  ];

  it.each(cases)('%s: %s', async (rule, _sentence, edits, places) => {
    const changes = await classifyGraphql(SDL, edited(edits));
    expect(changes.map((c) => c.rule)).toEqual(places.map(() => rule));
    expect(changes.map((c) => c.where).sort()).toEqual(places);
  });

  it('keeps removing a deprecated field breaking', async () => {
    const deprecated = edited([['nickname: String ', 'nickname: String @deprecated(reason: "Use name.") ']]);
    const changes = await classifyGraphql(deprecated, edited([['nickname: String @deprecated(reason: "Use name.") ', '']], deprecated));
    expect(changes.map((c) => `${c.rule} ${c.where}`)).toEqual(['field-removed User.nickname']);
  });

  it('counts DANGEROUS as breaking except where SPEC §9.4 names the change compatible', async () => {
    const cases: Array<[Array<[string, string]>, RuleId]> = [
      [[['search(text: String!)', 'search(text: String!, limit: Int)']], 'optional-parameter-added'],
      [[['plan: Plan = FREE }', 'plan: Plan = FREE  seats: Int! = 1 }']], 'optional-request-field-added'],
      [[['FREE PRO TEAM', 'FREE PRO TEAM ENTERPRISE']], 'validation-relaxed'],
      [[['ACTIVE CLOSED', 'ACTIVE CLOSED SUSPENDED']], 'response-structure-changed'],
      [[['first: Int = 20', 'first: Int = 50']], 'behaviour-changed'],
    ];
    for (const [edits, rule] of cases) {
      const inspector = await diff(buildSchema(SDL), buildSchema(edited(edits)));
      expect(inspector.map((c) => c.criticality.level), rule).toEqual([CriticalityLevel.Dangerous]);
      expect((await classifyGraphql(SDL, edited(edits))).map((c) => c.rule)).toEqual([rule]);
    }
  });

  it('reports a changed @auth role as one security change, with both values', async () => {
    const changes = await classifyGraphql(SDL, edited([['ssn: String @auth(requires: ADMIN)', 'ssn: String @auth(requires: USER)']]));
    expect(changes).toEqual([
      { contract: 'GraphQL', rule: 'security-changed', message: "Argument 'requires' of '@auth' changed from ADMIN to USER", where: 'User.ssn.@auth.requires', path: 'User.ssn.@auth.requires' },
    ]);
  });

  it('refuses an SDL that does not build, naming which one', async () => {
    await expect(classifyGraphql(SDL, 'type Query {')).rejects.toThrow(/^the working GraphQL schema does not build: Syntax Error/);
  });
});

describe('the version rule', () => {
  const change = (rule: RuleId): ContractChange => ({ contract: 'REST', rule, message: '', where: '', path: '' });

  it('requires nothing without changes, a patch for documentation, a minor for compatible and a major for breaking changes', () => {
    expect(requiredBump([])).toBe('none');
    expect(requiredBump([change('documentation')])).toBe('patch');
    expect(requiredBump([change('documentation'), change('response-field-added')])).toBe('minor');
    expect(requiredBump([change('deprecated'), change('field-removed')])).toBe('major');
  });

  it.each([
    ['minor', '1.1.0'],
    ['minor', '1.4.2'],
    ['patch', '1.0.1'],
    ['patch', '1.1.0'],
  ] as const)('accepts a %s change released as %s after 1.0.0', (required, working) => {
    expect(versionProblem('REST v1 info.version', '1.0.0', working, required)).toBeUndefined();
  });

  it.each([
    ['minor', '1.0.1', 'REST v1 info.version must be at least 1.1.0 (released: 1.0.0) — compatible changes need a new minor version; it is 1.0.1'],
    ['minor', '1.0.0', 'REST v1 info.version must be at least 1.1.0 (released: 1.0.0) — compatible changes need a new minor version; it is 1.0.0'],
    ['patch', '1.0.0', 'REST v1 info.version must be at least 1.0.1 (released: 1.0.0) — documentation-only changes need a new patch version; it is 1.0.0'],
    ['patch', '0.9.9', 'REST v1 info.version must be at least 1.0.1, within major 1 (released: 1.0.0) — documentation-only changes need a new patch version; it is 0.9.9'],
    ['minor', '2.0.0', 'REST v1 info.version must be at least 1.1.0, within major 1 (released: 1.0.0) — compatible changes need a new minor version; it is 2.0.0'],
    ['patch', '1.1', 'REST v1 info.version must be at least 1.0.1 (released: 1.0.0) — documentation-only changes need a new patch version; it is 1.1'],
  ] as const)('refuses a %s change released as %s after 1.0.0', (required, working, message) => {
    expect(versionProblem('REST v1 info.version', '1.0.0', working, required)).toBe(message);
  });

  it('orders released versions by number, not by text, and ignores other names', () => {
    expect(sortVersions(['1.10.0', '1.9.0', 'notes', '1.0.0', '2.0.0-rc.1'])).toEqual(['1.0.0', '1.9.0', '1.10.0']);
  });

  it('wants the new version mentioned in CHANGELOG.md, in a release heading or an Unreleased note', () => {
    const changelog = '## [Unreleased]\n\n- REST v1 1.2.0: adds `nickname`.\n\n## REST v1 1.1.0 / GraphQL schema 1.0.0 — 2026-12-01\n';
    expect(changelogProblem(changelog, 'REST v1 1.1.0')).toBeUndefined();
    expect(changelogProblem(changelog, 'REST v1 1.2.0')).toBeUndefined();
    expect(changelogProblem(changelog, 'GraphQL schema 1.0.0')).toBeUndefined();
    expect(changelogProblem(changelog, 'REST v1 1.1.1')).toBe('CHANGELOG.md has no entry that mentions "REST v1 1.1.1"');
    expect(changelogProblem('## REST v1 1.1.01', 'REST v1 1.1.0')).toBeDefined();
  });
});

describe('the gate on the repository', () => {
  const copies: string[] = [];
  afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /**
   * A scratch copy of what the gate reads (contracts/ and CHANGELOG.md), put back to the 1.0.0
   * release so these tests do not depend on what the working contract has gained since.
   */
  function copyOfRepo(): string {
    const root = mkdtempSync(join(tmpdir(), 'concord-contracts-'));
    copies.push(root);
    cpSync(join(REPO, 'contracts'), join(root, 'contracts'), { recursive: true });
    rmSync(join(root, 'contracts/snapshots/v1'), { recursive: true });
    cpSync(join(REPO, 'contracts/snapshots/v1/1.0.0'), join(root, 'contracts/snapshots/v1/1.0.0'), { recursive: true });
    cpSync(join(REPO, 'contracts/snapshots/v1/1.0.0/openapi.yaml'), join(root, V1));
    // The changelog as it stood at that release: nothing unreleased, no later release sections.
    writeFileSync(join(root, 'CHANGELOG.md'), readFileSync(join(REPO, 'CHANGELOG.md'), 'utf8').replace(/## \[Unreleased\]\n[\s\S]*?(?=\n## REST v1 1\.0\.0 )/, '## [Unreleased]\n'));
    return root;
  }
  function edit(root: string, file: string, change: (text: string) => string) {
    const text = readFileSync(join(root, file), 'utf8');
    const changed = change(text);
    expect(changed, `edit of ${file}`).not.toBe(text);
    writeFileSync(join(root, file), changed);
  }
  const V1 = 'contracts/openapi/v1.yaml';
  const USER_CREATED_AT = '        createdAt:\n          type: string\n          format: date-time\n          description: When the user was created.\n';
  const USER_ADDRESS = '        address:\n          $ref: "#/components/schemas/Address"\n          description: Postal address; omitted when the user has none.\n';
  const addNickname = (text: string) => text.replace(USER_CREATED_AT, `        nickname:\n          type: string\n          description: What friends call the user.\n${USER_CREATED_AT}`);
  const setVersion = (version: string) => (text: string) => text.replace('  version: 1.0.0\n', `  version: ${version}\n`);
  const noteUnreleased = (note: string) => (text: string) => text.replace('## [Unreleased]\n', `## [Unreleased]\n\n- ${note}\n`);
  const problemsOf = async (root: string) => (await runGate(root)).flatMap((result) => result.problems.map((p) => `${p.kind}: ${p.message}`));

  it('passes the real working contracts against their latest snapshot', async () => {
    const [v1, ...others] = await runGate(REPO);
    expect(others).toEqual([]);
    expect(v1!.problems).toEqual([]);
    expect(v1!.changes.every((c) => RULES[c.rule].impact !== 'breaking')).toBe(true);
  });

  it('has a scratch copy that is exactly the 1.0.0 release: no changes', async () => {
    const root = copyOfRepo();
    expect(readFileSync(join(root, 'contracts/snapshots/v1/1.0.0/schema.graphql'), 'utf8')).toContain(workingGraphql(root).sdl);
    const [v1] = await runGate(root);
    expect(v1).toMatchObject({ version: '1.0.0', changes: [], problems: [] });
  });

  it('fails a breaking change inside the released major and says what is needed', async () => {
    const root = copyOfRepo();
    edit(root, V1, (text) => setVersion('1.1.0')(text.replace(USER_ADDRESS, '')));
    expect(await problemsOf(root)).toEqual([
      'breaking: REST v1: 1 breaking change(s) (at 7 place(s)) inside released major v1 (SPEC §9.3); they need a new major version, contracts/openapi/v2.yaml',
    ]);
  });

  it('fails a compatible change until the version is raised and CHANGELOG.md mentions it', async () => {
    const root = copyOfRepo();
    edit(root, V1, addNickname);
    expect(await problemsOf(root)).toEqual([
      'version: REST v1 info.version must be at least 1.1.0 (released: 1.0.0) — compatible changes need a new minor version; it is 1.0.0',
    ]);
    edit(root, V1, setVersion('1.1.0'));
    expect(await problemsOf(root)).toEqual(['changelog: CHANGELOG.md has no entry that mentions "REST v1 1.1.0"']);
    edit(root, 'CHANGELOG.md', noteUnreleased('REST v1 1.1.0: users have a `nickname`.'));
    expect(await problemsOf(root)).toEqual([]);
  });

  it('wants a GraphQL version and a REST patch for a documentation change of the SDL alone', async () => {
    const root = copyOfRepo();
    edit(root, 'contracts/graphql/users.graphql', (text) => text.replace('"Given name."', '"Given (first) name."'));
    expect(await problemsOf(root)).toEqual([
      'version: REST v1 info.version must be at least 1.0.1 (released: 1.0.0) — the GraphQL schema changed, and a release snapshot is named by info.version; it is 1.0.0',
      'version: GraphQL schema version (contracts/graphql/VERSION) must be at least 1.0.1 (released: 1.0.0) — documentation-only changes need a new patch version; it is 1.0.0',
    ]);
    edit(root, V1, setVersion('1.0.1'));
    writeFileSync(join(root, 'contracts/graphql/VERSION'), '1.0.1\n');
    expect(await problemsOf(root)).toEqual([
      'changelog: CHANGELOG.md has no entry that mentions "REST v1 1.0.1"',
      'changelog: CHANGELOG.md has no entry that mentions "GraphQL schema 1.0.1"',
    ]);
  });

  it('fails a breaking change of the GraphQL schema', async () => {
    const root = copyOfRepo();
    edit(root, 'contracts/graphql/users.graphql', (text) => text.replace('  "Given name."\n  firstName: String!\n', ''));
    expect(await problemsOf(root)).toEqual([
      'breaking: GraphQL: 1 breaking change(s) (at 1 place(s)); the schema evolves only by additive changes and deprecation (SPEC §9.11)',
    ]);
  });

  it('does not gate a major that has no snapshot yet', async () => {
    const root = copyOfRepo();
    cpSync(join(root, V1), join(root, 'contracts/openapi/v2.yaml'));
    edit(root, 'contracts/openapi/v2.yaml', (text) => setVersion('2.0.0')(text.replace(USER_ADDRESS, '')));
    const [v1, v2] = await runGate(root);
    expect(v1!.graphql).toBeUndefined();
    expect(v2).toMatchObject({ major: 2, version: '2.0.0', graphql: { version: '1.0.0', released: '1.0.0' }, changes: [], problems: [] });
    expect(v2!.released).toBeUndefined();
  });

  it('releases a compatible change: a snapshot at the new version and a changelog section from the diff', async () => {
    const root = copyOfRepo();
    edit(root, V1, (text) => setVersion('1.1.0')(addNickname(text)));
    edit(root, 'CHANGELOG.md', noteUnreleased('REST v1 1.1.0: users have a `nickname`, shown to other users.'));
    expect(await release(root, new Date('2026-12-01T10:00:00Z'))).toEqual(['contracts/snapshots/v1/1.1.0']);

    expect(readFileSync(join(root, 'contracts/snapshots/v1/1.1.0/openapi.yaml'), 'utf8')).toBe(readFileSync(join(root, V1), 'utf8'));
    expect(readFileSync(join(root, 'contracts/snapshots/v1/1.1.0/schema.graphql'), 'utf8')).toMatch(/^# Concord GraphQL schema 1\.0\.0, released with REST v1 1\.1\.0\./);
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(
      [
        '## [Unreleased]',
        '',
        '## REST v1 1.1.0 / GraphQL schema 1.0.0 — 2026-12-01',
        '',
        '### Added',
        '- REST: response field `nickname` added (GET /api/v1/users, POST /api/v1/users, POST /api/v1/users/search, GET /api/v1/users/{userId} and 2 more)',
        '',
        '- REST v1 1.1.0: users have a `nickname`, shown to other users.',
        '',
        '## REST v1 1.0.0 / GraphQL schema 1.0.0 — 2026-11-21',
      ].join('\n'),
    );
    expect(await problemsOf(root)).toEqual([]);
    expect((await runGate(root))[0]!.changes).toEqual([]);
    expect(await release(root)).toEqual([]);
  });

  it('refuses to release while the check fails, and writes nothing', async () => {
    const root = copyOfRepo();
    edit(root, V1, (text) => setVersion('1.0.1')(addNickname(text)));
    await expect(release(root)).rejects.toThrow(ReleaseRefused);
    await expect(release(root)).rejects.toThrow(/REST v1 info\.version must be at least 1\.1\.0[\s\S]*contracts:release refused: contracts:check fails \(1 problem\(s\)\)$/);
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    await expect(release(root)).rejects.toThrow(ReleaseRefused);
    expect(existsSync(join(root, 'contracts/snapshots/v1/1.0.1'))).toBe(false);
    expect(readFileSync(join(root, 'CHANGELOG.md'), 'utf8')).toBe(changelog);
  });

  it('refuses to overwrite a snapshot: snapshots are immutable', () => {
    const root = copyOfRepo();
    expect(() => writeSnapshot(root, 1, '1.0.0', 'openapi: 3.1.0\n', workingGraphql(root))).toThrow(
      'contracts/snapshots/v1/1.0.0 exists; snapshots are immutable — release under a new info.version',
    );
    expect(readFileSync(join(root, 'contracts/snapshots/v1/1.0.0/openapi.yaml'), 'utf8')).toBe(readFileSync(join(REPO, 'contracts/snapshots/v1/1.0.0/openapi.yaml'), 'utf8'));
  });

  it('writes the first release of a new major with a line that says so', () => {
    const changelog = addReleaseSection('# Changelog\n\n## [Unreleased]\n\n## REST v1 1.0.0 — 2026-11-21\n', 'REST v2 2.0.0 — 2027-01-04', [], 'First release of REST v2 (contracts/openapi/v2.yaml).');
    expect(changelog).toBe('# Changelog\n\n## [Unreleased]\n\n## REST v2 2.0.0 — 2027-01-04\n\nFirst release of REST v2 (contracts/openapi/v2.yaml).\n\n## REST v1 1.0.0 — 2026-11-21\n');
  });

  it('fails `contracts:check` with a readable report when an optional User field is removed', () => {
    const root = copyOfRepo();
    edit(root, V1, (text) => text.replace(USER_ADDRESS, ''));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/contracts/check.ts', root], { cwd: REPO, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toContain('BREAKING REST: response field `address` removed');
    expect(run.stdout).toContain('rule: field-removed — SPEC §9.3 "removing or renaming a field"');
    expect(run.stdout).toContain('at GET /api/v1/users/{userId} → 200 application/json → address');
    expect(run.stdout).toContain('$.paths["/api/v1/users/{userId}"].get.responses["200"].content["application/json"].schema.properties.address');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('contracts:check failed: 1 problem(s)');
  });
});
