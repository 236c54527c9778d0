import { RATE_LIMIT_DETAIL, isErrorCode, type ErrorCode, type ErrorObject } from '@darkroom/core';
import { isApiRequestError } from '../../api/client.ts';

/** Spec platform section 8: the generic form error. */
export const GENERIC_FORM_ERROR =
  'Something went wrong. Please try again, and contact support if it persists.';

export const NETWORK_FORM_ERROR = 'Could not reach Darkroom. Check your connection and try again.';

/** What a form shows for a failed submit: messages on fields, and one for the form as a whole. */
export interface FormErrors<TField extends string> {
  fieldErrors: { field: TField; message: string }[];
  formError: string | null;
}

/**
 * Form-specific wording per catalogue code, e.g. `{email_taken: 'An account with this email…'}`.
 * Declare a map with `satisfies ErrorMessages` so a misspelt or removed code is a type error.
 */
export type ErrorMessages = Partial<Record<ErrorCode, string>>;

const ATTRIBUTE_POINTER = /^\/data\/attributes\/([^/]+)$/;

/** The attribute a JSON:API error points at (`/data/attributes/email` -> `email`), if any. */
export function attributeOf(error: ErrorObject): string | null {
  const match = error.source?.pointer?.match(ATTRIBUTE_POINTER);
  return match?.[1] ?? null;
}

function messageOf(error: ErrorObject, messages: ErrorMessages): string {
  const wording = isErrorCode(error.code) ? messages[error.code] : undefined;
  return wording ?? (error.detail || error.title || GENERIC_FORM_ERROR);
}

/**
 * Maps a failed submit onto the form: errors pointing at one of `fields` go to that field, the
 * first other error becomes the form-wide message. Rate limiting and network failures are always
 * form-wide.
 */
export function mapServerErrors<TField extends string>(
  error: unknown,
  fields: readonly TField[],
  messages: ErrorMessages = {},
): FormErrors<TField> {
  if (!isApiRequestError(error)) return { fieldErrors: [], formError: GENERIC_FORM_ERROR };
  if (error.status === 0) return { fieldErrors: [], formError: NETWORK_FORM_ERROR };
  if (error.status === 429) return { fieldErrors: [], formError: RATE_LIMIT_DETAIL };

  const fieldErrors: FormErrors<TField>['fieldErrors'] = [];
  let formError: string | null = null;
  for (const item of error.errors) {
    const attribute = attributeOf(item);
    const field = fields.find((name) => name === attribute);
    if (field && !fieldErrors.some((existing) => existing.field === field)) {
      fieldErrors.push({ field, message: messageOf(item, messages) });
    } else if (!field && formError === null) {
      formError = messageOf(item, messages);
    }
  }
  if (fieldErrors.length === 0 && formError === null) {
    formError = error.status >= 500 || !error.message ? GENERIC_FORM_ERROR : error.message;
  }
  return { fieldErrors, formError };
}

/** One message for a failed request outside a form (a list that did not load, a toast). */
export function errorMessageOf(error: unknown, messages: ErrorMessages = {}): string {
  return mapServerErrors(error, [], messages).formError ?? GENERIC_FORM_ERROR;
}
