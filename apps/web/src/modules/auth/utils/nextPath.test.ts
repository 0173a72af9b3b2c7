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
    // The browser drops tabs and newlines and reads backslashes as slashes.
    ['/\t/evil.example', '/dashboard'],
    ['/\n/evil.example/x', '/dashboard'],
    ['/\\/evil.example', '/dashboard'],
    ['/%2F/evil.example', '/%2F/evil.example'],
  ])('%j → %j', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });
});
