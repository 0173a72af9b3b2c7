import { describe, expect, it } from 'vitest';
import { safeNextPath } from './nextPath';

describe('safeNextPath', () => {
  it.each([
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['/campaigns/1/edit', '/campaigns/1/edit'],
    ['/analytics?range=30d#top', '/analytics?range=30d#top'],
    ['https://evil.example', '/dashboard'],
    ['//evil.example/path', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/login', '/dashboard'],
    ['/login?next=/x', '/dashboard'],
    ['/signup', '/dashboard'],
    ['/auth/callback?code=1', '/dashboard'],
    ['/loginx', '/loginx'],
  ])('%j → %j', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });
});
