import { loadEnv } from '@lumen/config/env';
import { loadSecretBox } from '@lumen/config/secrets';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { authSigningKeys } from '@lumen/db/schema/auth';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey, rotateSigningKey } from './signing-key';

let db: Database;
const secrets = loadSecretBox(loadEnv(process.env));

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL as string, { max: 2 });
});
afterAll(() => closeDb(db));

const rows = () => db.select().from(authSigningKeys);

describe('local auth signing key at rest', () => {
  it('stores the private key sealed with ENCRYPTION_KEY, never in clear', async () => {
    const key = await loadSigningKey(db, secrets);
    const [row] = (await rows()).filter((r) => r.kid === key.kid);
    expect(Object.keys(row?.privateJwk ?? {})).toEqual(['sealed']);
    expect(JSON.stringify(row?.privateJwk)).not.toMatch(/"d"/);
    expect(row?.publicJwk).not.toHaveProperty('d');
  });

  it('re-seals a key that an older version stored in clear', async () => {
    const key = await loadSigningKey(db, secrets);
    const [row] = (await rows()).filter((r) => r.kid === key.kid);
    const sealed = (row?.privateJwk as { sealed?: string } | undefined)?.sealed ?? '';
    const plain = JSON.parse(secrets.open(sealed, `signing-key:${key.kid}`)) as Record<
      string,
      unknown
    >;
    expect(plain).toHaveProperty('d');
    await db
      .update(authSigningKeys)
      .set({ privateJwk: plain })
      .where(eq(authSigningKeys.kid, key.kid));
    const again = await loadSigningKey(db, secrets);
    expect(again.kid).toBe(key.kid);
    const [after] = (await rows()).filter((r) => r.kid === key.kid);
    expect(Object.keys(after?.privateJwk ?? {})).toEqual(['sealed']);
  });

  it('rotates by kid: the new key signs, the old one still verifies', async () => {
    const before = await loadSigningKey(db, secrets);
    const kid = await rotateSigningKey(db, secrets);
    const after = await loadSigningKey(db, secrets);
    expect(after.kid).toBe(kid);
    expect(after.kid).not.toBe(before.kid);
    const kids = after.jwks.keys.map((k) => k.kid);
    expect(kids).toContain(before.kid);
    expect(kids).toContain(after.kid);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: after.kid })
      .sign(after.privateKey);
    expect(token.split('.')).toHaveLength(3);
  });
});
