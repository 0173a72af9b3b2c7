import { fileURLToPath } from 'node:url';
import type { CodegenConfig } from '@graphql-codegen/cli';

const root = fileURLToPath(new URL('../../', import.meta.url));

export const schemaPath = `${root}packages/schema/schema.graphql`;
export const documentsGlob = `${root}apps/web/src/**/*.{ts,tsx}`;
export const generatedDir = `${root}packages/schema/src/generated/`;

/** The web's typed documents; the drift test calls this with a temporary output folder. */
export function createCodegenConfig(outputDir: string = generatedDir): CodegenConfig {
  return {
    schema: schemaPath,
    documents: [documentsGlob, `!${root}apps/web/src/**/*.test.{ts,tsx}`],
    ignoreNoDocuments: true,
    generates: {
      [outputDir]: {
        preset: 'client',
        presetConfig: { fragmentMasking: false },
        config: {
          useTypeImports: true,
          enumsAsTypes: true,
          skipTypename: false,
          avoidOptionals: { field: true, inputValue: false, object: true },
          scalars: { DateTime: 'string', Date: 'string' },
        },
      },
    },
  };
}

export default createCodegenConfig();
