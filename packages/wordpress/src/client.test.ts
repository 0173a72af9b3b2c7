import { describe, expect, it } from 'vitest';
import { routeUrl, verifySite } from './client';
import { WordPressError } from './wordpress-error';

const credentials = (url: string) => ({
  url,
  username: 'editor',
  applicationPassword: 'abcdEFGH1234ijklMNOP5678',
});

// The safeFetch table (docs/security.md): hostile site addresses are refused before any
// connection is made, as BLOCKED_URL on the url field.
describe('hostile site addresses', () => {
  it.each([
    'http://127.0.0.1',
    'http://localhost',
    'http://app.localhost',
    'http://10.0.0.8',
    'http://192.168.1.1',
    'http://172.16.0.1',
    'http://169.254.169.254',
    'http://[::1]',
    'http://[fd00::1]',
    'http://[::ffff:127.0.0.1]',
    'http://0x7f000001',
    'http://2130706433',
    'http://0',
    'https://example.com:8443',
    'ftp://example.com',
  ])('%s', async (url) => {
    const error = await verifySite(credentials(url)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WordPressError);
    expect(error).toMatchObject({ kind: 'BLOCKED_URL', field: 'url' });
  });

  it.each([
    ['a name that resolves to a private address', [{ address: '10.1.2.3', family: 4 as const }]],
    [
      'a name with one public and one loopback address',
      [
        { address: '93.184.216.34', family: 4 as const },
        { address: '127.0.0.1', family: 4 as const },
      ],
    ],
  ])('%s', async (_label, addresses) => {
    const error = await verifySite(credentials('https://blog.example.com'), {
      resolve: async () => addresses,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'BLOCKED_URL', field: 'url' });
  });
});

describe('routeUrl', () => {
  it.each([
    [
      'https://example.com/wp-json/',
      'wp/v2/users/me',
      'https://example.com/wp-json/wp/v2/users/me?context=edit',
    ],
    [
      'https://example.com/blog/wp-json/',
      'wp/v2/tags',
      'https://example.com/blog/wp-json/wp/v2/tags?context=edit',
    ],
    [
      'https://example.com/?rest_route=/',
      'wp/v2/users/me',
      'https://example.com/?rest_route=%2Fwp%2Fv2%2Fusers%2Fme&context=edit',
    ],
  ])('%s + %s', (root, route, expected) => {
    expect(routeUrl(root, route, { context: 'edit' })).toBe(expected);
  });
});
