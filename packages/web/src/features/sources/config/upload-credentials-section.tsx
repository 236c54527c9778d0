import { takesUploadCredentials } from '@darkroom/core';
import { CircleCheck, Lock } from 'lucide-react';
import { useState } from 'react';
import type { Source } from '../../../api/sources.ts';
import {
  useRemoveUploadCredentialsMutation,
  useUpdateUploadCredentialsMutation,
  useUploadCredentialsQuery,
  type UploadCredentials,
} from '../../../api/upload-credentials.ts';
import { Button, CollapsibleSection, toast } from '../../../ui/index.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { ListError } from '../../lists/list-states.tsx';
import {
  NO_UPLOAD_CREDENTIALS,
  UploadCredentialInputs,
  UploadCredentialsAlert,
  uploadCredentialChanges,
  uploadCredentialIssues,
  uploadCredentialServerErrors,
  uploadCredentialsTyped,
} from '../upload-credentials/upload-credential-inputs.tsx';
import { SaveButton } from './config-controls.tsx';

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
  const [values, setValues] = useState(NO_UPLOAD_CREDENTIALS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateUploadCredentialsMutation(source.id);
  const remove = useRemoveUploadCredentialsMutation(source.id);
  const busy = update.isPending || remove.isPending;
  const disabled = readOnly || busy;
  const typed = uploadCredentialsTyped(azure, values);

  const onSave = async () => {
    const found = uploadCredentialIssues(source.production.type, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await update.mutateAsync(uploadCredentialChanges(azure, values));
      toast.success('Upload credentials saved: the asset manager can upload to this source');
    } catch (error) {
      setErrors(uploadCredentialServerErrors(error));
    }
  };

  const onRemove = async () => {
    setErrors({});
    try {
      await remove.mutateAsync();
      toast.success('Upload credentials removed: this source is read-only');
    } catch (error) {
      setErrors(uploadCredentialServerErrors(error));
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
      <UploadCredentialsAlert message={errors['']} />
      {!readOnly && (
        <UploadCredentialInputs
          azure={azure}
          values={values}
          onChange={setValues}
          errors={errors}
          disabled={disabled}
          placeholders={stored}
          hint={replaceHint}
        />
      )}
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
