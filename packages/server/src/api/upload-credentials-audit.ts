// The audit log's entries for a source's upload credentials (spec platform section 5: the log
// says who changed a source and how). Recorded by the handler, not by the route table in
// audit-log.ts, because only the handler knows whether keys were added or replaced. Never a
// secret: the kind of credential and the access key's last four characters, as the API masks it.
import type { FastifyRequest } from 'fastify';
import { maskSecret } from '../crypto/secrets.ts';
import type { AuditDetails } from '../db/schema.ts';
import type { UploadCredentials } from '../storage/upload-credentials.ts';
import { recordAs } from './audit-log.ts';

export type UploadCredentialsChange = 'added' | 'replaced' | 'removed';

/** The actions, listed for the log's filter in api/audit-log.ts and labelled in core. */
export const UPLOAD_CREDENTIALS_ACTIONS = {
  added: 'source.upload_credentials_added',
  replaced: 'source.upload_credentials_replaced',
  removed: 'source.upload_credentials_removed',
} as const satisfies Record<UploadCredentialsChange, string>;

function detailsOf(credentials: UploadCredentials | null): AuditDetails {
  if (credentials === null) return {};
  return credentials.kind === 'sas'
    ? { credential: 'sas_token' }
    : { credential: 'access_key', access_key: maskSecret(credentials.accessKey) };
}

export async function recordUploadCredentialsChange(
  request: FastifyRequest,
  sourceId: string,
  change: UploadCredentialsChange,
  credentials: UploadCredentials | null,
): Promise<void> {
  await recordAs(
    request,
    UPLOAD_CREDENTIALS_ACTIONS[change],
    { type: 'sources', id: sourceId },
    detailsOf(credentials),
  );
}
