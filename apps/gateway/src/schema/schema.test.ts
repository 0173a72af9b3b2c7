import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { authScopesOf, rootFields } from '../../test/root-fields';
import { printSchemaSDL } from '../print-sdl';

describe('GraphQL schema', () => {
  it('matches the printed packages/schema/schema.graphql (run `npm run codegen` when it drifts)', () => {
    const file = fileURLToPath(
      new URL('../../../../packages/schema/schema.graphql', import.meta.url),
    );
    expect(readFileSync(file, 'utf8')).toBe(printSchemaSDL());
  });

  it('declares exactly one known auth scope on every root field (habit 3)', () => {
    const known = new Set(['public', 'user', 'person', 'member', 'editor', 'owner']);
    const wrong: string[] = [];
    for (const { root, field } of rootFields()) {
      const scopes = authScopesOf(field);
      const names = scopes && typeof scopes === 'object' ? Object.keys(scopes) : [];
      const ok =
        names.length === 1 && known.has(names[0] ?? '') && Object.values(scopes ?? {})[0] === true;
      if (!ok) wrong.push(`${root}.${field.name}: ${JSON.stringify(scopes ?? null)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the bare `user` scope for fields that need no workspace (the person’s own account)', () => {
    // Anything acting in a workspace says which ability it needs: member, editor or owner. Only
    // the signed-in person's own account acts in none, and the agency view, which reads the
    // person's memberships (each checked for `member`), never the request's workspace.
    const userScoped = rootFields()
      .filter(({ field }) => Object.keys(authScopesOf(field) ?? {})[0] === 'user')
      .map(({ root, field }) => `${root}.${field.name}`);
    expect(userScoped.sort()).toEqual(
      [
        'Mutation.deleteAccount',
        'Mutation.updateProfile',
        'Query.agencyOverview',
        'Query.me',
      ].sort(),
    );
  });
});
