// Writing into a customer's own storage with the source's upload credentials: the adapter that
// writes, the write-permission probe run before the credentials are saved (spec platform section
// 8: 'Could not verify write permissions for these credentials.'), and staging an upload there.
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { SOURCE_MESSAGES } from '@darkroom/core';
import type { SecretBox } from '../crypto/secrets.ts';
import type { SourceRow } from '../db/schema.ts';
import type { StagedFile } from './managed.ts';
import type { SourceOrigins } from './source-origins.ts';
import { StorageError, type StorageAdapter } from './types.ts';
import { writeConfiguration, type UploadCredentials } from './upload-credentials.ts';

/** Bytes of an upload kept in memory as they pass, enough to recognise its format. */
const HEAD_BYTES = 512;

type WritableSource = Pick<SourceRow, 'id' | 'type' | 'storage_provider' | 'credentials'>;

/** An adapter that can write: `stage` and `remove` present. */
export type WritingAdapter = StorageAdapter & Required<Pick<StorageAdapter, 'stage' | 'remove'>>;

/** Why a write could not be made, in the words of spec platform section 8. */
export class UploadCredentialsRefused extends Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.name = 'UploadCredentialsRefused';
  }
}

/**
 * The adapter of the source's bucket or container that writes with `credentials`, or null when
 * its storage cannot be written (an Azure file share: a file needs its size before its bytes).
 */
export async function writingAdapter(
  origins: SourceOrigins,
  secrets: SecretBox,
  source: WritableSource,
  credentials: UploadCredentials,
): Promise<WritingAdapter | null> {
  const adapter = await origins.adapterForConfiguration(
    writeConfiguration(secrets, source, credentials),
    { sourceId: source.id },
  );
  return adapter.stage !== undefined && adapter.remove !== undefined
    ? (adapter as WritingAdapter)
    : null;
}

// Azure's codes for a SAS it does not accept at all (a wrong signature: AuthenticationFailed on
// Azure, AuthorizationFailure on Azurite), as against one that may not write
// (AuthorizationPermissionMismatch and the other Authorization*Mismatch codes).
const AZURE_AUTHENTICATION_CODES = new Set([
  'AuthenticationFailed',
  'AuthorizationFailure',
  'InvalidAuthenticationInfo',
]);

function azureCode(error: StorageError): string | null {
  const cause = error.cause as { code?: unknown } | undefined;
  return typeof cause?.code === 'string' ? cause.code : null;
}

/**
 * The message for a failed write: keys the storage does not know, or a signature it cannot
 * match, are not valid credentials; anything else (AccessDenied for a read-only key, a SAS
 * without write) could not be verified to write.
 */
export function writeFailureMessage(error: unknown): string {
  if (error instanceof StorageError) {
    if (error.kind === 'invalid_access_key' || error.kind === 'invalid_secret_key') {
      return SOURCE_MESSAGES.invalidUploadCredentials;
    }
    if (error.kind === 'invalid_sas' && AZURE_AUTHENTICATION_CODES.has(azureCode(error) ?? '')) {
      return SOURCE_MESSAGES.invalidUploadCredentials;
    }
  }
  return SOURCE_MESSAGES.cannotVerifyWritePermissions;
}

/**
 * Proves the adapter may write under the source's prefix: writes a small probe object, then
 * deletes it (a key that can write but not delete would leave a probe behind, and deleting an
 * asset needs it too). Throws UploadCredentialsRefused with the message to show.
 */
export async function probeWritePermission(adapter: WritingAdapter): Promise<void> {
  const probePath = `.darkroom-upload-check-${randomBytes(8).toString('hex')}`;
  async function* probeBody(): AsyncGenerator<Buffer> {
    yield Buffer.from('Darkroom checks it may write here, then deletes this file.\n');
  }
  try {
    const pending = await adapter.stage(probePath, probeBody(), {
      maxBytes: 1024,
      contentType: 'text/plain',
    });
    await pending.commit();
    await adapter.remove(probePath);
  } catch (error) {
    throw new UploadCredentialsRefused(writeFailureMessage(error), { cause: error });
  }
}

/**
 * Receives an upload for `path` into the customer's storage without making it visible until
 * commit (StagedFile, as for managed storage). Over `maxBytes` refuses with StorageError
 * `too_large`; a stream that fails or ends early rejects with its error, nothing kept.
 */
export async function stageCustomerFile(
  adapter: WritingAdapter,
  path: string,
  stream: Readable,
  maxBytes: number,
  contentType: string,
): Promise<StagedFile> {
  let head = Buffer.alloc(0);
  // Iterated, not piped: a write that gives up returns from the loop, which destroys `stream`.
  async function* sniffed(): AsyncGenerator<Buffer> {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
      yield chunk;
    }
  }
  const pending = await adapter.stage(path, sniffed(), { maxBytes, contentType });
  return {
    get head() {
      return head;
    },
    discard: () => pending.discard(),
    commit: () => pending.commit(),
  };
}
