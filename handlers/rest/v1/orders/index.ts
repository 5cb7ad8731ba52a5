/** The Orders handlers of REST v1, keyed by operationId, for spreading into the v1 table. */
import type { OperationHandlers } from '../../../../generated/openapi/v1/operations.js';
import type { RestContext } from '../../context.js';
import { CancelOrder } from './CancelOrder.js';
import { ConfirmOrder } from './ConfirmOrder.js';
import { CreateOrder } from './CreateOrder.js';
import { DeleteOrder } from './DeleteOrder.js';
import { GetOrder } from './GetOrder.js';
import { ListOrders } from './ListOrders.js';
import { ReplaceOrder } from './ReplaceOrder.js';
import { SearchOrders } from './SearchOrders.js';
import { UpdateOrder } from './UpdateOrder.js';

export const ordersHandlers = {
  ListOrders,
  CreateOrder,
  GetOrder,
  ReplaceOrder,
  UpdateOrder,
  DeleteOrder,
  SearchOrders,
  ConfirmOrder,
  CancelOrder,
} satisfies Partial<OperationHandlers<RestContext>>;
