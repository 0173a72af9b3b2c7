import type { Database } from '@lumen/db/client';
import { ensureSigningKey, listSigningKeys } from '@lumen/db/repositories/auth-flow.repository';
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

/**
 * The ES256 key local auth signs with. Generated on first start and kept in the database, so
 * every gateway process and every restart signs and verifies with the same key; the insert is
 * guarded by a unique index, so concurrent first starts agree on one key.
 */
export async function loadSigningKey(db: Database): Promise<LocalSigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const stored = await ensureSigningKey(db, {
    kid,
    algorithm: 'ES256',
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'ES256' },
    publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] },
    active: true,
  });
  const key = await importJWK(stored.privateJwk as JWK, 'ES256');
  if (key instanceof Uint8Array) throw new Error('local auth signing key is not an EC key');
  const all = await listSigningKeys(db);
  return {
    kid: stored.kid,
    privateKey: key,
    jwks: { keys: all.map((k) => k.publicJwk as JWK) },
  };
}
