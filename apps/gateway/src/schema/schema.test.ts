import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { printSchemaSDL } from '../print-sdl';
import { getSchema } from '../yoga';

describe('GraphQL schema', () => {
  it('matches the printed packages/schema/schema.graphql (run `npm run codegen` when it drifts)', () => {
    const file = fileURLToPath(
      new URL('../../../../packages/schema/schema.graphql', import.meta.url),
    );
    expect(readFileSync(file, 'utf8')).toBe(printSchemaSDL());
  });

  it('declares auth scopes on every root field (habit 3)', () => {
    const schema = getSchema();
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
    const unguarded: string[] = [];
    for (const root of roots) {
      if (!root) continue;
      for (const field of Object.values(root.getFields())) {
        const options = (field.extensions as { pothosOptions?: { authScopes?: unknown } })
          .pothosOptions;
        if (!options?.authScopes) unguarded.push(`${root.name}.${field.name}`);
      }
    }
    expect(unguarded).toEqual([]);
  });
});
