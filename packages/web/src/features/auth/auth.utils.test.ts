import { describe, expect, it } from 'vitest';
import { authLink, destinationAfterSignIn } from './auth.utils.ts';

describe('destinationAfterSignIn', () => {
  it('returns to the page the user was sent away from', () => {
    expect(destinationAfterSignIn('/users?page=2')).toBe('/users?page=2');
  });

  it('goes to the users page without a usable next path', () => {
    for (const next of [
      null,
      '',
      'users',
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      '/sign-in',
    ]) {
      expect(destinationAfterSignIn(next)).toBe('/sources');
    }
  });
});

describe('authLink', () => {
  it('carries the next path across the auth pages', () => {
    expect(authLink('/sign-up', '/admin/users')).toBe('/sign-up?next=%2Fadmin%2Fusers');
    expect(authLink('/sign-in', null)).toBe('/sign-in');
  });
});
