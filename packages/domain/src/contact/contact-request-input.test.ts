import { describe, expect, it } from 'vitest';
import { ContactRequestInputSchema } from './contact-request-input';

const ok = { name: 'Ada', email: 'ada@example.com', message: 'Please call me back.' };

describe('ContactRequestInputSchema', () => {
  it('accepts a full request and empties an empty company', () => {
    expect(ContactRequestInputSchema.parse({ ...ok, company: ' ' }).company).toBeNull();
  });
  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ email: 'nope' }, 'email'],
    [{ message: 'short' }, 'message'],
    [{ message: 'x'.repeat(5001) }, 'message'],
    [{ company: 'x'.repeat(201) }, 'company'],
  ])('refuses %j', (patch, field) => {
    const parsed = ContactRequestInputSchema.safeParse({ ...ok, ...patch });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual([field]);
  });
  it('accepts a 5000-character message, the limit the API stores', () => {
    expect(ContactRequestInputSchema.safeParse({ ...ok, message: 'x'.repeat(5000) }).success).toBe(
      true,
    );
  });
});
