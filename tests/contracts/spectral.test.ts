/**
 * The contract lint (`.spectral.yaml`) is loaded the way the Spectral CLI loads it, then run against
 * one violating fixture per custom rule, the shared valid fixture and the real contract.
 */
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect, beforeAll } from 'vitest';
import spectralCore from '@stoplight/spectral-core';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRuntime from '@stoplight/spectral-runtime';
import withLoader from '@stoplight/spectral-ruleset-bundler/with-loader';
import { parse, stringify } from 'yaml';

const { Spectral, Document } = spectralCore;
const { Yaml } = spectralParsers;
const { bundleAndLoadRuleset } = withLoader;

const repoFile = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));
const RULESET = repoFile('.spectral.yaml');
const FIXTURES = 'tests/contracts/fixtures/spectral';
const CONTRACT = repoFile('contracts/openapi/v1.yaml');
const ERROR = 0; // DiagnosticSeverity.Error

/** Each custom rule and the sentence its test is named by. */
const RULES: Array<[rule: string, sentence: string]> = [
  ['concord-versioned-paths', 'flags a path without a version prefix'],
  ['concord-kebab-case-plural-segments', 'flags a path segment that is not kebab-case or a collection that is not plural'],
  ['concord-max-nesting', 'flags a path nested deeper than three resource levels'],
  ['concord-camel-case-properties', 'flags a schema property that is not camelCase'],
  ['concord-camel-case-parameters', 'flags a query or path parameter that is not camelCase'],
  ['concord-screaming-enum-values', 'flags a string enum value that is not SCREAMING_SNAKE_CASE'],
  ['concord-pascal-case-schema-names', 'flags a component schema name that is not PascalCase'],
  ['concord-operation-id', 'flags an operation without a PascalCase operationId'],
  ['concord-error-schema', 'flags an error response that does not use the Error schema'],
  ['concord-create-201-location', 'flags a create POST without a 201 response carrying Location'],
  ['concord-collection-pagination', 'flags a paginated collection GET without capped page or cursor parameters'],
  ['concord-timestamp-format', 'flags a timestamp property that is not a date-time string'],
  ['concord-deprecated-sunset', 'flags a deprecated operation without a sunset date and headers'],
  ['concord-response-request-id', 'flags a response without the X-Request-Id header'],
  ['concord-info-version', 'flags an info.version whose major does not match the path version'],
];

let spectral: InstanceType<typeof Spectral>;

async function lint(file: string, text = fs.readFileSync(file, 'utf8')): Promise<ISpectralDiagnostic[]> {
  return spectral.run(new Document(text, Yaml, file));
}

/** A free-form edit of the parsed valid fixture (OpenAPI is untyped here on purpose). */
type Edit = (contract: any) => void;

/** Lints valid.yaml after `edit` has changed one detail of it. */
async function lintValidWith(edit: Edit): Promise<ISpectralDiagnostic[]> {
  const file = repoFile(`${FIXTURES}/valid.yaml`);
  const contract = parse(fs.readFileSync(file, 'utf8'));
  edit(contract);
  return lint(file, stringify(contract));
}

const errors = (diagnostics: ISpectralDiagnostic[]) => diagnostics.filter((d) => d.severity === ERROR);
const describeErrors = (diagnostics: ISpectralDiagnostic[]) =>
  errors(diagnostics).map((d) => `${String(d.code)} at ${d.path.join('.')}: ${d.message}`);

beforeAll(async () => {
  spectral = new Spectral();
  spectral.setRuleset(await bundleAndLoadRuleset(RULESET, { fs, fetch: spectralRuntime.fetch }));
});

describe('the Spectral contract ruleset', () => {
  it('defines every custom rule as an error on top of spectral:oas', () => {
    const rules = spectral.ruleset?.rules ?? {};
    for (const [rule] of RULES) expect(rules[rule]?.severity, rule).toBe(ERROR);
    expect(rules['operation-operationId-unique']?.enabled).toBe(true);
    expect(Object.keys(rules).filter((name) => name.startsWith('concord-')).sort()).toEqual(RULES.map(([rule]) => rule).sort());
  });

  it('accepts the valid fixture with zero errors', async () => {
    expect(describeErrors(await lint(repoFile(`${FIXTURES}/valid.yaml`)))).toEqual([]);
  });

  it.each(RULES)('%s %s', async (rule) => {
    const found = errors(await lint(repoFile(`${FIXTURES}/${rule}.yaml`)));
    expect(found.map((d) => d.code), describeErrors(found).join('\n')).toContain(rule);
    // The fixture breaks exactly this convention and is otherwise a valid OpenAPI document.
    expect([...new Set(found.map((d) => d.code))], describeErrors(found).join('\n')).toEqual([rule]);
  });

  it.each<[string, string, Edit]>([
    ['flags an operation with no operationId', 'concord-operation-id', (c) => {
      delete c.paths['/api/v1/orders'].get.operationId;
    }],
    ['flags a 5XX response whose shared response is not the Error envelope', 'concord-error-schema', (c) => {
      c.components.responses.Oops = {
        description: 'Failure.',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/XRequestId' } },
        content: { 'application/json': { schema: { type: 'object', properties: { reason: { type: 'string' } } } } },
      };
      c.paths['/api/v1/orders/{orderId}'].get.responses['5XX'] = { $ref: '#/components/responses/Oops' };
    }],
    ['flags a collection GET that returns a bare array', 'concord-collection-pagination', (c) => {
      c.paths['/api/v1/orders'].get.responses['200'].content['application/json'].schema = {
        type: 'array', items: { $ref: '#/components/schemas/Order' },
      };
    }],
    ['flags a cursor collection without the cursor parameter', 'concord-collection-pagination', (c) => {
      const get = c.paths['/api/v1/accounts/{accountId}/transactions'].get;
      get.parameters = get.parameters.filter((p: { $ref?: string }) => p.$ref !== '#/components/parameters/Cursor');
    }],
    ['flags a page size parameter that states no ceiling of 100', 'concord-collection-pagination', (c) => {
      c.components.parameters.Size.schema = { type: 'integer', minimum: 1 };
    }],
    ['flags a create POST without a 201 response', 'concord-create-201-location', (c) => {
      const responses = c.paths['/api/v1/orders'].post.responses;
      responses['200'] = responses['201'];
      delete responses['201'];
    }],
    ['flags a deprecated operation whose x-sunset is not an ISO date', 'concord-deprecated-sunset', (c) => {
      c.paths['/api/v1/orders/{orderId}'].put['x-sunset'] = 'next summer';
    }],
    ['flags an info.version that is not MAJOR.MINOR.PATCH', 'concord-info-version', (c) => {
      c.info.version = '1.4';
    }],
    ['flags a date filter parameter that is neither a date nor a date-time', 'concord-timestamp-format', (c) => {
      const param = c.paths['/api/v1/orders'].get.parameters.find((p: { name?: string }) => p.name === 'createdAfter');
      param.schema = { type: 'integer' };
    }],
    ['flags a timestamp property whose $ref target is not a date-time string', 'concord-timestamp-format', (c) => {
      c.components.schemas.EpochSeconds = { type: 'integer' };
      c.components.schemas.Order.properties.updatedAt = { $ref: '#/components/schemas/EpochSeconds' };
    }],
    ['flags a POST to a singular collection segment', 'concord-kebab-case-plural-segments', (c) => {
      c.paths['/api/v1/order'] = c.paths['/api/v1/orders'];
      delete c.paths['/api/v1/orders'];
    }],
  ])('%s', async (_sentence, rule, edit) => {
    const found = errors(await lintValidWith(edit));
    expect([...new Set(found.map((d) => d.code))], describeErrors(found).join('\n')).toEqual([rule]);
  });

  it('flags a page size without maximum: 100 even when its description mentions capping', async () => {
    const found = await lintValidWith((c) => {
      c.components.parameters.Size.schema = { type: 'integer', minimum: 1 };
      c.components.parameters.Size.description = 'Items per page; larger values are capped to 100.';
    });
    expect(found.map((d) => d.code)).toContain('concord-collection-pagination');
  });

  it('exempts header parameter names and header enum values', async () => {
    const found = await lintValidWith((c) => {
      c.paths['/api/v1/orders/{orderId}'].get.parameters = [
        { name: 'X-Trace_ID', in: 'header', description: 'Trace.', schema: { type: 'string', enum: ['on', 'off'] } },
      ];
    });
    expect(describeErrors(found)).toEqual([]);
  });

  it('accepts the real contract contracts/openapi/v1.yaml with zero errors', async () => {
    expect(fs.existsSync(CONTRACT), 'contracts/openapi/v1.yaml is missing').toBe(true);
    expect(describeErrors(await lint(CONTRACT))).toEqual([]);
  });
});
