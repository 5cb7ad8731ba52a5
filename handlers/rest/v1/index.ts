/**
 * The REST v1 handler table, keyed by operationId. Each handler lives in a file named after its
 * operation under the resource it belongs to.
 */
import type { OperationHandlers } from '../../../generated/openapi/v1/operations.js';
import type { RestContext } from '../context.js';
import { CreateAccount } from './accounts/CreateAccount.js';
import { GetAccount } from './accounts/GetAccount.js';
import { ListAccounts } from './accounts/ListAccounts.js';
import { ListAccountTransactions } from './accounts/ListAccountTransactions.js';
import { GetHealth } from './meta/GetHealth.js';
import { GetOpenApiDocument } from './meta/GetOpenApiDocument.js';
import { GetOpenApiDocumentYaml } from './meta/GetOpenApiDocumentYaml.js';
import { GetReadiness } from './meta/GetReadiness.js';
import { ordersHandlers } from './orders/index.js';
import { CreatePayment } from './payments/CreatePayment.js';
import { GetPayment } from './payments/GetPayment.js';
import { reportsHandlers } from './reports/index.js';
import { CreateUser } from './users/CreateUser.js';
import { DeleteUser } from './users/DeleteUser.js';
import { GetUser } from './users/GetUser.js';
import { ListUsers } from './users/ListUsers.js';
import { ReplaceUser } from './users/ReplaceUser.js';
import { SearchUsers } from './users/SearchUsers.js';
import { UpdateUser } from './users/UpdateUser.js';

export const restV1Handlers = {
  GetHealth,
  GetReadiness,
  GetOpenApiDocument,
  GetOpenApiDocumentYaml,
  ListUsers,
  CreateUser,
  GetUser,
  ReplaceUser,
  UpdateUser,
  DeleteUser,
  SearchUsers,
  ListAccounts,
  CreateAccount,
  GetAccount,
  ListAccountTransactions,
  CreatePayment,
  GetPayment,
  ...ordersHandlers,
  ...reportsHandlers,
} satisfies OperationHandlers<RestContext>;
