/** Contract types of REST v1, named for handler use. */
import type { components } from '../../../../generated/openapi/v1/schema.js';
import type { OperationHandler, OperationId } from '../../../../generated/openapi/v1/operations.js';
import type { RestContext } from '../../context.js';

export type Schemas = components['schemas'];

/** A v1 handler for operation K, typed by the contract. */
export type RestHandler<K extends OperationId> = OperationHandler<K, RestContext>;
