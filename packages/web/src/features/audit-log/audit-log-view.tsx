import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { AuditEventsPage } from '../../api/audit-events.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { redirectTo } from '../../app/redirect.ts';
import type { Option } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError, ListSkeleton } from '../lists/list-states.tsx';
import { Pagination } from '../lists/pagination.tsx';
import { parsePageParam, searchWithPage } from '../lists/pagination.utils.ts';
import type { AuditLookups } from './audit-event.utils.ts';
import { AuditLogFilters } from './audit-log-filters.tsx';
import { filtersToSearch, hasFilters, type AuditFilters } from './audit-log-filters.utils.ts';
import { AuditLogTable } from './audit-log-table.tsx';

const linkClass = 'text-sm font-medium text-brand-700 hover:underline';

export interface AuditLogViewProps {
  title: string;
  description: string;
  /** The page's own path, which the filters and pages are added to. */
  path: string;
  filters: AuditFilters;
  events: UseQueryResult<AuditEventsPage>;
  lookups: AuditLookups;
  actors: Option[];
  actorsUnavailable: string | null;
  /** The install's accounts, for administrators; null for an account's own log. */
  accounts: Option[] | null;
  linkSources: boolean;
}

/** The audit log's screen: its filters, the events of one page, and the ways between pages. */
export function AuditLogView({
  title,
  description,
  path,
  filters,
  events,
  lookups,
  actors,
  actorsUnavailable,
  accounts,
  linkSources,
}: AuditLogViewProps) {
  useDocumentTitle(title);
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const filtered = hasFilters(filters);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{title}</h1>
        <p className="mt-1 max-w-2xl text-sm text-zinc-600">{description}</p>
      </div>

      <AuditLogFilters
        filters={filters}
        onChange={(next) => redirectTo(`${path}${filtersToSearch(next)}`)}
        actors={actors}
        actorsUnavailable={actorsUnavailable}
        accounts={accounts}
      />

      {events.isPending ? (
        <ListSkeleton label="Loading the audit log" />
      ) : events.isError ? (
        <ListError
          message={errorMessageOf(events.error)}
          onRetry={() => void events.refetch()}
          retrying={events.isFetching}
        />
      ) : events.data.events.length === 0 ? (
        page > 1 ? (
          <ListEmpty
            title="This page is empty"
            description="The log is shorter than this page."
            action={
              <Link to={`${path}${searchWithPage(searchParams, 1)}`} className={linkClass}>
                Go to the first page
              </Link>
            }
          />
        ) : filtered ? (
          <ListEmpty
            title="No events match these filters"
            description="Try a longer date range, or another action or person."
            action={
              <Link to={path} className={linkClass}>
                Clear filters
              </Link>
            }
          />
        ) : (
          <ListEmpty
            title="No events yet"
            description="Sign-ins and changes to users, API keys, sources, purges and billing show here as they happen."
          />
        )
      ) : (
        <div aria-busy={events.isPlaceholderData || undefined}>
          <AuditLogTable
            events={events.data.events}
            lookups={lookups}
            showAccount={accounts !== null}
            linkSources={linkSources}
          />
          <Pagination
            label="Audit log pages"
            pagination={events.data.pagination}
            hrefFor={(target) => `${path}${searchWithPage(searchParams, target)}`}
          />
        </div>
      )}
    </div>
  );
}
