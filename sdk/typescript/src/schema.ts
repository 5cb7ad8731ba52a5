// Source-tree link to the REST contract types. The SDK's REST types are exactly the generated
// `paths`/`components`/`operations` of contracts/openapi/v1.yaml; the package build
// (scripts/sdk/typescript.ts) replaces this file with a copy of generated/openapi/v1/schema.ts so
// the published package is self-contained.
export type * from '../../../generated/openapi/v1/schema.js';
