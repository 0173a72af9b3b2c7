import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

const exclude = ['**/node_modules/**', '**/dist/**', '**/.data/**'];

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
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{apps,packages,scripts}/**/*.integration.test.ts'],
          exclude,
          globalSetup: ['./scripts/test/integration-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          exclude,
          globalSetup: ['./scripts/test/e2e-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll waits for a condition; its 1 s default is load, not behaviour.
          expect: { poll: { timeout: 30_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
