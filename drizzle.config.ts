import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations for schema changes into db/migrations (committed). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  casing: 'snake_case',
});
