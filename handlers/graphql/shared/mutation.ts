/**
 * Runs a mutation's core operation and turns its validation and business-rule failures into
 * payload `userErrors` (SPEC §7.2.4): the core has collected all of them before executing
 * anything, and the payload's main field is null then. Other failures are thrown to `errors`.
 */
import { toUserErrors, type GraphQLUserError } from '../../../app/error-mapper.js';

export interface MutationOutcome<T> {
  value: T | null;
  userErrors: GraphQLUserError[];
}

/** @example const { value, userErrors } = await runMutation(() => core.accounts.close(actor, id)); */
export async function runMutation<T>(operation: () => Promise<T>): Promise<MutationOutcome<T>> {
  try {
    return { value: await operation(), userErrors: [] };
  } catch (err) {
    const userErrors = toUserErrors(err);
    if (!userErrors) throw err;
    return { value: null, userErrors };
  }
}
