import type { RestHandler } from '../shared/types.js';

/** GET /api/v1/openapi.yaml — the contract as committed. */
export const GetOpenApiDocumentYaml: RestHandler<'GetOpenApiDocumentYaml'> = async (_input, { system }) => ({
  status: 200,
  body: system.contract.yaml,
});
