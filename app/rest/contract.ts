/**
 * The REST contract at run time: the parsed OpenAPI document of one major version, an
 * openapi-backend validator over it (Ajv 2020 + formats, as OpenAPI 3.1 needs), and per-operation
 * facts the dispatcher needs on every request, computed once.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { OpenAPIBackend } from 'openapi-backend';
import { parse } from 'yaml';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  schema?: { type?: string | string[]; maximum?: number };
}

interface OperationObject {
  operationId: string;
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  security?: Array<Record<string, string[]>>;
}

/** What the dispatcher knows about one operation. */
export interface OperationFacts {
  operationId: string;
  method: string;
  /** OpenAPI path template, `/api/v1/users/{userId}`. */
  path: string;
  secured: boolean;
  /** Media types of the success responses, for `Accept` negotiation. */
  produces: string[];
  takesBody: boolean;
  arrayQueryParams: Set<string>;
  /** Query parameters whose values above `maximum` are capped instead of refused (size, limit). */
  cappedQueryParams: Map<string, number>;
  headerParams: string[];
  /**
   * Validates (and coerces in place) a request: `path`/`query` values become their declared types.
   * Returns the Ajv errors, or null when the request is valid.
   */
  validate(request: RequestParts): ErrorObject[] | null;
}

/** The parts of a request the contract validates, shaped as openapi-backend's compiled validators expect. */
export interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, string>;
  requestBody?: unknown;
}

export interface RestContract {
  version: string;
  document: Record<string, unknown>;
  /** The YAML text exactly as committed. */
  yaml: string;
  validator: OpenAPIBackend;
  operations: OperationFacts[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const CAPPED = new Set(['size', 'limit']);

/** Reads `contracts/openapi/<version>.yaml` and prepares validation. */
export async function loadRestContract(version: string): Promise<RestContract> {
  const file = fileURLToPath(new URL(`../../contracts/openapi/${version}.yaml`, import.meta.url));
  const yaml = readFileSync(file, 'utf8');
  const document = parse(yaml) as Record<string, unknown>;
  const validator = new OpenAPIBackend({
    definition: structuredClone(document) as never,
    quick: true,
    validate: true,
    coerceTypes: true,
    customizeAjv: (_ajv, ajvOpts) => addFormats(new Ajv2020({ ...ajvOpts, strict: false, allErrors: true })) as never,
  });
  await validator.init();
  // Call openapi-backend's compiled Ajv validators directly: its validateRequest() re-flattens every
  // operation of the document and deep-clones the request on each call, which dominated request cost.
  const validatorsOf = (operationId: string): ValidateFunction[] => validator.validator.getRequestValidatorsForOperation(operationId) ?? [];
  return { version, document, yaml, validator, operations: operationFacts(document, validatorsOf) };
}

function operationFacts(document: Record<string, unknown>, validatorsOf: (operationId: string) => ValidateFunction[]): OperationFacts[] {
  const globalSecurity = (document.security as OperationObject['security']) ?? [];
  const paths = document.paths as Record<string, Record<string, OperationObject | ParameterObject[]>>;
  const resolve = <T>(node: T): T => {
    const ref = (node as { $ref?: string }).$ref;
    if (!ref) return node;
    return resolve(ref.slice(2).split('/').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], document) as T);
  };
  const facts: OperationFacts[] = [];
  for (const [path, item] of Object.entries(paths)) {
    const shared = ((item.parameters as ParameterObject[] | undefined) ?? []).map(resolve);
    for (const method of METHODS) {
      const op = item[method] as OperationObject | undefined;
      if (!op) continue;
      const params = [...shared, ...(op.parameters ?? []).map(resolve)];
      const success = Object.entries(op.responses ?? {})
        .filter(([status]) => status.startsWith('2'))
        .map(([, r]) => resolve(r));
      facts.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        secured: (op.security ?? globalSecurity).some((req) => Object.keys(req).length > 0),
        produces: [...new Set(success.flatMap((r) => Object.keys(r.content ?? {})))],
        takesBody: Boolean(op.requestBody),
        arrayQueryParams: new Set(
          params.filter((p) => p.in === 'query' && [p.schema?.type].flat().includes('array')).map((p) => p.name),
        ),
        cappedQueryParams: new Map(
          params.filter((p) => p.in === 'query' && CAPPED.has(p.name) && p.schema?.maximum !== undefined).map((p) => [p.name, p.schema!.maximum!]),
        ),
        headerParams: params.filter((p) => p.in === 'header').map((p) => p.name),
        validate(request) {
          const parts = { ...request, cookie: {} };
          let errors: ErrorObject[] | null = null;
          for (const check of validatorsOf(op.operationId)) {
            if (!check(parts)) errors = [...(errors ?? []), ...(check.errors ?? [])];
          }
          return errors;
        },
      });
    }
  }
  return facts;
}
