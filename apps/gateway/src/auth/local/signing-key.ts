import type { SecretBox } from '@lumen/config/secrets';
import type { Database } from '@lumen/db/client';
import {
  ensureSigningKey,
  listSigningKeys,
  replacePrivateJwk,
  rotateSigningKeys,
  type SigningKey,
} from '@lumen/db/repositories/auth-flow.repository';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose';

export type LocalSigningKey = {
  kid: string;
  privateKey: CryptoKey;
  /** The body of GET /auth/v1/.well-known/jwks.json. */
  jwks: { keys: JWK[] };
};

// The private half is stored sealed with ENCRYPTION_KEY (bound to its kid), so a copy of the
// database alone cannot forge tokens. See docs/security.md, "Secrets at rest".
type SealedJwk = { sealed: string };

const isSealed = (value: Record<string, unknown>): value is SealedJwk =>
  typeof value.sealed === 'string';

async function newKey(secrets: SecretBox): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256' };
  return {
    kid,
    algorithm: 'ES256',
    privateJwk: { sealed: secrets.seal(JSON.stringify(privateJwk), `signing-key:${kid}`) },
    publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] },
    active: true,
  };
}

/**
 * The ES256 key local auth signs with. Generated on first start and kept in the database, so
 * every gateway process and every restart signs and verifies with the same key; the insert is
 * guarded by a unique index, so concurrent first starts agree on one key. A key stored in clear
 * (before encryption existed) or under a previous ENCRYPTION_KEY is re-sealed on load.
 */
export async function loadSigningKey(db: Database, secrets: SecretBox): Promise<LocalSigningKey> {
  const stored = await ensureSigningKey(db, await newKey(secrets));
  const privateJwk = openPrivateJwk(stored, secrets);
  const current =
    isSealed(stored.privateJwk) && stored.privateJwk.sealed.split('.')[1] === secrets.kid;
  if (!current) {
    await replacePrivateJwk(db, stored.kid, {
      sealed: secrets.seal(JSON.stringify(privateJwk), `signing-key:${stored.kid}`),
    });
  }
  const key = await importJWK(privateJwk, 'ES256');
  if (key instanceof Uint8Array) throw new Error('local auth signing key is not an EC key');
  const all = await listSigningKeys(db);
  return {
    kid: stored.kid,
    privateKey: key,
    jwks: { keys: all.map((k) => k.publicJwk as JWK) },
  };
}

/** Starts signing with a new key; restart the gateways so every process picks it up. */
export async function rotateSigningKey(db: Database, secrets: SecretBox): Promise<string> {
  const next = await newKey(secrets);
  await rotateSigningKeys(db, next);
  return next.kid;
}

function openPrivateJwk(stored: SigningKey, secrets: SecretBox): JWK {
  if (!isSealed(stored.privateJwk)) return stored.privateJwk as JWK;
  return JSON.parse(secrets.open(stored.privateJwk.sealed, `signing-key:${stored.kid}`)) as JWK;
}
