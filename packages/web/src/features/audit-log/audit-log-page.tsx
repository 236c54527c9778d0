import { MAX_PAGE_SIZE } from '@darkroom/core';
import { useSearchParams } from 'react-router';
import { useApiKeysQuery } from '../../api/api-keys.ts';
import { useAuditEventsQuery } from '../../api/audit-events.ts';
import { useUsersQuery } from '../../api/users.ts';
import { parsePageParam } from '../lists/pagination.utils.ts';
import { PermissionGate } from '../permissions/permission-required.tsx';
import { actorOptions, auditLookups } from './audit-event.utils.ts';
import { auditQueryOf, filtersFromParams } from './audit-log-filters.utils.ts';
import { AuditLogView } from './audit-log-view.tsx';

/**
 * The account's audit log: who signed in, and who changed users, keys, sources and billing,
 * from where. Account Admin only, as the API decides (platform spec section 5).
 */
export function AuditLogPage() {
  return (
    <PermissionGate group="account_admin" title="Audit log">
      <AccountAuditLog />
    </PermissionGate>
  );
}

function AccountAuditLog() {
  const [searchParams] = useSearchParams();
  // An install administrator's own account: the account filter belongs to the admin log.
  const filters = { ...filtersFromParams(searchParams), account: null };
  const page = parsePageParam(searchParams.get('page'));
  const events = useAuditEventsQuery('account', auditQueryOf(filters, page));
  // The people of the account, to filter by and to show with their emails.
  const users = useUsersQuery({ page: 1, pageSize: MAX_PAGE_SIZE });
  // The names of the keys still in use; revoked ones are named by their own events.
  const apiKeys = useApiKeysQuery();

  return (
    <AuditLogView
      title="Audit log"
      description="Who signed in, and who changed users, API keys, sources and billing in this account, with where the request came from."
      path="/audit-log"
      filters={filters}
      events={events}
      lookups={auditLookups({
        users: users.data?.users,
        apiKeys: apiKeys.data,
        events: events.data?.events,
      })}
      actors={actorOptions(users.data?.users)}
      actorsUnavailable={users.isError ? 'The list of people could not be loaded.' : null}
      accounts={null}
      linkSources
    />
  );
}
