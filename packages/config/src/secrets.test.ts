import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';
import { createSecretBox, loadSecretBox, parseKey, SecretError } from './secrets';

const key = (byte: number) => Buffer.alloc(32, byte);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(key(1));

  it('round-trips and never repeats a ciphertext', () => {
    const a = box.seal('wp app password', 'row-1');
    const b = box.seal('wp app password', 'row-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('wp app password');
    expect(box.open(a, 'row-1')).toBe('wp app password');
  });

  it('binds a secret to its row: another row id does not open it', () => {
    const sealed = box.seal('secret', 'row-1');
    expect(() => box.open(sealed, 'row-2')).toThrow(SecretError);
  });

  it('refuses a tampered envelope', () => {
    const sealed = box.seal('secret', 'row-1');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), 'row-1')).toThrow(SecretError);
    expect(() => box.open('plain text', 'row-1')).toThrow(SecretError);
  });

  it('rotates: the old key moves to previous and still opens old rows', () => {
    const old = createSecretBox(key(1));
    const sealedOld = old.seal('secret', 'row-1');
    const rotated = createSecretBox(key(2), [key(1)]);
    expect(rotated.kid).not.toBe(old.kid);
    expect(rotated.open(sealedOld, 'row-1')).toBe('secret');
    expect(rotated.seal('x', 'r').split('.')[1]).toBe(rotated.kid);
    expect(() => createSecretBox(key(2)).open(sealedOld, 'row-1')).toThrow(/unknown key/);
  });

  it('derives purpose keys that differ from the key and from each other', () => {
    const hmac = box.deriveKey('address-hash');
    expect(hmac.length).toBe(32);
    expect(hmac.equals(key(1))).toBe(false);
    expect(hmac.equals(box.deriveKey('other'))).toBe(false);
  });

  it('parses base64 and hex keys of 32 bytes and rejects anything else', () => {
    expect(parseKey(key(7).toString('base64')).equals(key(7))).toBe(true);
    expect(parseKey(key(7).toString('hex')).equals(key(7))).toBe(true);
    expect(() => parseKey('lumen-quick-score')).toThrow(ConfigError);
    expect(() => parseKey(Buffer.alloc(16).toString('base64'))).toThrow(/32 random bytes/);
  });
});

describe('loadSecretBox', () => {
  it('refuses production without ENCRYPTION_KEY, in env.ts and here', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/ENCRYPTION_KEY/);
    expect(() => loadSecretBox({ NODE_ENV: 'production', DATA_DIR: '/nonexistent' })).toThrow(
      ConfigError,
    );
    const env = loadEnv({ NODE_ENV: 'production', ENCRYPTION_KEY: key(3).toString('base64') });
    expect(loadSecretBox(env).kid).toBe(createSecretBox(key(3)).kid);
  });

  it('generates a local key once into DATA_DIR with mode 0600', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumen-key-'));
    dirs.push(dir);
    const dataDir = join(dir, 'data');
    const first = loadSecretBox({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const file = join(dataDir, 'encryption.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadSecretBox({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(second.kid).toBe(first.kid);
    expect(second.open(first.seal('kept', 'r'), 'r')).toBe('kept');
    expect(readFileSync(file, 'utf8').trim()).toHaveLength(44);
  });
});
