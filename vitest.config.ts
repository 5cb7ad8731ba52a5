import { defineConfig } from 'vitest/config';

/**
 * Tiers live in folders: tests/unit (no I/O), tests/http (the app through the SDK, every response
 * checked against the contract), tests/graphql, tests/db (real PostgreSQL behaviour; skipped without
 * DATABASE_URL), tests/contracts (lint rules). Every file gets its own database.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
