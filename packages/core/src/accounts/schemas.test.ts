import { describe, expect, it } from 'vitest';
import { newUserSchema, signInSchema, signUpSchema } from './schemas.ts';

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
