import { MAX_PAGE_SIZE } from '@darkroom/core';
import { useSearchParams } from 'react-router';
import { useAccountChoicesQuery } from '../../api/admin-accounts.ts';
import { useAdminUsersQuery } from '../../api/admin.ts';
import { useAuditEventsQuery } from '../../api/audit-events.ts';
import { parsePageParam } from '../lists/pagination.utils.ts';
import { actorOptions, auditLookups } from './audit-event.utils.ts';
import { auditQueryOf, filtersFromParams } from './audit-log-filters.utils.ts';
import { AuditLogView } from './audit-log-view.tsx';

/** Every account's audit log, for install administrators, filterable by account. */
export function AdminAuditLogPage() {
  const [searchParams] = useSearchParams();
  const filters = filtersFromParams(searchParams);
  const page = parsePageParam(searchParams.get('page'));
  const events = useAuditEventsQuery('admin', auditQueryOf(filters, page));
  const accounts = useAccountChoicesQuery();
  // The people the filter offers: of the chosen account, else the first of every account.
  const users = useAdminUsersQuery({
    page: 1,
    pageSize: MAX_PAGE_SIZE,
    accountId: filters.account ?? undefined,
  });

  return (
    <AuditLogView
      title="Admin: audit log"
      description="The audit log of every account. Choose an account to see only its events."
      path="/admin/audit-log"
      filters={filters}
      events={events}
      lookups={auditLookups({
        users: users.data?.users,
        accounts: accounts.data,
        events: events.data?.events,
      })}
      actors={actorOptions(users.data?.users)}
      actorsUnavailable={users.isError ? 'The list of people could not be loaded.' : null}
      accounts={(accounts.data ?? []).map(({ id, company }) => ({ value: id, label: company }))}
      linkSources={false}
    />
  );
}
