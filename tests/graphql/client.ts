/** A minimal GraphQL-over-HTTP caller for tests: straight into `app.fetch`, no server. */
import type { TestService } from '../support/test-service.js';

export interface GraphQLError {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown> & { code?: string };
}

export interface GraphQLResponse<D = Record<string, any>> {
  status: number;
  headers: Headers;
  data?: D | null;
  errors?: GraphQLError[];
  extensions?: Record<string, unknown>;
}

export interface CallOptions {
  token?: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  extensions?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Default `application/json`. */
  accept?: string;
}

/** POSTs one operation (or a raw body object) to /graphql. */
export async function postGraphQL<D = Record<string, any>>(t: TestService, query: string | undefined, options: CallOptions = {}): Promise<GraphQLResponse<D>> {
  const body = { query, variables: options.variables, operationName: options.operationName, extensions: options.extensions };
  const res = await send(t, 'POST', JSON.stringify(body), options);
  return { status: res.status, headers: res.headers, ...(await res.json()) };
}

/** Sends any body with any method to /graphql and returns the raw response. */
export async function send(t: TestService, method: string, body: string | undefined, options: Omit<CallOptions, 'variables'> = {}, search = ''): Promise<Response> {
  const headers = new Headers({ accept: options.accept ?? 'application/json', ...options.headers });
  if (body !== undefined) headers.set('content-type', 'application/json');
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  return t.service.app.fetch(new Request(`http://concord.test/graphql${search}`, { method, headers, body }));
}

/** A bound caller for one test service: `gql(query, { token })`. */
export function graphqlClient(t: TestService) {
  return <D = Record<string, any>>(query: string, options: CallOptions = {}) => postGraphQL<D>(t, query, options);
}

/** The codes of a response's errors, in order. */
export const codes = (r: GraphQLResponse) => (r.errors ?? []).map((e) => e.extensions?.code);
