// Type-only placeholder: the GraphQL issue fills in the real request context.
export interface GraphQLContext {
  /** filled by the GraphQL issue */
  requestId: string;
}
