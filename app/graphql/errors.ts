/**
 * GraphQL errors leave in the SPEC §7.2 shape: domain errors from resolvers gain their
 * `extensions.code` (and `timestamp`, `resource`/`id`…) through app/error-mapper.ts; syntax,
 * validation and variable errors get BAD_USER_INPUT; anything unexpected is logged with the
 * request id and replaced by a generic INTERNAL_SERVER_ERROR (yoga's masking stays on behind this
 * as a safety net).
 */
import { handleStreamOrSingleExecutionResult } from '@envelop/core';
// `graphql/index.js`: the same (CommonJS) build yoga and graphql-tools load; under vitest a bare
// `graphql` resolves to the ESM build, a second realm (see README, GraphQL).
import { GraphQLError, type ExecutionResult } from 'graphql/index.js';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from '../../handlers/graphql/context.js';
import { internalGraphQLError, toGraphQLError } from '../error-mapper.js';
import type { Logger } from '../logger.js';

/** Maps every error of a result; unexpected ones are logged and masked. */
export function mapResultErrors<T extends ExecutionResult>(result: T, requestId: string, logger: Logger): T {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((error) => {
    const mapped = toGraphQLError(error);
    if (mapped) return mapped;
    logger.error({ err: error.originalError ?? error, requestId, path: error.path?.join('.') }, 'GraphQL operation failed');
    return internalGraphQLError(error, requestId);
  });
  return { ...result, errors };
}

const withDefaultCode = (error: Error): Error => (error instanceof GraphQLError ? (toGraphQLError(error) ?? error) : error);

/** The yoga plugin. */
export function useGraphQLErrors(logger: Logger): Plugin<GraphQLContext> {
  const mapping = (context: GraphQLContext) => (payload: { result: ExecutionResult; setResult(r: ExecutionResult): void }) =>
    payload.setResult(mapResultErrors(payload.result, context.requestId, logger));
  return {
    onParse() {
      return ({ result, replaceParseResult }) => {
        if (result instanceof GraphQLError) replaceParseResult(withDefaultCode(result));
      };
    },
    onValidate() {
      return ({ result, setResult }) => {
        if (result.length) setResult(result.map(withDefaultCode));
      };
    },
    onExecute({ args }) {
      return { onExecuteDone: (payload) => handleStreamOrSingleExecutionResult(payload, mapping(args.contextValue)) };
    },
    onSubscribe({ args }) {
      return {
        onSubscribeResult: (payload) => handleStreamOrSingleExecutionResult(payload, mapping(args.contextValue)),
      };
    },
  };
}
