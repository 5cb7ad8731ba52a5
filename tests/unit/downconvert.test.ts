import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { downconvert } from '../../scripts/sdk/downconvert.js';

/** A 3.1 document whose only content is the given component schemas. */
const withSchemas = (schemas: Record<string, unknown>) => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1.0.0' },
  paths: {},
  components: { schemas },
});

const convertSchema = (schema: unknown) => {
  const { document, warnings } = downconvert(withSchemas({ S: schema }));
  return { schema: (document.components as { schemas: { S: unknown } }).schemas.S, warnings };
};

describe('downconvert (OpenAPI 3.1 → 3.0.3)', () => {
  it('sets the version and drops what 3.0 does not have at document level', () => {
    const { document } = downconvert({
      openapi: '3.1.0',
      jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
      info: { title: 'T', version: '1.0.0', summary: 'short', license: { name: 'MIT', identifier: 'MIT' } },
      paths: {},
      webhooks: { created: {} },
    });
    expect(document).toEqual({ openapi: '3.0.3', info: { title: 'T', version: '1.0.0', license: { name: 'MIT' } }, paths: {} });
  });

  it('turns type [X, "null"] into type X with nullable', () => {
    expect(convertSchema({ type: ['string', 'null'], maxLength: 3 }).schema).toEqual({ type: 'string', maxLength: 3, nullable: true });
    expect(convertSchema({ type: ['integer'] }).schema).toEqual({ type: 'integer' });
    expect(convertSchema({ type: ['string', 'integer', 'null'] }).schema).toEqual({
      nullable: true,
      anyOf: [{ type: 'string' }, { type: 'integer' }],
    });
  });

  it('turns anyOf [A, {type: null}] into A with nullable, through allOf when A is a $ref', () => {
    expect(convertSchema({ description: 'd', anyOf: [{ $ref: '#/components/schemas/A' }, { type: 'null', description: 'none' }] }).schema).toEqual({
      description: 'd',
      nullable: true,
      allOf: [{ $ref: '#/components/schemas/A' }],
    });
    expect(convertSchema({ oneOf: [{ type: 'null' }, { type: 'string', format: 'date' }] }).schema).toEqual({
      type: 'string',
      format: 'date',
      nullable: true,
    });
    expect(convertSchema({ anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] }).schema).toEqual({
      nullable: true,
      anyOf: [{ type: 'string' }, { type: 'integer' }],
    });
  });

  it('turns numeric exclusive bounds into the 3.0 boolean form', () => {
    expect(convertSchema({ type: 'number', exclusiveMinimum: 0, maximum: 10 }).schema).toEqual({
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 10,
    });
    expect(convertSchema({ type: 'integer', exclusiveMaximum: 100 }).schema).toEqual({ type: 'integer', maximum: 100, exclusiveMaximum: true });
    // With both bounds the stricter wins: minimum 5 is stricter than "> 0".
    expect(convertSchema({ type: 'number', exclusiveMinimum: 0, minimum: 5 }).schema).toEqual({
      type: 'number',
      minimum: 5,
      exclusiveMinimum: false,
    });
  });

  it('keeps the first schema example, and leaves the examples maps of media types and parameters alone', () => {
    expect(convertSchema({ type: 'string', examples: ['a', 'b'] }).schema).toEqual({ type: 'string', example: 'a' });
    expect(convertSchema({ type: 'string', examples: [] }).schema).toEqual({ type: 'string' });
    const examples = { one: { summary: 'One', value: { examples: [1] } } };
    const { document } = downconvert({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/x': {
          get: {
            parameters: [{ name: 'q', in: 'query', schema: { type: ['string', 'null'], examples: ['x'] }, examples }],
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' }, examples } } } },
          },
        },
      },
    });
    const get = (document.paths as never)['/x']['get'] as {
      parameters: Array<{ schema: unknown; examples: unknown }>;
      responses: { '200': { content: { 'application/json': { examples: unknown } } } };
    };
    expect(get.parameters[0]).toMatchObject({ schema: { type: 'string', nullable: true, example: 'x' }, examples });
    expect(get.responses['200'].content['application/json'].examples).toEqual(examples);
  });

  it('wraps a $ref that has siblings in allOf, and leaves a bare $ref alone', () => {
    expect(convertSchema({ $ref: '#/components/schemas/A', description: 'Role of the user.' }).schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/A' }],
      description: 'Role of the user.',
    });
    expect(convertSchema({ $ref: '#/components/schemas/A' }).schema).toEqual({ $ref: '#/components/schemas/A' });
  });

  it('turns const into a single-value enum', () => {
    expect(convertSchema({ type: 'string', const: 'USD' }).schema).toEqual({ type: 'string', enum: ['USD'] });
  });

  it('converts nested schemas: properties, items, combinators, additionalProperties', () => {
    const { schema } = convertSchema({
      type: 'object',
      properties: {
        type: { type: ['string', 'null'] },
        examples: { type: 'array', items: { const: 1 } },
        tags: { type: 'array' },
      },
      additionalProperties: { type: ['number', 'null'] },
      allOf: [{ properties: { n: { type: 'integer', exclusiveMinimum: 1 } } }],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        type: { type: 'string', nullable: true },
        examples: { type: 'array', items: { enum: [1] } },
        tags: { type: 'array', items: {} },
      },
      additionalProperties: { type: 'number', nullable: true },
      allOf: [{ properties: { n: { type: 'integer', minimum: 1, exclusiveMinimum: true } } }],
    });
  });

  it('drops 3.1-only keywords with a warning, and boolean schemas become objects', () => {
    const { schema, warnings } = convertSchema({
      type: 'object',
      $comment: 'internal',
      properties: { any: true, none: false, file: { type: 'string', contentMediaType: 'image/png' } },
    });
    expect(schema).toEqual({ type: 'object', properties: { any: {}, none: { not: {} }, file: { type: 'string' } } });
    expect(warnings).toEqual([
      '/components/schemas/S/properties/file: dropped `contentMediaType` (no OpenAPI 3.0 equivalent)',
      '/components/schemas/S: dropped `$comment` (no OpenAPI 3.0 equivalent)',
    ]);
  });

  it('removes the siblings of non-schema $refs and does not modify its input', () => {
    const input = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { '/x': { get: { responses: { '404': { $ref: '#/components/responses/NotFound', description: 'Nope' } } } } },
      components: { schemas: { S: { type: ['string', 'null'] } } },
    };
    const before = structuredClone(input);
    const { document } = downconvert(input);
    expect(input).toEqual(before);
    expect((document.paths as never)['/x']['get']['responses']['404']).toEqual({ $ref: '#/components/responses/NotFound' });
  });

  it('leaves no 3.1 construct in the real contract', () => {
    const contract = parse(readFileSync(new URL('../../contracts/openapi/v1.yaml', import.meta.url), 'utf8'));
    const { document, warnings } = downconvert(contract);
    expect(warnings).toEqual([]);
    const problems: string[] = [];
    const visit = (value: unknown, at: string): void => {
      if (Array.isArray(value)) return value.forEach((v, i) => visit(v, `${at}/${i}`));
      if (typeof value !== 'object' || value === null) return;
      const o = value as Record<string, unknown>;
      if (Array.isArray(o.type)) problems.push(`${at}: type array`);
      if (o.type === 'null') problems.push(`${at}: type null`);
      if (typeof o.exclusiveMinimum === 'number' || typeof o.exclusiveMaximum === 'number') problems.push(`${at}: numeric exclusive bound`);
      if ('const' in o) problems.push(`${at}: const`);
      if (typeof o.$ref === 'string' && Object.keys(o).length > 1) problems.push(`${at}: $ref with siblings`);
      for (const [k, v] of Object.entries(o)) visit(v, `${at}/${k}`);
    };
    visit(document, '');
    expect(problems).toEqual([]);
    expect(document.openapi).toBe('3.0.3');
  });
});
