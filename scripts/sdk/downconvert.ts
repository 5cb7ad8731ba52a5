/**
 * OpenAPI 3.1 → 3.0.3, for tools that only read 3.0 (the bundled openapi-generator 5.0.0-beta2).
 *
 * Design note: the walk is positional — it knows which values are Schema Objects (components.schemas,
 * `schema` of parameters, headers and media types, and the sub-schemas of a schema) — instead of
 * rewriting every object that happens to have a `type` or `examples` key. That matters because
 * 3.1 keeps the 3.0 meaning of `examples` outside schemas (a map of Example Objects on parameters and
 * media types) and because a property may well be *named* `type`, `const` or `examples`.
 *
 * Rewrites inside schemas:
 *  - `type: [X, "null"]`                → `type: X, nullable: true` (several non-null types → anyOf)
 *  - `anyOf`/`oneOf` with `{type: "null"}` → the remaining member, `nullable: true`
 *                                        (wrapped in `allOf: [member]` when the member is a `$ref`)
 *  - numeric `exclusiveMinimum: n`      → `minimum: n, exclusiveMinimum: true` (same for maximum)
 *  - `examples: [a, …]`                 → `example: a`
 *  - `$ref` with sibling keywords       → `allOf: [{ $ref }]` plus the siblings
 *  - `const: v`                         → `enum: [v]`
 *  - `true` / `false` schemas           → `{}` / `{ not: {} }`
 *  - `type: array` without `items`      → `items: {}` (required in 3.0)
 *  - 3.1-only keywords with no 3.0 form (`$comment`, `$id`, `contentMediaType`, `prefixItems`, …)
 *    are dropped and reported in `warnings`.
 * Document level: `openapi: 3.0.3`; `jsonSchemaDialect`, `webhooks`, `info.summary`,
 * `info.license.identifier` and `components.pathItems` are dropped; siblings of a non-schema `$ref`
 * (3.1 allows `summary`/`description` there, 3.0 ignores them) are removed.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface DownconvertResult {
  document: JsonObject;
  /** What could not be expressed in 3.0 and was dropped, with its JSON pointer. */
  warnings: string[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** Keywords of JSON Schema 2020-12 that OpenAPI 3.0 cannot express; dropped with a warning. */
const DROPPED_SCHEMA_KEYWORDS = [
  '$schema',
  '$id',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$vocabulary',
  '$comment',
  '$defs',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
  'prefixItems',
  'contains',
  'minContains',
  'maxContains',
  'patternProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'dependentRequired',
  'dependentSchemas',
  'if',
  'then',
  'else',
] as const;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNullSchema = (value: Json): boolean =>
  isObject(value) && value.type === 'null' && Object.keys(value).every((k) => k === 'type' || k === 'description');

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Converts an OpenAPI 3.1 document to OpenAPI 3.0.3. The input is not modified.
 *
 * @example
 * const { document, warnings } = downconvert(parse(readFileSync('contracts/openapi/v1.yaml', 'utf8')));
 */
export function downconvert(input: unknown): DownconvertResult {
  if (!isObject(input)) throw new TypeError('downconvert: the document must be an object');
  const doc = structuredClone(input);
  const warnings: string[] = [];

  function schema(value: Json, at: string): Json {
    if (value === true) return {};
    if (value === false) return { not: {} };
    if (!isObject(value)) return value;
    let s: JsonObject = { ...value };

    // `{ type: "null" }` members of a union are recognised in their 3.1 form, before the members
    // are converted below; the union is collapsed afterwards.
    const nullableUnions: Array<'anyOf' | 'oneOf'> = [];
    for (const key of ['anyOf', 'oneOf'] as const) {
      const list = s[key];
      if (Array.isArray(list) && list.some(isNullSchema)) {
        s[key] = list.filter((member) => !isNullSchema(member));
        nullableUnions.push(key);
      }
    }

    // Sub-schemas first, so a rewrite below sees converted children.
    for (const key of ['items', 'not', 'additionalProperties'] as const) {
      const child = s[key];
      if (child !== undefined && (key !== 'additionalProperties' || typeof child !== 'boolean')) {
        s[key] = schema(child, `${at}/${key}`);
      }
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = s[key];
      if (Array.isArray(list)) s[key] = list.map((child, i) => schema(child, `${at}/${key}/${i}`));
    }
    if (isObject(s.properties)) {
      s.properties = Object.fromEntries(
        Object.entries(s.properties).map(([name, child]) => [name, schema(child, `${at}/properties/${escape(name)}`)]),
      );
    }

    for (const key of DROPPED_SCHEMA_KEYWORDS) {
      if (key in s) {
        delete s[key];
        warnings.push(`${at}: dropped \`${key}\` (no OpenAPI 3.0 equivalent)`);
      }
    }

    if ('$ref' in s && Object.keys(s).length > 1) {
      const { $ref, ...siblings } = s;
      s = { allOf: [{ $ref: $ref ?? null }], ...siblings };
    }

    if ('const' in s) {
      s.enum = [s.const ?? null];
      delete s.const;
    }

    if (Array.isArray(s.examples)) {
      if (s.examples.length > 0 && !('example' in s)) s.example = s.examples[0] ?? null;
      delete s.examples;
    }

    if (Array.isArray(s.type)) {
      const types = s.type.filter((t): t is string => typeof t === 'string');
      const nonNull = types.filter((t) => t !== 'null');
      if (types.length !== nonNull.length) s.nullable = true;
      if (nonNull.length === 1) {
        s.type = nonNull[0]!;
      } else if (nonNull.length === 0) {
        delete s.type;
        s.enum = [null];
      } else {
        delete s.type;
        const members = nonNull.map((t) => ({ type: t }));
        s.anyOf = Array.isArray(s.anyOf) ? [...s.anyOf, ...members] : members;
      }
    } else if (s.type === 'null') {
      delete s.type;
      s.nullable = true;
      s.enum = [null];
    }

    for (const key of nullableUnions) {
      const rest = s[key] as Json[];
      s.nullable = true;
      delete s[key];
      const only = rest.length === 1 ? rest[0] : undefined;
      if (rest.length > 1) {
        s[key] = rest;
      } else if (isObject(only)) {
        if ('$ref' in only) {
          s.allOf = [...(Array.isArray(s.allOf) ? s.allOf : []), only];
        } else {
          // Merge the single member in; the outer schema's own keywords win on a clash.
          s = { ...only, ...s };
        }
      }
    }

    for (const [exclusive, inclusive] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      const bound = s[exclusive];
      if (typeof bound !== 'number') continue;
      const other = s[inclusive];
      const lower = inclusive === 'minimum';
      // Both present: the stricter of the two bounds applies.
      if (typeof other === 'number' && (lower ? other > bound : other < bound)) {
        s[exclusive] = false;
      } else {
        s[inclusive] = bound;
        s[exclusive] = true;
      }
    }

    if (s.type === 'array' && !('items' in s)) s.items = {};
    return s;
  }

  /** A `$ref` to a Parameter, Response, … keeps only `$ref` in 3.0. */
  function refOnly(value: JsonObject): JsonObject | undefined {
    return typeof value.$ref === 'string' ? { $ref: value.$ref } : undefined;
  }

  function content(value: Json, at: string): void {
    if (!isObject(value)) return;
    for (const [type, media] of Object.entries(value)) {
      if (isObject(media) && media.schema !== undefined) {
        media.schema = schema(media.schema, `${at}/${escape(type)}/schema`);
      }
    }
  }

  /** Parameter and Header objects share the `schema` / `content` shape. */
  function parameterLike(value: Json, at: string): Json {
    if (!isObject(value)) return value;
    const ref = refOnly(value);
    if (ref) return ref;
    if (value.schema !== undefined) value.schema = schema(value.schema, `${at}/schema`);
    content(value.content ?? null, `${at}/content`);
    return value;
  }

  function headers(value: Json, at: string): void {
    if (!isObject(value)) return;
    for (const [name, header] of Object.entries(value)) value[name] = parameterLike(header, `${at}/${escape(name)}`);
  }

  function response(value: Json, at: string): Json {
    if (!isObject(value)) return value;
    const ref = refOnly(value);
    if (ref) return ref;
    headers(value.headers ?? null, `${at}/headers`);
    content(value.content ?? null, `${at}/content`);
    return value;
  }

  function requestBody(value: Json, at: string): Json {
    if (!isObject(value)) return value;
    const ref = refOnly(value);
    if (ref) return ref;
    content(value.content ?? null, `${at}/content`);
    return value;
  }

  function parameters(value: Json, at: string): void {
    if (Array.isArray(value)) value.forEach((p, i) => (value[i] = parameterLike(p, `${at}/${i}`)));
  }

  function pathItem(value: Json, at: string): void {
    if (!isObject(value)) return;
    parameters(value.parameters ?? null, `${at}/parameters`);
    for (const method of HTTP_METHODS) {
      const op = value[method];
      if (!isObject(op)) continue;
      const opAt = `${at}/${method}`;
      parameters(op.parameters ?? null, `${opAt}/parameters`);
      if (op.requestBody !== undefined) op.requestBody = requestBody(op.requestBody, `${opAt}/requestBody`);
      if (isObject(op.responses)) {
        for (const [status, r] of Object.entries(op.responses)) {
          op.responses[status] = response(r, `${opAt}/responses/${status}`);
        }
      }
      if (isObject(op.callbacks)) {
        for (const [name, callback] of Object.entries(op.callbacks)) {
          if (!isObject(callback)) continue;
          for (const [expr, item] of Object.entries(callback)) pathItem(item, `${opAt}/callbacks/${name}/${escape(expr)}`);
        }
      }
    }
  }

  doc.openapi = '3.0.3';
  for (const key of ['jsonSchemaDialect', 'webhooks'] as const) {
    if (key in doc) {
      delete doc[key];
      warnings.push(`/${key}: dropped (OpenAPI 3.1 only)`);
    }
  }
  if (isObject(doc.info)) {
    delete doc.info.summary;
    if (isObject(doc.info.license)) delete doc.info.license.identifier;
  }
  if (isObject(doc.paths)) {
    for (const [path, item] of Object.entries(doc.paths)) pathItem(item, `/paths/${escape(path)}`);
  }
  const components = doc.components;
  if (isObject(components)) {
    if ('pathItems' in components) {
      delete components.pathItems;
      warnings.push('/components/pathItems: dropped (OpenAPI 3.1 only)');
    }
    const each = (key: string, fn: (value: Json, at: string) => Json) => {
      const group = components[key];
      if (!isObject(group)) return;
      for (const [name, value] of Object.entries(group)) group[name] = fn(value, `/components/${key}/${escape(name)}`);
    };
    each('schemas', schema);
    each('parameters', parameterLike);
    each('headers', parameterLike);
    each('responses', response);
    each('requestBodies', requestBody);
  }
  return { document: doc, warnings };
}
