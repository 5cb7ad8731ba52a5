/**
 * Fan-out of committed domain events to in-process subscribers.
 *
 * Each instance LISTENs once on the events channel; a notification is parsed once and pushed to
 * the subscribers of the accounts it concerns. Delivery never awaits a subscriber: each has its own
 * bounded queue, so a slow or dead client cannot delay the others; a subscriber whose queue
 * overflows is ended with an error (its client must resubscribe and resync) rather than silently
 * losing events. NOTIFY is not durable: events published while the listener's connection is being
 * re-established are not delivered, which is logged.
 */
import type { DatabaseHandle } from '../../db/client.js';
import { EVENTS_CHANNEL, type DomainEvent } from './domain-events.js';

export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

export interface EventBusLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Thrown into a subscription whose consumer fell too far behind. */
export class SubscriberOverflowError extends Error {
  constructor(limit: number) {
    super(`Subscription closed: more than ${limit} events were waiting for this client; resubscribe and refetch`);
    this.name = 'SubscriberOverflowError';
  }
}

interface Subscriber {
  queue: DomainEvent[];
  wake?: () => void;
  error?: Error;
  done: boolean;
}

const keyOf = (type: EventType, accountId: string) => `${type}:${accountId}`;

function accountsOf(event: DomainEvent): string[] {
  return event.type === 'transaction.created' ? event.accountIds : [event.accountId];
}

/**
 * Starts listening and returns the bus.
 * @example const bus = await createEventBus(database, logger); for await (const e of bus.subscribe('acc_…', 'balance.updated')) …
 */
export async function createEventBus(database: Pick<DatabaseHandle, 'listen'>, logger: EventBusLogger, maxQueue = 1000) {
  const subscribers = new Map<string, Set<Subscriber>>();
  let listens = 0;

  function end(sub: Subscriber, error?: Error): void {
    sub.done = true;
    sub.error ??= error;
    sub.wake?.();
  }

  function dispatch(payload: string): void {
    let event: DomainEvent;
    try {
      event = JSON.parse(payload) as DomainEvent;
    } catch {
      logger.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed event notification');
      return;
    }
    for (const accountId of accountsOf(event)) {
      for (const sub of subscribers.get(keyOf(event.type, accountId)) ?? []) {
        if (sub.done) continue;
        if (sub.queue.length >= maxQueue) {
          end(sub, new SubscriberOverflowError(maxQueue));
          continue;
        }
        sub.queue.push(event);
        sub.wake?.();
      }
    }
  }

  const unlisten = await database.listen(EVENTS_CHANNEL, dispatch, () => {
    if (++listens > 1) logger.warn({ channel: EVENTS_CHANNEL }, 'event listener reconnected; events published while it was down were not delivered');
  });

  return {
    /** Events of `type` for one account, as an async iterator; `return()` unsubscribes. */
    subscribe<T extends EventType>(accountId: string, type: T): AsyncIterableIterator<EventOf<T>> {
      const key = keyOf(type, accountId);
      const sub: Subscriber = { queue: [], done: false };
      const set = subscribers.get(key) ?? new Set();
      set.add(sub);
      subscribers.set(key, set);
      const remove = () => {
        set.delete(sub);
        if (set.size === 0 && subscribers.get(key) === set) subscribers.delete(key);
      };
      const iterator: AsyncIterableIterator<EventOf<T>> = {
        async next() {
          for (;;) {
            const event = sub.queue.shift();
            if (event) return { value: event as EventOf<T>, done: false };
            if (sub.done) {
              remove();
              if (sub.error) throw sub.error;
              return { value: undefined, done: true };
            }
            await new Promise<void>((resolve) => (sub.wake = resolve));
            sub.wake = undefined;
          }
        },
        async return() {
          end(sub);
          sub.queue.length = 0;
          remove();
          return { value: undefined, done: true };
        },
        [Symbol.asyncIterator]() {
          return iterator;
        },
      };
      return iterator;
    },

    /** Subscribers of one account's events of one type. */
    subscribers(accountId: string, type: EventType): number {
      return subscribers.get(keyOf(type, accountId))?.size ?? 0;
    },

    /** Current subscriber and account counts (for leak checks and metrics). */
    stats(): { subscribers: number; keys: number } {
      let count = 0;
      for (const set of subscribers.values()) count += set.size;
      return { subscribers: count, keys: subscribers.size };
    },

    /** Stops listening and ends every subscription. */
    async close(): Promise<void> {
      await unlisten();
      for (const set of subscribers.values()) for (const sub of set) end(sub);
      subscribers.clear();
    },
  };
}

export type EventBus = Awaited<ReturnType<typeof createEventBus>>;
