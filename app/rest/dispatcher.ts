/**
 * Mounts every operation of a REST contract on Hono. One route per operation (Hono's router does the
 * matching), then a fixed pipeline: Accept (406) → contract security (401/403) → JSON body (400/415)
 * → openapi-backend validation (400 with details) → the operation's handler → response.
 * Unknown methods on a known path are 405 with `Allow`; handlers never see an invalid request.
 */
import type { Context, Hono } from 'hono';
import type { OperationHandlers, OperationId } from '../../generated/openapi/v1/operations.js';
import type { AppEnv } from '../context.js';
import { HttpError } from '../http-error.js';
import type { OperationFacts, RequestParts, RestContract } from './contract.js';
import { negotiate } from './negotiation.js';
import { validationDetails } from './validation-details.js';

type ErasedHandler<Ctx> = (
  input: { params: unknown; query: unknown; headers: Record<string, string>; body: unknown },
  ctx: Ctx,
) => Promise<{ status: number; body: unknown; headers?: Record<string, string> }>;

const JSON_TYPE = /^application\/(.+\+)?json$/;

const honoPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');

function contentTypeOf(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

async function readJsonBody(c: Context, facts: OperationFacts): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  const type = contentTypeOf(c);
  if (!JSON_TYPE.test(type)) {
    throw new HttpError(415, `Unsupported Content-Type '${type || '(none)'}' for ${facts.operationId}; send application/json`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `Malformed JSON body: ${(err as Error).message}`, { details: [{ field: 'body', message: 'is not valid JSON' }] });
  }
}

function readQuery(c: Context, facts: OperationFacts): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (facts.arrayQueryParams.has(name)) {
      query[name] = values;
      continue;
    }
    let value = values[0]!;
    const cap = facts.cappedQueryParams.get(name);
    if (cap !== undefined && /^\d+$/.test(value) && Number(value) > cap) value = String(cap);
    query[name] = value;
  }
  return query;
}

/**
 * The operation's header parameters, by their lower-case names (as the validator sees them) and by
 * their contract names (as handlers see them). Read one by one: asking for all headers would make
 * the Node adapter build a full `Headers` object.
 */
function readHeaderParams(c: Context, names: readonly string[]): { lower: Record<string, string>; named: Record<string, string> } {
  const lower: Record<string, string> = {};
  const named: Record<string, string> = {};
  for (const name of names) {
    const value = c.req.header(name);
    if (value === undefined) continue;
    lower[name.toLowerCase()] = value;
    named[name] = value;
  }
  return { lower, named };
}

function send(c: Context, status: number, mediaType: string | undefined, body: unknown, headers: Record<string, string> = {}): Response {
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  if (status === 204 || body === undefined) return c.body(null, status as 204);
  // Text or bytes are the representation itself, whatever the media type (a stored JSON file too).
  const raw = typeof body === 'string' || body instanceof ReadableStream || body instanceof Uint8Array;
  if (!raw && (!mediaType || JSON_TYPE.test(mediaType.split(';')[0]!))) return c.json(body as object, status as 200);
  c.header('Content-Type', mediaType);
  return c.body(body as string | ReadableStream | Uint8Array<ArrayBuffer>, status as 200);
}

function ensureAuthorized(c: Context<AppEnv>): void {
  const auth = c.get('auth');
  if (auth.status === 'authenticated') return;
  if (auth.status === 'blocked') throw new HttpError(403, auth.reason);
  const error = auth.status === 'invalid' ? ', error="invalid_token"' : '';
  throw new HttpError(401, auth.reason, { headers: { 'WWW-Authenticate': `Bearer realm="concord"${error}` } });
}

/**
 * Registers the contract's operations on `app` (the handler table's type requires every one).
 * @param context builds what each handler receives from the Hono context
 */
export function mountOperations<Ctx>(
  app: Hono<AppEnv>,
  contract: RestContract,
  handlers: OperationHandlers<Ctx>,
  context: (c: Context<AppEnv>) => Ctx,
): void {
  const methodsByPath = new Map<string, string[]>();
  for (const facts of contract.operations) {
    methodsByPath.set(facts.path, [...(methodsByPath.get(facts.path) ?? []), facts.method]);
    // Erased to one shape here; each table entry was type-checked against its own operation.
    const handler = handlers[facts.operationId as OperationId] as unknown as ErasedHandler<Ctx>;

    app.on(facts.method, honoPath(facts.path), async (c) => {
      const mediaType = negotiate(c.req.header('accept'), facts.produces.length ? facts.produces : ['application/json']);
      if (!mediaType) {
        throw new HttpError(406, `Cannot produce '${c.req.header('accept')}'; supported media types: ${facts.produces.join(', ')}`);
      }
      if (facts.secured) ensureAuthorized(c);

      const body = facts.takesBody ? await readJsonBody(c, facts) : undefined;
      const headers = readHeaderParams(c, facts.headerParams);
      const request: RequestParts = { path: { ...c.req.param() }, query: readQuery(c, facts), header: headers.lower };
      if (body !== undefined) request.requestBody = body;
      const errors = facts.validate(request);
      if (errors) {
        const details = validationDetails(errors, facts.headerParams);
        throw new HttpError(400, `Request validation failed: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, { details });
      }
      const result = await handler(
        {
          params: request.path,
          query: request.query,
          headers: headers.named,
          body,
        },
        context(c),
      );
      // A resource that exists in one media type only (a report is CSV or JSON) is answered in
      // that type: the handler names it in Content-Type, and the client must accept it.
      const own = result.headers?.['Content-Type'];
      if (own && !negotiate(c.req.header('accept'), [own.split(';')[0]!.trim()])) {
        throw new HttpError(406, `Cannot produce '${c.req.header('accept')}'; this resource is available as ${own.split(';')[0]!.trim()} only`);
      }
      return send(c, result.status, own ?? mediaType, result.body, result.headers);
    });
  }
  for (const [path, methods] of methodsByPath) {
    app.all(honoPath(path), (c) => {
      const allow = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
      throw new HttpError(405, `Method ${c.req.method} is not allowed on ${path}; allowed: ${allow.join(', ')}`, {
        headers: { Allow: allow.join(', ') },
      });
    });
  }
}
