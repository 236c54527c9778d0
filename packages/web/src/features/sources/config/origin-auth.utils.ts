import type { OriginAuth, OriginAuthChanges } from '../../../api/origin-auth.ts';

/** The form's state: each scheme on or off with its fields; secrets start empty (kept). */
export interface OriginAuthDraft {
  basicOn: boolean;
  username: string;
  password: string;
  headerOn: boolean;
  headerName: string;
  headerValue: string;
  signingOn: boolean;
  signingKey: string;
  testPath: string;
}

export function draftOf(stored: OriginAuth): OriginAuthDraft {
  return {
    basicOn: stored.basic_auth !== null,
    username: stored.basic_auth?.username ?? '',
    password: '',
    headerOn: stored.custom_header !== null,
    headerName: stored.custom_header?.name ?? '',
    headerValue: '',
    signingOn: stored.signing_key !== null,
    signingKey: '',
    testPath: '',
  };
}

/** Whether the draft says anything the stored settings do not (the test path aside). */
export function draftChanged(stored: OriginAuth, draft: OriginAuthDraft): boolean {
  const initial = draftOf(stored);
  return (
    draft.basicOn !== initial.basicOn ||
    draft.headerOn !== initial.headerOn ||
    draft.signingOn !== initial.signingOn ||
    (draft.basicOn && (draft.username !== initial.username || draft.password !== '')) ||
    (draft.headerOn && (draft.headerName !== initial.headerName || draft.headerValue !== '')) ||
    (draft.signingOn && draft.signingKey !== '')
  );
}

/**
 * The secrets a draft turns on without a stored value to keep: each must be typed in. Keyed by
 * the API's field names, as the server's errors are.
 */
export function missingSecrets(stored: OriginAuth, draft: OriginAuthDraft): string[] {
  const missing: string[] = [];
  if (draft.basicOn && draft.password === '' && stored.basic_auth === null) {
    missing.push('basic_auth.password');
  }
  if (draft.headerOn && draft.headerValue === '' && stored.custom_header === null) {
    missing.push('custom_header.value');
  }
  if (draft.signingOn && draft.signingKey === '' && stored.signing_key === null) {
    missing.push('signing_key');
  }
  return missing;
}

/** Whether any scheme is on in the draft, so the test file is needed. */
export function draftAuthenticates(draft: OriginAuthDraft): boolean {
  return draft.basicOn || draft.headerOn || draft.signingOn;
}

/**
 * The PUT body of a draft: every scheme stated (on, or null for off), secrets left out when
 * empty so the stored ones are kept (replace-only, as the storage credentials).
 */
export function changesOf(draft: OriginAuthDraft): OriginAuthChanges {
  const secret = (value: string) => (value === '' ? {} : { value });
  return {
    basic_auth: draft.basicOn
      ? {
          username: draft.username,
          ...(draft.password === '' ? {} : { password: draft.password }),
        }
      : null,
    custom_header: draft.headerOn ? { name: draft.headerName, ...secret(draft.headerValue) } : null,
    ...(draft.signingOn
      ? draft.signingKey === ''
        ? {}
        : { signing_key: draft.signingKey }
      : { signing_key: null }),
    ...(draftAuthenticates(draft) ? { test_path: draft.testPath } : {}),
  };
}
