import { auditActionLabel } from '@darkroom/core';
import { KeyRound, UserRoundCog } from 'lucide-react';
import { Link } from 'react-router';
import type { AuditEvent } from '../../api/audit-events.ts';
import { exactTime } from '../lists/relative-time.utils.ts';
import { TableHead } from '../lists/table-head.tsx';
import {
  describeActor,
  describeTarget,
  eventTime,
  shortId,
  shortUserAgent,
  type AuditLookups,
} from './audit-event.utils.ts';

export interface AuditLogTableProps {
  events: AuditEvent[];
  lookups: AuditLookups;
  /** Install administrators see every account's events, so each row names its account. */
  showAccount: boolean;
  /** Source targets link to their page (only within the viewer's own account). */
  linkSources: boolean;
}

/** The day over the time in the table, where width is scarce; one line on a card. */
function EventTime({ at, stacked = false }: { at: number; stacked?: boolean }) {
  const { day, clock } = eventTime(at);
  return (
    <time dateTime={new Date(at).toISOString()} title={exactTime(at)} className="whitespace-nowrap">
      {stacked ? (
        <>
          <span className="block text-zinc-900">{day}</span>
          <span className="block text-xs text-zinc-500">{clock}</span>
        </>
      ) : (
        `${day}, ${clock}`
      )}
    </time>
  );
}

function Actor({ event, lookups }: { event: AuditEvent; lookups: AuditLookups }) {
  const actor = describeActor(event, lookups);
  return (
    <div className="min-w-0">
      {actor.name === null ? (
        <span className="text-zinc-500">Not signed in</span>
      ) : (
        <span className="flex items-start gap-1.5 font-medium wrap-break-word text-zinc-900">
          {actor.viaApiKey && (
            <KeyRound aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-zinc-500" />
          )}
          <span className="min-w-0">{actor.name}</span>
        </span>
      )}
      {/* An email is cut rather than broken mid-word; the whole of it is in the tooltip. */}
      {actor.note && (
        <span title={actor.note} className="block truncate text-xs text-zinc-500">
          {actor.note}
        </span>
      )}
      {actor.impersonated && (
        <span className="mt-0.5 flex items-center gap-1 text-xs font-medium text-amber-700">
          <UserRoundCog aria-hidden="true" className="size-3.5 shrink-0" />
          Impersonated by an administrator
        </span>
      )}
    </div>
  );
}

function Target({
  event,
  lookups,
  linkSources,
}: {
  event: AuditEvent;
  lookups: AuditLookups;
  linkSources: boolean;
}) {
  const target = describeTarget(event, lookups, { linkSources });
  return (
    <div className="min-w-0">
      {target.label === null ? (
        target.details.length === 0 && <span className="text-zinc-400">—</span>
      ) : target.href ? (
        <Link
          to={target.href}
          title={target.id ?? undefined}
          className="font-medium wrap-break-word text-brand-700 hover:underline"
        >
          {target.label}
        </Link>
      ) : (
        <span title={target.id ?? undefined} className="wrap-break-word text-zinc-900">
          {target.label}
        </span>
      )}
      {target.details.map((line) => (
        <span key={line} className="block text-xs wrap-anywhere text-zinc-500">
          {line}
        </span>
      ))}
    </div>
  );
}

/** The user agent in a few words; the full text opens beneath it, by touch or keyboard too. */
function UserAgent({ userAgent }: { userAgent: string }) {
  const short = shortUserAgent(userAgent);
  if (userAgent.trim() === '' || short === userAgent) {
    return <span className="break-all">{short}</span>;
  }
  return (
    <details className="group min-w-0">
      <summary className="cursor-pointer list-none text-zinc-700 hover:text-zinc-900 [&::-webkit-details-marker]:hidden">
        <span className="underline decoration-zinc-300 decoration-dotted underline-offset-2">
          {short}
        </span>
        <span className="sr-only"> (show the full user agent)</span>
      </summary>
      <p className="mt-1 font-mono text-[0.6875rem] leading-4 break-all text-zinc-500">
        {userAgent}
      </p>
    </details>
  );
}

function AccountName({ event, lookups }: { event: AuditEvent; lookups: AuditLookups }) {
  if (event.account_id === null) return <span className="text-zinc-400">None</span>;
  const company = lookups.company(event.account_id);
  return (
    <span title={event.account_id} className="wrap-break-word">
      {company ?? shortId(event.account_id)}
    </span>
  );
}

/** The events as a table on wide screens and as cards on phones and tablets. */
export function AuditLogTable({ events, lookups, showAccount, linkSources }: AuditLogTableProps) {
  const columns = [
    { title: 'Time' },
    ...(showAccount ? [{ title: 'Account' }] : []),
    { title: 'Actor' },
    { title: 'Action' },
    { title: 'Target' },
    { title: 'IP' },
    { title: 'Device' },
  ];
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-sm lg:block">
        <table className="min-w-full divide-y divide-zinc-200 text-sm">
          <TableHead columns={columns} />
          <tbody className="divide-y divide-zinc-100">
            {events.map((event) => (
              <tr key={event.id} className="align-top hover:bg-zinc-50/60">
                <td className="px-4 py-3 text-zinc-600">
                  <EventTime at={event.date_created} stacked />
                </td>
                {showAccount && (
                  <td className="max-w-40 px-4 py-3 text-zinc-600">
                    <AccountName event={event} lookups={lookups} />
                  </td>
                )}
                <td className="max-w-56 px-4 py-3">
                  <Actor event={event} lookups={lookups} />
                </td>
                <td className="px-4 py-3 text-zinc-900" title={event.action}>
                  {auditActionLabel(event.action)}
                </td>
                <td className="max-w-64 px-4 py-3">
                  <Target event={event} lookups={lookups} linkSources={linkSources} />
                </td>
                <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-zinc-600">
                  {event.ip}
                </td>
                <td className="max-w-48 px-4 py-3 text-xs text-zinc-600">
                  <UserAgent userAgent={event.user_agent} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="Audit events" className="space-y-3 lg:hidden">
        {events.map((event) => (
          <li key={event.id} className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="font-medium text-zinc-900" title={event.action}>
                {auditActionLabel(event.action)}
              </p>
              <p className="text-xs text-zinc-500">
                <EventTime at={event.date_created} />
              </p>
            </div>
            <div className="mt-2 text-sm">
              <Actor event={event} lookups={lookups} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-xs text-zinc-600">
              {showAccount && (
                <>
                  <dt className="text-zinc-500">Account</dt>
                  <dd>
                    <AccountName event={event} lookups={lookups} />
                  </dd>
                </>
              )}
              <dt className="text-zinc-500">Target</dt>
              <dd>
                <Target event={event} lookups={lookups} linkSources={linkSources} />
              </dd>
              <dt className="text-zinc-500">IP address</dt>
              <dd className="font-mono break-all">{event.ip}</dd>
              <dt className="text-zinc-500">Device</dt>
              <dd>
                <UserAgent userAgent={event.user_agent} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
