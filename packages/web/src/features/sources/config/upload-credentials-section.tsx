import {
  fieldFromPointer,
  takesUploadCredentials,
  uploadCredentialsUpdateSchema,
} from '@darkroom/core';
import { CircleCheck, Lock, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { isApiRequestError } from '../../../api/client.ts';
import type { Source } from '../../../api/sources.ts';
import {
  useRemoveUploadCredentialsMutation,
  useUpdateUploadCredentialsMutation,
  useUploadCredentialsQuery,
  type UploadCredentialChanges,
  type UploadCredentials,
} from '../../../api/upload-credentials.ts';
import { Button, CollapsibleSection, toast } from '../../../ui/index.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { ListError } from '../../lists/list-states.tsx';
import { ConfigField, SaveButton, issuesByField } from './config-controls.tsx';

const TITLE = 'Upload credentials';

/**
 * Write keys for the source's own bucket or container (spec platform sections 3 and 5): with
 * them the asset manager uploads files there, under the source's prefix. Replace-only: secrets
 * are never shown, and saving first writes and deletes a probe file with the new keys.
 */
export function UploadCredentialsSection({
  source,
  readOnly,
}: {
  source: Source;
  readOnly: boolean;
}) {
  if (!takesUploadCredentials(source.production.type) || source.demo) return null;
  return (
    <CollapsibleSection title={TITLE}>
      <UploadCredentialsBody source={source} readOnly={readOnly} />
    </CollapsibleSection>
  );
}

function UploadCredentialsBody({ source, readOnly }: { source: Source; readOnly: boolean }) {
  const query = useUploadCredentialsQuery(source.id);
  if (query.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading the upload credentials</span>
        <div aria-hidden="true" className="h-24 animate-pulse rounded-lg bg-zinc-100" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ListError
        message={errorMessageOf(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <UploadCredentialsForm
      key={JSON.stringify(query.data)}
      source={source}
      stored={query.data}
      readOnly={readOnly}
    />
  );
}

/** The errors of a refused save, keyed like the form's fields ('' for the whole section). */
function serverErrors(error: unknown): Record<string, string> {
  if (!isApiRequestError(error) || error.errors.length === 0) {
    return { '': errorMessageOf(error) };
  }
  const found: Record<string, string> = {};
  for (const item of error.errors) {
    // The probe's refusal blames the credentials as a whole: shown above the fields.
    const field =
      item.code === 'invalid_source_config' ? '' : fieldFromPointer(item.source?.pointer ?? '');
    found[field] ??= item.detail ?? errorMessageOf(error);
  }
  return found;
}

function StoredState({ stored, azure }: { stored: UploadCredentials; azure: boolean }) {
  if (!stored.enabled) {
    return (
      <p className="flex items-start gap-2 text-sm text-zinc-700">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-500" />
        <span>
          <span className="font-medium">Read-only.</span> The asset manager cannot upload to this
          source until you add upload credentials.
        </span>
      </p>
    );
  }
  return (
    <p className="flex items-start gap-2 text-sm text-zinc-700">
      <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
      <span className="min-w-0 break-words">
        <span className="font-medium">Uploads on.</span>{' '}
        {azure
          ? `SAS token ${stored.sas_string ?? ''}`
          : `Access key ${stored.access_key ?? ''}, secret key ${stored.secret_key ?? ''}`}
      </span>
    </p>
  );
}

function UploadCredentialsForm({
  source,
  stored,
  readOnly,
}: {
  source: Source;
  stored: UploadCredentials;
  readOnly: boolean;
}) {
  const azure = source.production.type === 'azure';
  const [accessKey, setAccessKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [sas, setSas] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateUploadCredentialsMutation(source.id);
  const remove = useRemoveUploadCredentialsMutation(source.id);
  const busy = update.isPending || remove.isPending;
  const disabled = readOnly || busy;

  const changes = (): UploadCredentialChanges =>
    azure ? { sas_string: sas } : { access_key: accessKey, secret_key: secretKey };
  const validate = () =>
    issuesByField(uploadCredentialsUpdateSchema(source.production.type).safeParse(changes()));
  const typed = azure ? sas.trim() !== '' : accessKey.trim() !== '' || secretKey.trim() !== '';

  const onSave = async () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await update.mutateAsync(changes());
      toast.success('Upload credentials saved: the asset manager can upload to this source');
    } catch (error) {
      setErrors(serverErrors(error));
    }
  };

  const onRemove = async () => {
    setErrors({});
    try {
      await remove.mutateAsync();
      toast.success('Upload credentials removed: this source is read-only');
    } catch (error) {
      setErrors(serverErrors(error));
    }
  };

  const replaceHint = stored.enabled ? 'Enter a new value to replace the saved one.' : undefined;
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600">
        With upload credentials, the asset manager uploads files into your{' '}
        {azure ? 'container' : 'bucket'}, under this source&apos;s prefix. They are kept apart from
        the read credentials above, so those can stay read-only.{' '}
        {azure
          ? 'Use a SAS with the Write and Create permissions.'
          : 'Use a key that may write and delete objects (s3:PutObject and s3:DeleteObject).'}{' '}
        Darkroom writes and deletes a small test file before saving them.
      </p>
      <StoredState stored={stored} azure={azure} />
      {errors[''] && (
        <div
          role="alert"
          className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
          <p>{errors['']}</p>
        </div>
      )}
      {!readOnly &&
        (azure ? (
          <ConfigField
            label="SAS token"
            secret
            value={sas}
            disabled={disabled}
            placeholder={stored.sas_string ?? '?sv=...&sp=rwlc&sig=...'}
            error={errors.sas_string}
            hint={replaceHint ?? 'An account SAS whose permissions (sp) include w and c.'}
            onChange={setSas}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <ConfigField
              label="Upload access key"
              value={accessKey}
              disabled={disabled}
              placeholder={stored.access_key ?? undefined}
              error={errors.access_key}
              hint={replaceHint}
              onChange={setAccessKey}
            />
            <ConfigField
              label="Upload secret key"
              secret
              value={secretKey}
              disabled={disabled}
              placeholder={stored.secret_key ?? undefined}
              error={errors.secret_key}
              onChange={setSecretKey}
            />
          </div>
        ))}
      {!readOnly && (
        <div className="flex flex-wrap items-center justify-end gap-3">
          {stored.enabled && (
            <Button
              type="button"
              variant="secondary"
              size="small"
              working={remove.isPending}
              disabled={busy}
              onClick={() => void onRemove()}
            >
              Remove upload credentials
            </Button>
          )}
          <div className="[&>div]:pt-0">
            <SaveButton
              readOnly={readOnly}
              saving={update.isPending}
              disabled={!typed || busy}
              onSave={() => void onSave()}
              label="Check and save"
            />
          </div>
        </div>
      )}
    </div>
  );
}
