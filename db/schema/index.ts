/** The whole Drizzle schema, one file per domain. drizzle-kit reads this to generate migrations. */
export * from './users.js';
export * from './accounts.js';
export * from './payments.js';
export * from './orders.js';
export * from './reports.js';
export * from './jobs.js';
