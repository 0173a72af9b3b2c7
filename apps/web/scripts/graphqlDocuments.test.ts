import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { graphql } from '@lumen/schema/generated/gql';
import * as documents from '@lumen/schema/generated/graphql';
import { describe, expect, it } from 'vitest';
import { documentExportName, documentModule, rewriteGraphqlCalls } from './graphqlDocuments';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const byName = new Map<string, unknown>(Object.entries(documents));
const exported = new Set(byName.keys());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('graphqlDocuments build transform', () => {
  it('points every graphql() call of the web at the document graphql() returns', () => {
    const calls = sourceFiles(src).flatMap((file) =>
      Array.from(readFileSync(file, 'utf8').matchAll(/\bgraphql\(\s*`([^`]*)`\s*\)/g), (m) =>
        String(m[1]),
      ),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const source of calls) {
      const name = documentExportName(source);
      expect(byName.get(name), name).toBe(graphql(source));
    }
  });

  it('rewrites the import and the calls, keeping the line count', () => {
    const code = [
      "import { graphql } from '@lumen/schema/generated/gql';",
      'export const Q = graphql(`',
      '  query Viewer {',
      '    me { id }',
      '  }',
      '`);',
      'export const F = graphql(`fragment QuickScoreFields on QuickScore { id }`);',
    ].join('\n');
    const out = rewriteGraphqlCalls(code, exported);
    expect(out?.split('\n')[0]).toBe(
      "import { ViewerDocument as __lumenDocument_ViewerDocument } from 'virtual:lumen-document/ViewerDocument'; " +
        "import { QuickScoreFieldsFragmentDoc as __lumenDocument_QuickScoreFieldsFragmentDoc } from 'virtual:lumen-document/QuickScoreFieldsFragmentDoc';",
    );
    expect(out).toContain('export const Q = __lumenDocument_ViewerDocument');
    expect(out).toContain('export const F = __lumenDocument_QuickScoreFieldsFragmentDoc;');
    expect(out?.split('\n')).toHaveLength(code.split('\n').length);
    expect(out).not.toMatch(/\bgraphql\(/);
  });

  it('serves each generated document as its own module, equal to the generated constant', () => {
    const generated = readFileSync(
      fileURLToPath(new URL('../../../packages/schema/src/generated/graphql.ts', import.meta.url)),
      'utf8',
    );
    for (const name of ['ViewerDocument', 'QuickScoreFieldsFragmentDoc']) {
      const module = documentModule(generated, name);
      const prefix = `export const ${name} = `;
      expect(module.startsWith(prefix)).toBe(true);
      expect(JSON.parse(module.slice(prefix.length).trim().replace(/;$/, ''))).toEqual(
        byName.get(name),
      );
    }
    expect(() => documentModule(generated, 'NopeDocument')).toThrow(/not generated/);
  });

  it('leaves other modules alone and refuses what it cannot map', () => {
    expect(rewriteGraphqlCalls("import { x } from './y';", exported)).toBeNull();
    const unknown =
      "import { graphql } from '@lumen/schema/generated/gql';\ngraphql(`query Nope { a }`);";
    expect(() => rewriteGraphqlCalls(unknown, exported)).toThrow(/NopeDocument is not generated/);
    const dynamic = "import { graphql } from '@lumen/schema/generated/gql';\ngraphql(source);";
    expect(() => rewriteGraphqlCalls(dynamic, exported)).toThrow(/template/);
  });
});
