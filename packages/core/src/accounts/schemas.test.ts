import { describe, expect, it } from 'vitest';
import { analyticsEventSchema, newUserSchema, signInSchema, signUpSchema } from './schemas.ts';

const validSignUp = {
  company: 'Acme Photos',
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  password: 'correct horse',
};

describe('signUpSchema', () => {
  it('accepts a complete sign-up and lowercases the email', () => {
    expect(signUpSchema.parse(validSignUp).email).toBe('ada@example.com');
  });

  it('accepts a password of exactly ten characters and rejects nine', () => {
    expect(signUpSchema.safeParse({ ...validSignUp, password: '0123456789' }).success).toBe(true);
    const result = signUpSchema.safeParse({ ...validSignUp, password: '012345678' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['password']);
  });

  it('rejects names with brackets or HTML', () => {
    for (const company of ['<b>Acme</b>', 'Acme [EU]', 'Acme {x}']) {
      expect(signUpSchema.safeParse({ ...validSignUp, company }).success).toBe(false);
    }
  });

  it('words the refusal of a bracketed company or person name as the spec does', () => {
    const result = signUpSchema.safeParse({ ...validSignUp, company: 'A<b>', name: 'Ada [1]' });
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['company'], message: 'Names cannot include brackets or HTML.' },
      { path: ['name'], message: 'Names cannot include brackets or HTML.' },
    ]);
  });

  it('reports every missing field as required', () => {
    const result = signUpSchema.safeParse({ company: '', name: ' ', email: '', password: '' });
    const paths = result.error?.issues.map((issue) => issue.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['company', 'name', 'email', 'password']));
  });

  it('rejects an address that is not an email', () => {
    expect(signUpSchema.safeParse({ ...validSignUp, email: 'ada.example.com' }).success).toBe(
      false,
    );
  });
});

describe('signInSchema and newUserSchema', () => {
  it('does not apply the strength rule when signing in', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });

  it('applies the strength rule to a new teammate', () => {
    expect(
      newUserSchema.safeParse({ name: 'Bo', email: 'b@c.co', password: 'short' }).success,
    ).toBe(false);
  });
});

describe('analyticsEventSchema', () => {
  it('takes up to 50 properties on one event', () => {
    const properties = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, index]));
    expect(analyticsEventSchema.safeParse({ name: 'x', properties: properties(50) }).success).toBe(
      true,
    );
    const result = analyticsEventSchema.safeParse({ name: 'x', properties: properties(51) });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['properties'],
      message: 'An event has at most 50 properties.',
    });
  });
});
