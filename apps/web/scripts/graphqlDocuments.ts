import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// codegen's client preset resolves graphql(`...`) through one map holding every document of the
// app, keyed by its full source text: each chunk that calls graphql() ships all of them. This does
// at build time what the preset's babel/swc plugin would: point each call at its own generated
// constant, so a chunk only carries the documents it uses. Each constant is served as its own
// virtual module: were they all imported from the one generated file, that module would sit in a
// single shared chunk holding every document any page uses, and the public quick-check route,
// which loads that chunk, would grow with every document of the signed-in app.
const GQL_MODULE = '@lumen/schema/generated/gql';
const VIRTUAL = 'virtual:lumen-document/';
const DOCUMENTS_FILE = fileURLToPath(
  new URL('../../../packages/schema/src/generated/graphql.ts', import.meta.url),
);
const LOCAL = '__lumenDocument_';

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
  const used = new Set<string>();
  const rewritten = code.replace(CALL, (_call, source: string) => {
    const name = documentExportName(source);
    if (!exported.has(name)) {
      throw new Error(`${name} is not generated: run npm run codegen -w @lumen/schema`);
    }
    used.add(name);
    // Keep the line count so the sourcemap of the rest of the file stays right.
    return `${LOCAL}${name}${'\n'.repeat(source.split('\n').length - 1)}`;
  });
  if (/\bgraphql\(/.test(rewritten)) throw new Error('graphql() must be called with a template');
  // All on the import's own line, for the same reason.
  const imports = Array.from(
    used,
    (name) => `import { ${name} as ${LOCAL}${name} } from '${VIRTUAL}${name}';`,
  ).join(' ');
  return rewritten.replace(IMPORT, imports);
}

/** The module of one generated document: its constant, without the TypeScript cast. */
export function documentModule(documentsSource: string, name: string): string {
  const match = new RegExp(`^export const ${name} = (.*) as unknown as DocumentNode<`, 'm').exec(
    documentsSource,
  );
  if (!match) throw new Error(`${name} is not generated: run npm run codegen -w @lumen/schema`);
  return `export const ${name} = ${match[1]};\n`;
}

export function graphqlDocuments(): Plugin {
  let source: string | null = null;
  let exported: ReadonlySet<string> | null = null;
  const documents = () => {
    source ??= readFileSync(DOCUMENTS_FILE, 'utf8');
    exported ??= new Set(Array.from(source.matchAll(/^export const (\w+)/gm), (m) => String(m[1])));
    return { source, exported };
  };
  return {
    name: 'lumen:graphql-documents',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      return documentModule(documents().source, id.slice(VIRTUAL.length + 1));
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || id.startsWith('\0') || !/\.tsx?$/.test(id)) return null;
      const rewritten = rewriteGraphqlCalls(code, documents().exported);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
