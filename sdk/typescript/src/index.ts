/**
 * @concord/sdk — TypeScript client for the Concord API.
 *  - `createConcordClient` → `{ rest, graphql }`: REST typed by the OpenAPI contract (openapi-fetch),
 *    GraphQL typed by the SDK's operations (persisted queries).
 *  - `unwrap` and the `ConcordApiError` family for REST errors; `paginate` for cursor collections;
 *    `waitForReport` for report jobs.
 *  - The operations' documents and result types (`MeDocument`, `MeQuery`, …) and the contract's
 *    types (`components['schemas']['User']`, …).
 */
export * from './client.js';
export * from './errors.js';
export * from './graphql.js';
export * from './paginate.js';
export * from './report-jobs.js';
export * from './retry.js';
export { parseRetryAfter, sleep, type Sleep } from './sleep.js';
export type { paths, components, operations } from './schema.js';
export * from './graphql/graphql.js';
