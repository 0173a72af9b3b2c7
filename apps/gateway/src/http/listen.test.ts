import { describe, expect, it } from 'vitest';
import { listenHost } from './listen';

describe('listen host', () => {
  it.each([
    [{}, '127.0.0.1'],
    [{ PUBLIC_URL: 'http://localhost:4000' }, '127.0.0.1'],
    [{ PUBLIC_URL: 'http://127.0.0.1:4000' }, '127.0.0.1'],
    [{ PUBLIC_URL: 'https://lumen.example.com' }, '0.0.0.0'],
    [{ HOST: '0.0.0.0' }, '0.0.0.0'],
    [{ HOST: '192.168.1.20', PUBLIC_URL: 'http://localhost:4000' }, '192.168.1.20'],
  ])('%o → %s', (env, host) => {
    expect(listenHost(env)).toBe(host);
  });
});
