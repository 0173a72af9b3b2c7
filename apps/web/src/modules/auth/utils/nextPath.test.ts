import { describe, expect, it } from 'vitest';
import { safeNextPath, signedOutDestination } from './nextPath';

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

describe('signedOutDestination', () => {
  it.each([
    ['/', '', '/visibility/quick-score'],
    ['/', '?utm=x', '/visibility/quick-score'],
    ['/dashboard', '', '/login?next=%2Fdashboard'],
    ['/analytics', '?range=30d', '/login?next=%2Fanalytics%3Frange%3D30d'],
    ['/competitors', '#top', '/login?next=%2Fcompetitors%23top'],
    ['/invite/abc', '', '/signup?next=%2Finvite%2Fabc'],
  ])('%s%s → %s', (pathname, rest, expected) => {
    expect(signedOutDestination(pathname, rest)).toBe(expected);
  });
});
