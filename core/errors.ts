/**
 * Domain errors: the only failures the core throws on purpose. They carry no HTTP or GraphQL
 * knowledge; `app/error-mapper.ts` is the one place that turns them into REST statuses and
 * GraphQL errors / userErrors.
 */

/** A problem with one input field, addressed by its path (`items[0].quantity`). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Base class of every intentional failure of the core. */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
}

export type DomainErrorKind =
  | 'INVALID'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'FORBIDDEN'
  | 'UNAUTHENTICATED'
  | 'BUSINESS_RULE'
  | 'INSUFFICIENT_FUNDS'
  | 'UNAVAILABLE';

/** Input that is well-formed but not acceptable (unknown sort field, bad cursor, too many fraction digits). */
export class InvalidInputError extends DomainError {
  readonly kind = 'INVALID';
  constructor(
    message: string,
    readonly problems: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'InvalidInputError';
  }

  /** Shorthand for a single-field problem whose message is also the error message. */
  static field(field: string, message: string): InvalidInputError {
    return new InvalidInputError(`${field}: ${message}`, [{ field, message }]);
  }
}

/** The resource does not exist, or exists but is hidden from the caller (ownership). */
export class NotFoundError extends DomainError {
  readonly kind = 'NOT_FOUND';
  constructor(
    readonly resource: string,
    readonly id: string,
  ) {
    super(`${resource} ${id} not found`);
    this.name = 'NotFoundError';
  }
}

/** The request conflicts with the current state (duplicate, illegal transition, key reuse). */
export class ConflictError extends DomainError {
  readonly kind = 'CONFLICT';
  constructor(
    message: string,
    readonly title = 'Conflict',
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** The caller is known but lacks the role or relationship the operation needs. */
export class ForbiddenError extends DomainError {
  readonly kind = 'FORBIDDEN';
  constructor(message = 'Insufficient permissions') {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/** The operation needs an authenticated caller and there is none. */
export class UnauthenticatedError extends DomainError {
  readonly kind = 'UNAUTHENTICATED';
  constructor(message = 'Authentication required') {
    super(message);
    this.name = 'UnauthenticatedError';
  }
}

/** The input is valid but a business rule refuses it (closed account, currency mismatch). */
export class BusinessRuleError extends DomainError {
  readonly kind: 'BUSINESS_RULE' | 'INSUFFICIENT_FUNDS' = 'BUSINESS_RULE';
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'BusinessRuleError';
  }
}

/** The source balance is lower than the amount to move. */
export class InsufficientFundsError extends BusinessRuleError {
  override readonly kind = 'INSUFFICIENT_FUNDS';
  constructor(message = 'Insufficient funds', field = 'amount') {
    super(message, field);
    this.name = 'InsufficientFundsError';
  }
}

/** A dependency the operation needs (the database) does not answer; retrying later may succeed. */
export class UnavailableError extends DomainError {
  readonly kind = 'UNAVAILABLE';
  constructor(message: string) {
    super(message);
    this.name = 'UnavailableError';
  }
}

/** Why one input of an operation was refused; several may be reported together. */
export interface Violation {
  field: string;
  message: string;
  kind: Exclude<DomainErrorKind, 'UNAUTHENTICATED' | 'UNAVAILABLE'>;
}

/** Precedence when several violations must be answered with one REST status. */
const PRECEDENCE: Violation['kind'][] = ['INVALID', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'BUSINESS_RULE', 'INSUFFICIENT_FUNDS'];

/**
 * Every reason an operation was refused, collected before anything executed (GraphQL reports
 * them all as userErrors; REST answers the most fundamental one's status and lists all).
 */
export class RuleViolationError extends DomainError {
  readonly kind: Violation['kind'];
  constructor(readonly violations: Violation[]) {
    super(violations.map((v) => `${v.field}: ${v.message}`).join('; '));
    this.name = 'RuleViolationError';
    this.kind = PRECEDENCE.find((k) => violations.some((v) => v.kind === k)) ?? 'INVALID';
  }
}

/** Collects violations; `throwIfAny()` ends the validation phase of an operation. */
export class Violations {
  readonly list: Violation[] = [];
  add(field: string, kind: Violation['kind'], message: string): void {
    this.list.push({ field, kind, message });
  }
  /** Runs a check that throws a domain error and records it instead. */
  catch<T>(field: string, check: () => T): T | undefined {
    try {
      return check();
    } catch (err) {
      if (err instanceof InvalidInputError) this.add(field, 'INVALID', err.problems[0]?.message ?? err.message);
      else throw err;
      return undefined;
    }
  }
  get empty(): boolean {
    return this.list.length === 0;
  }
  throwIfAny(): void {
    if (this.list.length) throw new RuleViolationError(this.list);
  }
}
