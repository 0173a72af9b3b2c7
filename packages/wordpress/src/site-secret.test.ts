import { randomBytes } from 'node:crypto';
import { createSecretBox, SecretError } from '@lumen/config/secrets';
import { describe, expect, it } from 'vitest';
import { openSitePassword, sealSitePassword } from './site-secret';

const box = createSecretBox(randomBytes(32));
const SITE = {
  siteId: 'f3b1c2d4-0000-4000-8000-000000000001',
  url: 'https://blog.example.com',
  username: 'editor',
};
const PASSWORD = 'abcd EFGH 1234 ijkl MNOP 5678';

describe('site passwords bound to origin and user', () => {
  const sealed = sealSitePassword(box, SITE, PASSWORD);

  it('opens for the site it was sealed for, on any path of that origin', () => {
    expect(openSitePassword(box, SITE, sealed)).toBe(PASSWORD);
    expect(
      openSitePassword(box, SITE, sealed, {
        url: 'https://blog.example.com/wp-json/',
        username: 'editor',
      }),
    ).toBe(PASSWORD);
  });

  it.each([
    ['another host', { url: 'https://probe.example.net', username: 'editor' }],
    ['plain http', { url: 'http://blog.example.com', username: 'editor' }],
    ['another port', { url: 'https://blog.example.com:8443', username: 'editor' }],
    ['another user', { url: 'https://blog.example.com', username: 'admin' }],
  ])('never opens for %s', (_label, target) => {
    expect(() => openSitePassword(box, SITE, sealed, target)).toThrow(SecretError);
  });

  it('does not open when the row says another origin or user than it was sealed for', () => {
    expect(() =>
      openSitePassword(box, { ...SITE, url: 'https://probe.example.net' }, sealed),
    ).toThrow(SecretError);
    expect(() => openSitePassword(box, { ...SITE, username: 'admin' }, sealed)).toThrow(
      SecretError,
    );
    expect(() => openSitePassword(box, { ...SITE, siteId: 'other' }, sealed)).toThrow(SecretError);
  });

  it('an envelope from before the binding opens for its stored site only', () => {
    const legacy = box.seal(PASSWORD, `wordpress-site:${SITE.siteId}`);
    expect(openSitePassword(box, SITE, legacy)).toBe(PASSWORD);
    expect(() =>
      openSitePassword(box, SITE, legacy, { url: 'https://probe.example.net', username: 'editor' }),
    ).toThrow(SecretError);
  });
});
