/** The whole Drizzle schema, one file per domain. drizzle-kit reads this to generate migrations. */
export * from './users.js';
