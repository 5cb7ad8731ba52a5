/** Core orders → contract `Order`. Money leaves as JSON numbers; `customerId` mirrors `userId`. */
import type { Order } from '../../../../core/orders/order.js';
import { toJsonNumber } from '../../../../core/shared/money.js';
import type { Schemas } from '../shared/types.js';

/** Maps an order to its REST representation. */
export function toOrderDto(o: Order): Schemas['Order'] {
  return {
    orderId: o.id,
    userId: o.userId,
    // Deprecated alias of userId (SPEC.md §9.5): same value while clients migrate.
    customerId: o.userId,
    items: o.items.map((i) => ({ productId: i.productId, quantity: i.quantity, unitPrice: toJsonNumber(i.unitPrice) })),
    total: toJsonNumber(o.total),
    currency: o.currency,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** Location of an order resource. */
export const orderLocation = (id: string) => `/api/v1/orders/${id}`;
