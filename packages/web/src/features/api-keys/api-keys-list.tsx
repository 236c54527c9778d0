import { Trash2 } from 'lucide-react';
import type { ApiKey } from '../../api/api-keys.ts';
import { Badge } from '../../ui/index.ts';
import { TableHead } from '../lists/table-head.tsx';
import { PermissionBadges } from '../users/permission-badges.tsx';
import { formatDate } from '../users/users.utils.ts';
import { keyExpiry, keyHint } from './api-keys.utils.ts';
import { Moment } from '../lists/moment.tsx';

const KEY_COLUMNS = [
  { title: 'Name' },
  { title: 'Permissions' },
  { title: 'Created' },
  { title: 'Last used' },
  { title: 'Expires' },
  { title: 'Actions', hidden: true },
] as const;

export interface ApiKeysListProps {
  keys: ApiKey[];
  /** The name of the user who created a key, by their id; undefined while not known. */
  creatorName: (userId: string) => string | undefined;
  onRevoke: (key: ApiKey) => void;
  /** The key whose revocation is under way, whose button shows it. */
  revokingId?: string | null;
  now: number;
}

function Hint({ hint }: { hint: string }) {
  return (
    <code className="font-mono text-xs text-zinc-500">
      <span className="sr-only">Key ending in </span>
      <span aria-hidden="true">{keyHint(hint)}</span>
      <span className="sr-only">{hint}</span>
    </code>
  );
}

function LastUsed({ at, now }: { at: number | null; now: number }) {
  if (at === null) return <span className="text-zinc-500">Never</span>;
  return <Moment at={at} now={now} />;
}

function Expiry({ apiKey, now }: { apiKey: ApiKey; now: number }) {
  const expiry = keyExpiry(apiKey, now);
  if (expiry.state === 'never') return <span className="text-zinc-500">Never</span>;
  if (expiry.state === 'expired') {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <Badge color="red">Expired</Badge>
        <Moment at={expiry.at} now={now} />
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Moment at={expiry.at} now={now} />
      {expiry.state === 'soon' && (
        <Badge color="yellow" size="small">
          Expires soon
        </Badge>
      )}
    </span>
  );
}

function CreatedBy({
  apiKey,
  creatorName,
}: {
  apiKey: ApiKey;
  creatorName: ApiKeysListProps['creatorName'];
}) {
  const name = creatorName(apiKey.created_by);
  return (
    <>
      <span className="whitespace-nowrap text-zinc-900">{formatDate(apiKey.date_created)}</span>
      {name && <span className="block text-xs text-zinc-500">by {name}</span>}
    </>
  );
}

function RevokeButton({
  apiKey,
  busy,
  onRevoke,
}: {
  apiKey: ApiKey;
  busy: boolean;
  onRevoke: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onRevoke}
      disabled={busy}
      aria-haspopup="dialog"
      aria-label={`Revoke ${apiKey.name}`}
      title="Revoke key"
      className="inline-flex size-9 items-center justify-center rounded-lg text-zinc-500 hover:bg-red-50 hover:text-red-600 disabled:opacity-50"
    >
      <Trash2 aria-hidden="true" className="size-4" />
    </button>
  );
}

/** The account's keys as a table on wider screens and as cards on phones. */
export function ApiKeysList({
  keys,
  creatorName,
  onRevoke,
  revokingId = null,
  now,
}: ApiKeysListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-zinc-200 text-sm">
          <TableHead columns={KEY_COLUMNS} />
          <tbody className="divide-y divide-zinc-100">
            {keys.map((apiKey) => (
              <tr key={apiKey.id} className="align-top hover:bg-zinc-50/60">
                <td className="max-w-56 px-4 py-3">
                  <span className="block font-medium break-words text-zinc-900">{apiKey.name}</span>
                  <Hint hint={apiKey.hint} />
                </td>
                <td className="px-4 py-3">
                  <PermissionBadges permissions={apiKey.permissions} />
                </td>
                <td className="px-4 py-3 text-zinc-600">
                  <CreatedBy apiKey={apiKey} creatorName={creatorName} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-zinc-600">
                  <LastUsed at={apiKey.date_last_used} now={now} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-zinc-600">
                  <Expiry apiKey={apiKey} now={now} />
                </td>
                <td className="px-4 py-2 text-right">
                  <RevokeButton
                    apiKey={apiKey}
                    busy={revokingId === apiKey.id}
                    onRevoke={() => onRevoke(apiKey)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="API keys" className="space-y-3 md:hidden">
        {keys.map((apiKey) => (
          <li
            key={apiKey.id}
            className="flex items-start gap-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-zinc-900">{apiKey.name}</p>
              <Hint hint={apiKey.hint} />
              <div className="mt-2">
                <PermissionBadges permissions={apiKey.permissions} compact />
              </div>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-zinc-600">
                <dt className="text-zinc-500">Created</dt>
                <dd>
                  {formatDate(apiKey.date_created)}
                  {creatorName(apiKey.created_by) && ` by ${creatorName(apiKey.created_by)}`}
                </dd>
                <dt className="text-zinc-500">Last used</dt>
                <dd>
                  <LastUsed at={apiKey.date_last_used} now={now} />
                </dd>
                <dt className="text-zinc-500">Expires</dt>
                <dd>
                  <Expiry apiKey={apiKey} now={now} />
                </dd>
              </dl>
            </div>
            <RevokeButton
              apiKey={apiKey}
              busy={revokingId === apiKey.id}
              onRevoke={() => onRevoke(apiKey)}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
