/**
 * Checks that a response is one the contract allows for its operation: a declared status, a body
 * matching the declared schema and the declared headers present. HTTP tests run every response
 * through this, so the contract and the implementation cannot drift apart unnoticed.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OperationFacts, RestContract } from '../../app/rest/contract.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const errorValidators = new WeakMap<RestContract, ValidateFunction>();

/** Validates bodies against the contract's shared Error schema (for paths no operation owns). */
function errorValidator(contract: RestContract): ValidateFunction {
  let validate = errorValidators.get(contract);
  if (!validate) {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema({ ...contract.document, $id: 'contract' } as object);
    validate = ajv.compile({ $ref: 'contract#/components/schemas/Error' });
    errorValidators.set(contract, validate);
  }
  return validate;
}

const JSON_TYPE = /^application\/(.+\+)?json/;

function templateRegex(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
}

type HeaderDecl = { required?: boolean; $ref?: string };

/** The headers a response object declares, with references resolved. */
function declaredHeaders(contract: RestContract, response: unknown): Record<string, HeaderDecl> {
  const resolve = <T>(node: T): T => {
    const ref = (node as { $ref?: string } | undefined)?.$ref;
    if (!ref) return node;
    return resolve(ref.slice(2).split('/').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], contract.document) as T);
  };
  const headers = (resolve(response) as { headers?: Record<string, HeaderDecl> } | undefined)?.headers ?? {};
  return Object.fromEntries(Object.entries(headers).map(([name, h]) => [name, resolve(h)]));
}

/** Finds the operation a concrete request path belongs to. */
export function findOperation(contract: RestContract, method: string, pathname: string): OperationFacts | undefined {
  const candidates = contract.operations.filter((o) => o.method === method.toUpperCase() && templateRegex(o.path).test(pathname));
  // The most specific template (fewest parameters) wins: /users/search over /users/{userId}.
  return candidates.sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))[0];
}

/**
 * Throws with a readable list of violations when `response` breaks the contract.
 * Requests to paths the contract does not know must answer with the shared Error schema.
 */
export async function assertResponseMatchesContract(contract: RestContract, method: string, url: string, response: Response): Promise<void> {
  const { pathname } = new URL(url, 'http://localhost');
  const op = findOperation(contract, method === 'HEAD' ? 'GET' : method, pathname);
  const problems: string[] = [];
  const type = response.headers.get('content-type') ?? '';
  const text = await response.clone().text();
  const body = JSON_TYPE.test(type) && text ? JSON.parse(text) : text || undefined;
  if (!response.headers.get('x-request-id')) problems.push('missing X-Request-Id header');

  if (!op) {
    if (response.status < 400) problems.push(`no operation for ${method} ${pathname} but status ${response.status}`);
    const validate = errorValidator(contract);
    if (!validate(body)) for (const e of validate.errors ?? []) problems.push(`error body${e.instancePath} ${e.message}`);
  } else {
    const document = contract.document as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      'x-common-responses'?: Record<string, unknown>;
    };
    // Responses any path may give (405, 410) are declared once at the root.
    const responses = { ...document['x-common-responses'], ...document.paths[op.path]![op.method.toLowerCase()]!.responses };
    if (!(String(response.status) in responses) && !('default' in responses)) {
      problems.push(`status ${response.status} is not declared for ${op.operationId} (declared: ${Object.keys(responses).join(', ')})`);
    } else if (method !== 'HEAD') {
      if (JSON_TYPE.test(type)) {
        const result = contract.validator.validateResponse(body, op.operationId, response.status);
        for (const e of result.errors ?? []) problems.push(`body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
      }
      for (const [name, header] of Object.entries(declaredHeaders(contract, responses[String(response.status)]))) {
        if (header.required && !response.headers.has(name)) problems.push(`missing required header ${name}`);
      }
    }
  }
  if (problems.length) {
    throw new Error(`Response to ${method} ${pathname} (${response.status}) breaks the contract:\n  - ${problems.join('\n  - ')}\nbody: ${text.slice(0, 500)}`);
  }
}
