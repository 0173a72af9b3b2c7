import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './env';

// Secrets at rest (see docs/security.md): AES-256-GCM with a random 96-bit IV, the row's id as
// associated data (a ciphertext copied into another row does not decrypt), and the key's id in
// the envelope so ENCRYPTION_KEY can be rotated while old rows still decrypt.

const VERSION = 'v1';
const KEY_FILE = 'encryption.key';

export type SecretBox = {
  /** Id of the key new secrets are sealed with. */
  readonly kid: string;
  seal(plaintext: string, associatedData: string): string;
  /** Throws when the envelope was tampered with, bound to another row, or its key is unknown. */
  open(envelope: string, associatedData: string): string;
  /** A key for another purpose (HMAC, …), derived so it reveals nothing about this one. */
  deriveKey(purpose: string): Buffer;
};

export class SecretError extends Error {
  readonly code = 'SECRET_ERROR';
}

/** Accepts 32 bytes as base64, base64url or hex (`openssl rand -base64 32`). */
export function parseKey(raw: string, name = 'ENCRYPTION_KEY'): Buffer {
  const text = raw.trim();
  const candidates = [
    /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : null,
    /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : null,
  ];
  const key = candidates.find((k) => k?.length === 32);
  if (!key) {
    throw new ConfigError(
      `${name} must be 32 random bytes in base64 or hex; generate one with: openssl rand -base64 32`,
    );
  }
  return key;
}

const kidOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

/** `current` seals; `previous` keys only open (rotation: move the old key there, re-seal). */
export function createSecretBox(current: Buffer, previous: Buffer[] = []): SecretBox {
  const keys = new Map<string, Buffer>();
  for (const key of [current, ...previous]) keys.set(kidOf(key), key);
  const kid = kidOf(current);
  return {
    kid,
    seal(plaintext, associatedData) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        VERSION,
        kid,
        iv.toString('base64url'),
        Buffer.concat([body, tag]).toString('base64url'),
      ].join('.');
    },
    open(envelope, associatedData) {
      const [version, keyId, iv, sealed, extra] = envelope.split('.');
      if (version !== VERSION || !keyId || !iv || !sealed || extra !== undefined) {
        throw new SecretError('Not a sealed secret.');
      }
      const key = keys.get(keyId);
      if (!key) throw new SecretError(`Sealed with an unknown key (${keyId}).`);
      const bytes = Buffer.from(sealed, 'base64url');
      if (bytes.length < 16) throw new SecretError('Sealed secret is truncated.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(associatedData, 'utf8'));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        return Buffer.concat([
          decipher.update(bytes.subarray(0, bytes.length - 16)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretError('Sealed secret does not authenticate (wrong key, row or data).');
      }
    },
    deriveKey(purpose) {
      return Buffer.from(hkdfSync('sha256', current, Buffer.alloc(0), `lumen:${purpose}`, 32));
    },
  };
}

/**
 * The process's key: ENCRYPTION_KEY when set; in production nothing else will do; otherwise a
 * key generated once into DATA_DIR (mode 0600) so a local install keeps its secrets readable
 * across restarts.
 */
export function loadSecretBox(env: {
  NODE_ENV: string;
  ENCRYPTION_KEY?: string | undefined;
  ENCRYPTION_KEY_PREVIOUS?: string | undefined;
  DATA_DIR: string;
}): SecretBox {
  const previous = (env.ENCRYPTION_KEY_PREVIOUS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((k) => parseKey(k, 'ENCRYPTION_KEY_PREVIOUS'));
  if (env.ENCRYPTION_KEY) return createSecretBox(parseKey(env.ENCRYPTION_KEY), previous);
  if (env.NODE_ENV === 'production') {
    throw new ConfigError(
      'ENCRYPTION_KEY is required in production; generate one with: openssl rand -base64 32',
    );
  }
  return createSecretBox(localKey(env.DATA_DIR), previous);
}

function localKey(dataDir: string): Buffer {
  const path = join(dataDir, KEY_FILE);
  try {
    return parseKey(readFileSync(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two processes starting together agree on whichever key was written first.
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(path, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKey(readFileSync(path, 'utf8'), path);
}

/** Keyed hash of a client address (rate limits without storing addresses). */
export function hashWithKey(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}
