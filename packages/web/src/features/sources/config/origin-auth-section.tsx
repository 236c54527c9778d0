import {
  fieldFromPointer,
  ORIGIN_SIGNATURE_HEADERS,
  originAuthUpdateSchema,
  REQUIRED_MESSAGE,
  takesOriginAuth,
} from '@darkroom/core';
import { TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { isApiRequestError } from '../../../api/client.ts';
import {
  useOriginAuthQuery,
  useUpdateOriginAuthMutation,
  type OriginAuth,
} from '../../../api/origin-auth.ts';
import type { Source } from '../../../api/sources.ts';
import { CollapsibleSection, Switch, toast } from '../../../ui/index.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { ListError } from '../../lists/list-states.tsx';
import { ConfigField, SaveButton, issuesByField } from './config-controls.tsx';
import {
  changesOf,
  draftAuthenticates,
  draftChanged,
  draftOf,
  missingSecrets,
  type OriginAuthDraft,
} from './origin-auth.utils.ts';

const TITLE = 'Origin authentication';
const KEEP_HINT = 'Leave empty to keep the current value.';

/**
 * How a web folder or web proxy source proves to its origin that a request is Darkroom's (the
 * three schemes imgix documents: Basic authentication, a custom header, a per-request
 * signature). Secrets are replace-only; saving first fetches a test image with the new settings.
 */
export function OriginAuthSection({ source, readOnly }: { source: Source; readOnly: boolean }) {
  if (!takesOriginAuth(source.production.type) || source.demo) return null;
  return (
    <CollapsibleSection title={TITLE}>
      <OriginAuthBody source={source} readOnly={readOnly} />
    </CollapsibleSection>
  );
}

function OriginAuthBody({ source, readOnly }: { source: Source; readOnly: boolean }) {
  const auth = useOriginAuthQuery(source.id);
  let body;
  if (auth.isPending) {
    body = (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading the origin authentication</span>
        <div aria-hidden="true" className="h-24 animate-pulse rounded-lg bg-zinc-100" />
      </div>
    );
  } else if (auth.isError) {
    body = (
      <ListError
        message={errorMessageOf(auth.error)}
        onRetry={() => void auth.refetch()}
        retrying={auth.isFetching}
      />
    );
  } else {
    // A new answer (after saving) starts the form over from what the server holds.
    body = (
      <OriginAuthForm
        key={JSON.stringify(auth.data)}
        source={source}
        stored={auth.data}
        readOnly={readOnly}
      />
    );
  }
  return body;
}

function SchemeCard({
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
  children,
}: {
  label: string;
  description: ReactNode;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="min-w-0 space-y-3 rounded-lg p-4 ring-1 ring-zinc-200 ring-inset">
      <legend className="sr-only">{label}</legend>
      <Switch
        label={label}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
      />
      <p className="text-sm text-zinc-600">{description}</p>
      {checked && <div className="grid gap-4 sm:grid-cols-2">{children}</div>}
    </fieldset>
  );
}

/** The errors of a refused save, keyed like the form's fields ('' for the whole section). */
function serverErrors(error: unknown): Record<string, string> {
  if (!isApiRequestError(error) || error.errors.length === 0) {
    return { '': errorMessageOf(error) };
  }
  const found: Record<string, string> = {};
  for (const item of error.errors) {
    const field = fieldFromPointer(item.source?.pointer ?? '');
    found[field] ??= item.detail ?? errorMessageOf(error);
  }
  return found;
}

function OriginAuthForm({
  source,
  stored,
  readOnly,
}: {
  source: Source;
  stored: OriginAuth;
  readOnly: boolean;
}) {
  const [draft, setDraft] = useState<OriginAuthDraft>(() => draftOf(stored));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateOriginAuthMutation(source.id);
  const proxy = source.production.type === 'webproxy';
  const disabled = readOnly || update.isPending;

  const validate = (next: OriginAuthDraft): Record<string, string> => {
    const found = issuesByField(originAuthUpdateSchema.safeParse(changesOf(next)));
    for (const field of missingSecrets(stored, next)) found[field] ??= REQUIRED_MESSAGE;
    if (draftAuthenticates(next) && next.testPath.trim() === '') {
      found.test_path ??= proxy
        ? 'Enter the URL of an image on your origin, so Darkroom can check these settings.'
        : 'Enter the path of an image in your web folder, so Darkroom can check these settings.';
    }
    return found;
  };

  const change = (patch: Partial<OriginAuthDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    // Only fields already judged are judged again while typing; Save judges them all.
    if (Object.keys(errors).length > 0) setErrors(validate(next));
  };

  const onSave = async () => {
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await update.mutateAsync(changesOf(draft));
      toast.success(
        draftAuthenticates(draft) ? 'Origin authentication saved' : 'Origin authentication off',
      );
    } catch (error) {
      setErrors(serverErrors(error));
    }
  };

  const secretPlaceholder = (masked: string | null | undefined) => masked ?? undefined;
  const changed = draftChanged(stored, draft);

  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600">
        Darkroom sends these with every request to your origin, so it can refuse everyone else. They
        never follow a redirect to another host. Secrets are never shown: type a new value to
        replace one.
      </p>
      {errors[''] && (
        <div
          role="alert"
          className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
          <p>{errors['']}</p>
        </div>
      )}
      <SchemeCard
        label="Basic authentication"
        description="A user name and password in the Authorization header, as a browser sends them."
        checked={draft.basicOn}
        disabled={disabled}
        onCheckedChange={(on) => change({ basicOn: on })}
      >
        <ConfigField
          label="User name"
          value={draft.username}
          disabled={disabled}
          error={errors['basic_auth.username']}
          onChange={(username) => change({ username })}
        />
        <ConfigField
          label="Password"
          secret
          value={draft.password}
          disabled={disabled}
          placeholder={secretPlaceholder(stored.basic_auth?.password)}
          error={errors['basic_auth.password'] ?? errors.basic_auth}
          hint={stored.basic_auth ? KEEP_HINT : undefined}
          onChange={(password) => change({ password })}
        />
      </SchemeCard>
      <SchemeCard
        label="Custom header"
        description="A header of your choosing with a secret value (the request handshake), such as X-Origin-Token."
        checked={draft.headerOn}
        disabled={disabled}
        onCheckedChange={(on) => change({ headerOn: on })}
      >
        <ConfigField
          label="Header name"
          value={draft.headerName}
          disabled={disabled}
          placeholder="X-Origin-Token"
          error={errors['custom_header.name']}
          onChange={(headerName) => change({ headerName })}
        />
        <ConfigField
          label="Handshake value"
          secret
          value={draft.headerValue}
          disabled={disabled}
          placeholder={secretPlaceholder(stored.custom_header?.value)}
          error={errors['custom_header.value']}
          hint={stored.custom_header ? KEEP_HINT : '1 to 256 characters.'}
          onChange={(headerValue) => change({ headerValue })}
        />
      </SchemeCard>
      <SchemeCard
        label="Request signature"
        description={
          <>
            Each request is signed with HMAC-SHA256 over its method, host, path, a request id and
            the time, sent in{' '}
            <code className="font-mono text-xs">{ORIGIN_SIGNATURE_HEADERS.signature}</code> with{' '}
            <code className="font-mono text-xs">-Host</code>,{' '}
            <code className="font-mono text-xs">-Request-Id</code> and{' '}
            <code className="font-mono text-xs">-Timestamp</code>. Your origin checks it with the
            same key (see “Origin authentication” in the Darkroom documentation).
          </>
        }
        checked={draft.signingOn}
        disabled={disabled}
        onCheckedChange={(on) => change({ signingOn: on })}
      >
        <ConfigField
          label="Signing key"
          secret
          value={draft.signingKey}
          disabled={disabled}
          placeholder={secretPlaceholder(stored.signing_key)}
          error={errors.signing_key}
          hint={stored.signing_key ? KEEP_HINT : '1 to 32 characters.'}
          onChange={(signingKey) => change({ signingKey })}
        />
      </SchemeCard>
      {!readOnly && draftAuthenticates(draft) && (
        <ConfigField
          label={proxy ? 'Test image URL' : 'Test image path'}
          value={draft.testPath}
          disabled={disabled}
          inputMode={proxy ? 'url' : 'text'}
          placeholder={proxy ? 'https://www.example.com/images/cat.jpg' : 'photos/cat.jpg'}
          error={errors.test_path}
          hint={
            proxy
              ? 'An image on your origin: Darkroom fetches it with these settings before saving them.'
              : 'An image in your web folder: Darkroom fetches it with these settings before saving them.'
          }
          onChange={(testPath) => change({ testPath })}
        />
      )}
      <SaveButton
        readOnly={readOnly}
        saving={update.isPending}
        disabled={!changed}
        onSave={() => void onSave()}
        label={draftAuthenticates(draft) ? 'Check and save' : 'Save'}
      />
    </div>
  );
}
