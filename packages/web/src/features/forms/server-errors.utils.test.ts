import { RATE_LIMIT_DETAIL, type ErrorObject } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client.ts';
import {
  GENERIC_FORM_ERROR,
  NETWORK_FORM_ERROR,
  attributeOf,
  errorMessageOf,
  mapServerErrors,
} from './server-errors.utils.ts';

function apiError(status: number, errors: ErrorObject[], message = errors[0]?.detail ?? '') {
  return new ApiRequestError({ ok: false, status, data: { errors }, message });
}

const emailTaken: ErrorObject = {
  status: '409',
  code: 'email_taken',
  title: 'Email already registered',
  detail: 'This email is already registered',
  source: { pointer: '/data/attributes/email' },
};

describe('attributeOf', () => {
  it('reads the attribute name from a JSON:API pointer', () => {
    expect(attributeOf(emailTaken)).toBe('email');
  });

  it('ignores parameters and pointers outside the attributes', () => {
    expect(attributeOf({ ...emailTaken, source: { parameter: 'page[size]' } })).toBeNull();
    expect(attributeOf({ ...emailTaken, source: { pointer: '/data/type' } })).toBeNull();
    expect(attributeOf({ ...emailTaken, source: undefined })).toBeNull();
  });
});

describe('mapServerErrors', () => {
  it('puts an error on the field its pointer names, with the form-specific wording', () => {
    const result = mapServerErrors(apiError(409, [emailTaken]), ['name', 'email'], {
      email_taken: 'An account with this email already exists.',
    });
    expect(result).toEqual({
      fieldErrors: [{ field: 'email', message: 'An account with this email already exists.' }],
      formError: null,
    });
  });

  it('keeps one message per field and uses the server detail when no wording is given', () => {
    const errors: ErrorObject[] = [
      { ...emailTaken, status: '422', code: 'validation_failed', detail: 'Enter a valid email' },
      { ...emailTaken, status: '422', code: 'validation_failed', detail: 'Second message' },
      {
        status: '422',
        code: 'weak_password',
        title: 'Weak password',
        detail: 'Use at least 10 characters',
        source: { pointer: '/data/attributes/password' },
      },
    ];
    expect(mapServerErrors(apiError(422, errors), ['email', 'password']).fieldErrors).toEqual([
      { field: 'email', message: 'Enter a valid email' },
      { field: 'password', message: 'Use at least 10 characters' },
    ]);
  });

  it('turns an error without a known field into the form-wide message', () => {
    const invalid: ErrorObject = {
      status: '401',
      code: 'invalid_credentials',
      title: 'Invalid credentials',
      detail: 'The email or password is wrong',
    };
    expect(
      mapServerErrors(apiError(401, [invalid]), ['email', 'password'], {
        invalid_credentials: 'Incorrect email or password.',
      }),
    ).toEqual({ fieldErrors: [], formError: 'Incorrect email or password.' });
  });

  it('shows the rate-limit text for a 429 whatever the body says', () => {
    const result = mapServerErrors(apiError(429, [], 'Slow down'), ['email']);
    expect(result.formError).toBe(RATE_LIMIT_DETAIL);
  });

  it('explains a network failure and falls back to the generic error for anything else', () => {
    expect(mapServerErrors(apiError(0, [], 'Failed to fetch'), ['email']).formError).toBe(
      NETWORK_FORM_ERROR,
    );
    expect(mapServerErrors(apiError(502, [], 'Bad gateway'), ['email']).formError).toBe(
      GENERIC_FORM_ERROR,
    );
    expect(mapServerErrors(new TypeError('boom'), ['email']).formError).toBe(GENERIC_FORM_ERROR);
  });
});

describe('errorMessageOf', () => {
  it('gives the server detail, or a plain explanation of a network failure', () => {
    const conflict = apiError(409, [
      { status: '409', code: 'conflict', title: 'Conflict', detail: 'You cannot delete yourself' },
    ]);
    expect(errorMessageOf(conflict)).toBe('You cannot delete yourself');
    expect(errorMessageOf(apiError(0, [], 'Failed to fetch'))).toBe(NETWORK_FORM_ERROR);
    expect(errorMessageOf(new Error('boom'))).toBe(GENERIC_FORM_ERROR);
  });
});
