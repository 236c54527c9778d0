// Changing a source's origin request authentication: the new settings merged into the stored
// ones (secrets are replace-only), proved against the origin before they are saved (spec
// platform section 8: 'These request authentication settings are not valid.'), and shown with
// their secrets masked.
import {
  REQUIRED_MESSAGE,
  SOURCE_MESSAGES,
  type OriginAuthAttributes,
  type OriginAuthUpdate,
} from '@darkroom/core';
import { maskSecret, SecretDecryptionError, type SecretBox } from '../crypto/secrets.ts';
import type { SourceRow, StoredOriginAuth } from '../db/schema.ts';
import { configurationOf } from '../store/source-configuration.ts';
import { originCheckFailure } from '../storage/check-failure.ts';
import { hasOriginAuth, type OriginAuth } from '../storage/origin-auth.ts';
import type { SourceOrigins } from '../storage/source-origins.ts';
import { StorageError } from '../storage/types.ts';

/** A field of the update at fault, with what to do about it. */
export interface OriginAuthProblem {
  /** Path below the resource's attributes, e.g. `['basic_auth', 'password']`. */
  path: string[];
  detail: string;
  /** The catalogue code of spec platform section 8. */
  code: 'validation_failed' | 'invalid_source_config' | 'invalid_url';
}

export class OriginAuthRefused extends Error {
  readonly problem: OriginAuthProblem;
  constructor(problem: OriginAuthProblem, options?: { cause?: unknown }) {
    super(problem.detail, options);
    this.name = 'OriginAuthRefused';
    this.problem = problem;
  }
}

/**
 * The settings after `update`: a scheme left out stays, null turns it off, and a secret left
 * out (or sent back masked) keeps the stored one, which must then exist.
 */
export function mergeOriginAuth(stored: OriginAuth, update: OriginAuthUpdate): OriginAuth {
  const required = (path: string[]) =>
    new OriginAuthRefused({ path, detail: REQUIRED_MESSAGE, code: 'validation_failed' });

  let basic = stored.basic;
  if (update.basic_auth === null) basic = null;
  else if (update.basic_auth !== undefined) {
    const password = update.basic_auth.password ?? stored.basic?.password;
    if (password === undefined) throw required(['basic_auth', 'password']);
    basic = { username: update.basic_auth.username, password };
  }

  let header = stored.header;
  if (update.custom_header === null) header = null;
  else if (update.custom_header !== undefined) {
    const value = update.custom_header.value ?? stored.header?.value;
    if (value === undefined) throw required(['custom_header', 'value']);
    header = { name: update.custom_header.name, value };
  }

  const signingKey =
    update.signing_key === undefined ? stored.signingKey : (update.signing_key ?? null);
  // Basic authentication is the Authorization header: a custom one of that name would replace it.
  if (basic !== null && header !== null && header.name.toLowerCase() === 'authorization') {
    throw new OriginAuthRefused({
      path: update.custom_header === undefined ? ['basic_auth'] : ['custom_header', 'name'],
      detail:
        'Basic authentication sends the Authorization header, and so does the custom header. Turn one of them off, or choose another header name.',
      code: 'validation_failed',
    });
  }
  return { basic, header, signingKey };
}

function masked(secrets: SecretBox, encrypted: string): string {
  try {
    return maskSecret(secrets.decrypt(encrypted));
  } catch (error) {
    // A value written under another key still shows that a secret is set.
    if (error instanceof SecretDecryptionError) return maskSecret('');
    throw error;
  }
}

/** `origin_authentications` attributes: what is set, every secret masked. */
export function originAuthAttributes(
  secrets: SecretBox,
  stored: StoredOriginAuth | null,
): OriginAuthAttributes {
  return {
    basic_auth:
      stored?.basic_username != null && stored.basic_password !== null
        ? { username: stored.basic_username, password: masked(secrets, stored.basic_password) }
        : null,
    custom_header:
      stored?.header_name != null && stored.header_value !== null
        ? { name: stored.header_name, value: masked(secrets, stored.header_value) }
        : null,
    signing_key:
      stored?.signing_key != null && stored.signing_key !== null
        ? masked(secrets, stored.signing_key)
        : null,
  };
}

/**
 * Fetches `testPath` from the source's origin with `auth`'s headers, through the same adapter
 * and SSRF guard delivery uses: an origin that answers 401 or 403 refuses these settings. The
 * test path is a file's path below a web folder's base URL, or a web proxy's whole image URL.
 */
export async function proveOriginAuth(
  origins: SourceOrigins,
  secrets: SecretBox,
  source: Pick<SourceRow, 'id' | 'type' | 'storage_provider' | 'credentials'>,
  auth: OriginAuth,
  testPath: string | undefined,
): Promise<void> {
  if (!hasOriginAuth(auth)) return;
  if (testPath === undefined || testPath === '') {
    throw new OriginAuthRefused({
      path: ['test_path'],
      detail:
        source.type === 'webproxy'
          ? 'Enter the URL of an image on your origin, so Darkroom can check these settings.'
          : 'Enter the path of an image in your web folder, so Darkroom can check these settings.',
      code: 'validation_failed',
    });
  }
  const adapter = await origins.adapterForConfiguration(configurationOf(secrets, source), {
    sourceId: source.id,
    originAuth: auth,
  });
  try {
    await adapter.head(testPath);
  } catch (error) {
    if (error instanceof StorageError && error.kind === 'access_denied') {
      throw new OriginAuthRefused(
        {
          path: [],
          detail: SOURCE_MESSAGES.invalidRequestAuthentication,
          code: 'invalid_source_config',
        },
        { cause: error },
      );
    }
    if (error instanceof StorageError && error.kind === 'not_found') {
      throw new OriginAuthRefused(
        {
          path: ['test_path'],
          detail:
            'The origin has no file at this address. Enter the path of an image it serves, so Darkroom can check these settings.',
          code: 'validation_failed',
        },
        { cause: error },
      );
    }
    const failure = originCheckFailure(error, source.type);
    throw new OriginAuthRefused(
      {
        path: ['test_path'],
        detail: failure.detail,
        code: failure.code === 'invalid_url' ? 'invalid_url' : 'invalid_source_config',
      },
      { cause: error },
    );
  }
}
