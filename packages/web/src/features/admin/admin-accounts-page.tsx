import type { CapabilityName } from '@darkroom/core';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminAccountsQuery, type AdminAccount } from '../../api/admin-accounts.ts';
import { usePlatformSettingsQuery, type PremiumFeature } from '../../api/platform-settings.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { Badge, Button } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError, ListSkeleton } from '../lists/list-states.tsx';
import { Pagination } from '../lists/pagination.tsx';
import { parsePageParam, searchWithPage } from '../lists/pagination.utils.ts';
import { TableHead } from '../lists/table-head.tsx';
import { formatDate } from '../users/users.utils.ts';
import { CAPABILITY_LABELS, effectiveGrants } from './admin-accounts.utils.ts';
import { CapabilitiesDialog } from './capabilities-dialog.tsx';

const ADMIN_ACCOUNT_COLUMNS = [
  { title: 'Company' },
  { title: 'Plan' },
  { title: 'Premium capabilities' },
  { title: 'Created' },
  { title: 'Actions', hidden: true },
] as const;

/** What an account can use, each marked when it comes from the plan or this server lacks it. */
function GrantList({
  account,
  installFeatures,
}: {
  account: AdminAccount;
  installFeatures: readonly PremiumFeature[] | undefined;
}) {
  const grants = effectiveGrants(account.capabilities, account.plan.capabilities);
  if (grants.length === 0) return <span className="text-zinc-500">None</span>;
  const unavailable = (name: CapabilityName) =>
    installFeatures?.find((feature) => feature.name === name)?.available === false;
  return (
    <ul
      aria-label={`Premium capabilities of ${account.company}`}
      className="flex flex-wrap gap-1.5"
    >
      {grants.map((name) => {
        const viaPlanOnly =
          !account.capabilities.includes(name) && account.plan.capabilities.includes(name);
        return (
          <li key={name}>
            <Badge color={unavailable(name) ? 'slate' : 'purple'} size="small">
              {CAPABILITY_LABELS[name]}
              {viaPlanOnly && <span className="font-normal"> (plan)</span>}
              {unavailable(name) && <span className="sr-only">, not available on this server</span>}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}

function EditButton({ account, onEdit }: { account: AdminAccount; onEdit: () => void }) {
  return (
    <Button
      type="button"
      variant="secondary"
      size="small"
      onClick={onEdit}
      aria-label={`Edit capabilities of ${account.company}`}
    >
      <Sparkles aria-hidden="true" className="size-4" />
      Edit capabilities
    </Button>
  );
}

/**
 * Every account of the install, for its administrators: the plan each is on and the premium
 * capabilities it can use, and the grants to change (editor spec section 3, 'Capabilities').
 */
export function AdminAccountsPage() {
  useDocumentTitle('Admin: accounts');
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const accounts = useAdminAccountsQuery(page);
  const installFeatures = usePlatformSettingsQuery().data?.premium_features;
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = accounts.data?.accounts.find((account) => account.id === editingId);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Admin: accounts</h1>
        <p className="mt-1 text-sm text-zinc-600">
          Every account with its plan and the premium capabilities it can use. Grants here add to
          what the plan includes.
        </p>
      </div>

      {accounts.isPending ? (
        <ListSkeleton label="Loading accounts" />
      ) : accounts.isError ? (
        <ListError
          message={errorMessageOf(accounts.error)}
          onRetry={() => void accounts.refetch()}
          retrying={accounts.isFetching}
        />
      ) : accounts.data.accounts.length === 0 ? (
        <ListEmpty
          title="No accounts yet"
          description="Accounts appear here once people sign up."
        />
      ) : (
        <div aria-busy={accounts.isPlaceholderData || undefined}>
          <div className="hidden overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-sm md:block">
            <table className="min-w-full divide-y divide-zinc-200 text-sm">
              <TableHead columns={ADMIN_ACCOUNT_COLUMNS} />
              <tbody className="divide-y divide-zinc-100">
                {accounts.data.accounts.map((account) => (
                  <tr key={account.id}>
                    <td className="px-4 py-3 font-medium text-zinc-900">{account.company}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-zinc-600">
                      {account.plan.name}
                    </td>
                    <td className="px-4 py-3">
                      <GrantList account={account} installFeatures={installFeatures} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-zinc-600">
                      {formatDate(account.date_created)}
                    </td>
                    <td className="px-4 py-2 text-right whitespace-nowrap">
                      <EditButton account={account} onEdit={() => setEditingId(account.id)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden">
            {accounts.data.accounts.map((account) => (
              <li
                key={account.id}
                aria-label={account.company}
                className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm"
              >
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 font-medium break-words text-zinc-900">{account.company}</p>
                  <Badge>{account.plan.name}</Badge>
                </div>
                <div className="mt-3 text-sm">
                  <GrantList account={account} installFeatures={installFeatures} />
                </div>
                <p className="mt-2 text-xs text-zinc-500">
                  Created {formatDate(account.date_created)}
                </p>
                <div className="mt-3">
                  <EditButton account={account} onEdit={() => setEditingId(account.id)} />
                </div>
              </li>
            ))}
          </ul>
          <Pagination
            label="Accounts pages"
            pagination={accounts.data.pagination}
            hrefFor={(target) => `/admin/accounts${searchWithPage(searchParams, target)}`}
          />
        </div>
      )}
      {editing !== undefined && (
        <CapabilitiesDialog
          key={editing.id}
          account={editing}
          installFeatures={installFeatures}
          onClose={() => setEditingId(null)}
        />
      )}
    </div>
  );
}
