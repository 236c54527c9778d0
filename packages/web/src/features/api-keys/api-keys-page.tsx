import { MAX_PAGE_SIZE, PERMISSION_GROUPS } from '@darkroom/core';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useApiKeysQuery, useRevokeApiKeyMutation, type ApiKey } from '../../api/api-keys.ts';
import { useUsersQuery } from '../../api/users.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { useSession } from '../../app/session.ts';
import { Button, toast, useOverlay } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError, ListSkeleton } from '../lists/list-states.tsx';
import { useNow } from '../lists/use-now.ts';
import { PermissionGate } from '../permissions/permission-required.tsx';
import { ApiKeysList } from './api-keys-list.tsx';
import { keyAllowance, keyHint } from './api-keys.utils.ts';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';

/**
 * The account's API keys, for scripts and integrations (`Authorization: Bearer <key>`): created
 * with groups no wider than their creator's, shown once, revocable at once. Account Admin only,
 * as the API decides (platform spec section 5); at most 20 per account, imgix's limit.
 */
export function ApiKeysPage() {
  return (
    <PermissionGate group="account_admin" title="API keys">
      <ApiKeysScreen />
    </PermissionGate>
  );
}

function BearerHeader() {
  return (
    <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-xs whitespace-nowrap text-zinc-800">
      Authorization: Bearer &lt;key&gt;
    </code>
  );
}

function CreateKeyButton({
  full,
  limit,
  onCreate,
}: {
  full: boolean;
  limit: number;
  onCreate: () => void;
}) {
  const reasonId = useId();
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        type="button"
        color="orange"
        onClick={onCreate}
        disabled={full}
        aria-haspopup="dialog"
        aria-describedby={full ? reasonId : undefined}
      >
        <Plus aria-hidden="true" className="size-4" />
        Create API key
      </Button>
      {full && (
        <p id={reasonId} className="max-w-64 text-xs text-zinc-600 sm:text-right">
          An account holds at most {limit} keys. Revoke one you no longer use to create another.
        </p>
      )}
    </div>
  );
}

function ApiKeysScreen() {
  useDocumentTitle('API keys');
  const session = useSession();
  const keys = useApiKeysQuery();
  // Who created each key; the first page of the largest size covers any team this page serves.
  const users = useUsersQuery({ page: 1, pageSize: MAX_PAGE_SIZE });
  const revokeKey = useRevokeApiKeyMutation();
  const overlay = useOverlay();
  const [creating, setCreating] = useState(false);
  const now = useNow();

  const creatorName = (userId: string) =>
    users.data?.users.find((user) => user.id === userId)?.name;

  const confirmRevoke = async (apiKey: ApiKey) => {
    const confirmed = await overlay.confirm({
      title: `Revoke ${apiKey.name}?`,
      message: `Anything that sends ${keyHint(apiKey.hint)} is refused from now on. This cannot be undone.`,
      confirmLabel: 'Revoke key',
      style: 'attention',
    });
    if (!confirmed) return;
    try {
      await revokeKey.mutateAsync(apiKey.id);
      toast.success('API key revoked', { description: `${apiKey.name} no longer works.` });
    } catch (error) {
      toast.error('Could not revoke the key', { description: errorMessageOf(error) });
    }
  };

  const allowance = keyAllowance(keys.data?.length ?? 0);
  const createButton = (
    <CreateKeyButton
      full={allowance.full}
      limit={allowance.limit}
      onCreate={() => setCreating(true)}
    />
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">API keys</h1>
          <p className="mt-1 max-w-2xl text-sm text-zinc-600">
            Keys let scripts and integrations call the Darkroom API as this account, within the
            permission groups you give them. Send one in each request as <BearerHeader />.
          </p>
          {keys.isSuccess && (
            <p className="mt-2 text-sm font-medium text-zinc-700">
              {allowance.used} of {allowance.limit} keys
            </p>
          )}
        </div>
        {keys.isSuccess && keys.data.length > 0 && createButton}
      </div>

      {keys.isPending ? (
        <ListSkeleton label="Loading API keys" rows={3} />
      ) : keys.isError ? (
        <ListError
          message={`${errorMessageOf(keys.error)} Your keys still work meanwhile.`}
          onRetry={() => void keys.refetch()}
          retrying={keys.isFetching}
        />
      ) : keys.data.length === 0 ? (
        <ListEmpty
          title="No API keys yet"
          description={
            <>
              Create a key for each script or integration that calls the Darkroom API, such as a
              deploy step that purges images. It sends the key as <BearerHeader />.
            </>
          }
          action={createButton}
        />
      ) : (
        <ApiKeysList
          keys={keys.data}
          creatorName={creatorName}
          onRevoke={(apiKey) => void confirmRevoke(apiKey)}
          revokingId={revokeKey.isPending ? revokeKey.variables : null}
          now={now}
        />
      )}

      {creating && (
        <CreateApiKeyDialog
          groups={session?.permissions ?? PERMISSION_GROUPS}
          onClose={() => setCreating(false)}
        />
      )}
    </div>
  );
}
