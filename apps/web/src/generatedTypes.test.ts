import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { afterAll, describe, expect, it } from 'vitest';
import { createCodegenConfig, generatedDir } from '../../../packages/schema/codegen';

// CONVENTIONS habit 10: committed codegen output must match the printed schema and the web's
// documents. Fix a failure with `npm run codegen -w @lumen/schema`.
describe('generated GraphQL types', () => {
  let outDir = '';

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('are up to date with packages/schema/schema.graphql and apps/web documents', async () => {
    outDir = await mkdtemp(join(tmpdir(), 'lumen-codegen-'));
    await generate({ ...createCodegenConfig(`${outDir}/`), silent: true }, true);
    const fresh = (await readdir(outDir)).sort();
    const committed = (await readdir(generatedDir)).sort();
    expect(committed).toEqual(fresh);
    for (const file of fresh) {
      const [expected, actual] = await Promise.all([
        readFile(join(outDir, file), 'utf8'),
        readFile(join(generatedDir, file), 'utf8'),
      ]);
      expect(actual, `${file} is stale: run npm run codegen -w @lumen/schema`).toBe(expected);
    }
  }, 60_000);
});
