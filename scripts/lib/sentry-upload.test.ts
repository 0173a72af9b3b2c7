import { describe, expect, it } from 'vitest';
import { sourceMapUpload } from './sentry-upload';

const files = ['apps/gateway/dist/main.mjs', 'apps/gateway/dist/main.mjs.map'];

describe('source map upload (build:server)', () => {
  it('uploads only when both a DSN and an auth token are set', () => {
    expect(sourceMapUpload({}, 'lumen@1', files)).toBeNull();
    expect(
      sourceMapUpload({ SENTRY_DSN: 'https://k@o1.ingest.sentry.io/2' }, 'lumen@1', files),
    ).toBeNull();
    expect(sourceMapUpload({ SENTRY_AUTH_TOKEN: 'sntrys_x' }, 'lumen@1', files)).toBeNull();
    expect(
      sourceMapUpload(
        {
          SENTRY_DSN: 'https://k@o1.ingest.sentry.io/2',
          SENTRY_AUTH_TOKEN: 'sntrys_x',
          SENTRY_ORG: 'acme',
          SENTRY_PROJECT: 'lumen',
        },
        'lumen@1+abc',
        files,
      ),
    ).toEqual({
      authToken: 'sntrys_x',
      org: 'acme',
      project: 'lumen',
      url: undefined,
      release: 'lumen@1+abc',
      files,
    });
  });
});
