import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// codegen's client preset resolves graphql(`...`) through one map holding every document of the
// app, keyed by its full source text: each chunk that calls graphql() ships all of them. This does
// at build time what the preset's babel/swc plugin would: point each call at its own generated
// constant, so a chunk only carries the documents it uses.
const GQL_MODULE = '@lumen/schema/generated/gql';
const DOCUMENTS_MODULE = '@lumen/schema/generated/graphql';
const DOCUMENTS_FILE = fileURLToPath(
  new URL('../../../packages/schema/src/generated/graphql.ts', import.meta.url),
);
const NAMESPACE = '__lumenDocuments';

const IMPORT = /import\s*\{\s*graphql\s*\}\s*from\s*['"]@lumen\/schema\/generated\/gql['"];?/;
const CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
const DEFINITION = /^\s*(query|mutation|subscription|fragment)\s+([A-Za-z_][A-Za-z0-9_]*)/;

/** The name codegen gives a document's constant: `QuickScoreDocument`, `...FragmentDoc`. */
export function documentExportName(source: string): string {
  const match = DEFINITION.exec(source);
  if (!match) throw new Error(`graphql() source without a named definition: ${source.trim()}`);
  const [, kind, name] = match;
  return kind === 'fragment' ? `${name}FragmentDoc` : `${name}Document`;
}

/** Rewrites a module's graphql(`...`) calls; null when it has none. */
export function rewriteGraphqlCalls(code: string, exported: ReadonlySet<string>): string | null {
  if (!code.includes(GQL_MODULE)) return null;
  if (!IMPORT.test(code)) throw new Error(`unexpected import of ${GQL_MODULE}`);
  const rewritten = code
    .replace(IMPORT, `import * as ${NAMESPACE} from '${DOCUMENTS_MODULE}';`)
    .replace(CALL, (_call, source: string) => {
      const name = documentExportName(source);
      if (!exported.has(name)) {
        throw new Error(`${name} is not generated: run npm run codegen -w @lumen/schema`);
      }
      // Keep the line count so the sourcemap of the rest of the file stays right.
      return `${NAMESPACE}.${name}${'\n'.repeat(source.split('\n').length - 1)}`;
    });
  if (/\bgraphql\(/.test(rewritten)) throw new Error('graphql() must be called with a template');
  return rewritten;
}

export function graphqlDocuments(): Plugin {
  let exported: ReadonlySet<string> | null = null;
  return {
    name: 'lumen:graphql-documents',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.tsx?$/.test(id)) return null;
      exported ??= new Set(
        Array.from(readFileSync(DOCUMENTS_FILE, 'utf8').matchAll(/^export const (\w+)/gm), (m) =>
          String(m[1]),
        ),
      );
      const rewritten = rewriteGraphqlCalls(code, exported);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
