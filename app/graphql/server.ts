/**
 * The GraphQL-over-HTTP server (graphql-yoga) for `/graphql`: the executable schema, one context
 * per operation, and the plugins in the order they act: rate limit → persisted queries → parser
 * limits (graphql-armor: tokens, directives) → depth and cost ceilings → error mapping.
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { GraphQLSchema } from 'graphql';
import { createYoga, type YogaLogger } from 'graphql-yoga';
import type { Core } from '../../core/index.js';
import { createGraphQLContext, type GraphQLAuth, type GraphQLContext } from '../../handlers/graphql/context.js';
import type { Logger } from '../logger.js';
import { useGraphQLErrors } from './errors.js';
import { renderGraphiQL } from './graphiql.js';
import { useOperationLimits, type OperationLimits } from './limits.js';
import { usePersistedQueries, type PersistedQueriesOptions } from './persisted-queries.js';
import { useGraphQLRateLimit, type GraphQLRateLimit } from './rate-limit.js';
import { createExecutableSchema } from './schema.js';

export const GRAPHQL_PATH = '/graphql';

export interface GraphQLServerOptions {
  core: Core;
  logger: Logger;
  limits: OperationLimits;
  persistedQueries: PersistedQueriesOptions;
  /** Default: `createExecutableSchema()`. */
  schema?: GraphQLSchema;
  /** Most operations in one batched request (default 10). */
  batchLimit?: number;
}

/** What the HTTP route passes to yoga for each request. */
export interface GraphQLServerContext {
  auth: GraphQLAuth;
  requestId: string;
  rateLimit?: GraphQLRateLimit;
}

function yogaLogger(logger: Logger): YogaLogger {
  const log = (level: 'debug' | 'info' | 'warn' | 'error') => (...args: unknown[]) => {
    const [first, ...rest] = args;
    if (first instanceof Error) logger[level]({ err: first, details: rest.length ? rest : undefined }, 'graphql-yoga');
    else logger[level]({ details: args }, 'graphql-yoga');
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

/**
 * Creates the server; call `fetch(request, serverContext)` on it.
 * @example const yoga = createGraphQLServer({ core, logger, limits, persistedQueries: { mode: 'apq' } });
 */
export function createGraphQLServer(options: GraphQLServerOptions) {
  const { core, logger } = options;
  return createYoga<GraphQLServerContext, GraphQLContext>({
    schema: options.schema ?? createExecutableSchema(),
    graphqlEndpoint: GRAPHQL_PATH,
    context: ({ auth, requestId }) => createGraphQLContext({ core, auth, requestId }),
    plugins: [
      useGraphQLRateLimit(),
      usePersistedQueries(options.persistedQueries),
      EnvelopArmorPlugin({
        maxTokens: { n: 5000 },
        maxDirectives: { n: 50 },
        // Depth and cost are ours (limits.ts: SPEC's cost model, variables, exact messages);
        // aliases are costed there; field suggestions stay (the schema is public anyway).
        maxDepth: { enabled: false },
        costLimit: { enabled: false },
        maxAliases: { enabled: false },
        blockFieldSuggestion: { enabled: false },
      }),
      useOperationLimits(options.limits),
      useGraphQLErrors(logger),
    ],
    graphiql: { title: 'Concord GraphQL', subscriptionsProtocol: 'WS' },
    renderGraphiQL,
    landingPage: false,
    cors: false,
    multipart: false,
    batching: { limit: options.batchLimit ?? 10 },
    // The app's bodyLimit middleware already caps request bodies (BODY_LIMIT_BYTES, 413).
    maxRequestBodySize: false,
    logging: yogaLogger(logger.child({ component: 'graphql' })),
  });
}

export type GraphQLServer = ReturnType<typeof createGraphQLServer>;
