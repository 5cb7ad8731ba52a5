import type { RestHandler } from '../shared/types.js';

/** GET /api/v1/openapi.json — the contract this version serves. */
export const GetOpenApiDocument: RestHandler<'GetOpenApiDocument'> = async (_input, { system }) => ({
  status: 200,
  body: system.contract.document as never,
});
