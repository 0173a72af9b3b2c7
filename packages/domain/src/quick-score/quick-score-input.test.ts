import { describe, expect, it } from 'vitest';
import { normalizeWebsite, QuickScoreInputSchema } from './quick-score-input';

describe('normalizeWebsite', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['ACME.com', 'acme.com'],
    ['www.acme.com', 'acme.com'],
    ['https://www.acme.com/pricing?utm_source=x', 'acme.com'],
    ['http://shop.acme.co.uk:8080/', 'shop.acme.co.uk'],
    ['acme.com.', 'acme.com'],
    ['  monday.com  ', 'monday.com'],
  ])('%s → %s', (input, domain) => {
    expect(normalizeWebsite(input)).toEqual({ ok: true, domain });
  });

  it.each([
    ['', /Enter your website/],
    ['localhost', /public domain/],
    ['http://localhost:3000', /public domain/],
    ['127.0.0.1', /IP address/],
    ['http://10.0.0.1/admin', /IP address/],
    ['http://[::1]/', /IP address/],
    ['192.168.1.20', /IP address/],
    ['intranet.local', /local and private/],
    ['server.internal', /local and private/],
    ['ftp://acme.com', /http/],
    ['acme', /public domain/],
    ['acme..com', /valid website|public domain/],
    ['-acme.com', /public domain/],
    ['https://user:pw@acme.com', /user names/],
  ])('refuses %j', (input, message) => {
    const result = normalizeWebsite(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('QuickScoreInputSchema', () => {
  const valid = { brandName: 'Acme', website: 'https://acme.com', industry: 'CRM software' };

  it('normalises a valid input', () => {
    expect(
      QuickScoreInputSchema.parse({
        ...valid,
        competitors: [{ name: 'Globex', website: 'globex.io' }],
      }),
    ).toEqual({
      brandName: 'Acme',
      website: 'acme.com',
      industry: 'CRM software',
      country: null,
      competitors: [{ name: 'Globex', website: 'globex.io' }],
    });
  });

  it('reports a message per field', () => {
    const result = QuickScoreInputSchema.safeParse({
      brandName: '',
      website: '10.0.0.1',
      industry: 'x',
      competitors: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }],
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join('.'), i.message]),
    );
    expect(byField.brandName).toMatch(/brand name/i);
    expect(byField.website).toMatch(/IP address/);
    expect(byField.industry).toMatch(/at least 2/);
    expect(byField.competitors).toMatch(/At most 3/);
  });

  it('limits the brand name and industry to 100 characters', () => {
    expect(QuickScoreInputSchema.safeParse({ ...valid, brandName: 'a'.repeat(101) }).success).toBe(
      false,
    );
    expect(QuickScoreInputSchema.safeParse({ ...valid, brandName: 'a'.repeat(100) }).success).toBe(
      true,
    );
    expect(QuickScoreInputSchema.safeParse({ ...valid, industry: 'a'.repeat(101) }).success).toBe(
      false,
    );
  });
});
