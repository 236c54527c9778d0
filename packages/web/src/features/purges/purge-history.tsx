import type { Purge } from '../../api/purges.ts';
import { Badge } from '../../ui/index.ts';
import { Moment } from '../lists/moment.tsx';
import { TableHead } from '../lists/table-head.tsx';
import { purgeRequesterText, purgeTargetText } from './purges.utils.ts';

const COLUMNS = [
  { title: 'When' },
  { title: 'What' },
  { title: 'Source' },
  { title: 'By' },
  { title: 'Status' },
] as const;

function Status({ purge }: { purge: Purge }) {
  if (purge.status === 'done') return <Badge color="green">Done</Badge>;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge color="red">Failed</Badge>
      {purge.error && <span className="text-xs text-zinc-600">{purge.error}</span>}
    </span>
  );
}

/** The account's purges, newest first: a table on wider screens, cards on phones. */
export function PurgeHistory({ purges, now }: { purges: Purge[]; now: number }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-sm md:block">
        <table aria-label="Purge history" className="min-w-full divide-y divide-zinc-200 text-sm">
          <TableHead columns={COLUMNS} />
          <tbody className="divide-y divide-zinc-100">
            {purges.map((purge) => (
              <tr key={purge.id} className="align-top">
                <td className="px-4 py-3 whitespace-nowrap text-zinc-600">
                  <Moment at={purge.date_created} now={now} />
                </td>
                <td className="max-w-md px-4 py-3 break-all text-zinc-900">
                  {purgeTargetText(purge)}
                </td>
                <td className="px-4 py-3 text-zinc-600">{purge.source_name}</td>
                <td className="px-4 py-3 text-zinc-600">{purgeRequesterText(purge)}</td>
                <td className="px-4 py-3">
                  <Status purge={purge} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Purge history" className="space-y-3 md:hidden">
        {purges.map((purge) => (
          <li key={purge.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-zinc-200">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 text-sm font-medium break-all text-zinc-900">
                {purgeTargetText(purge)}
              </p>
              <Status purge={purge} />
            </div>
            <p className="mt-1 text-xs text-zinc-600">
              {purge.source_name} · {purgeRequesterText(purge)} ·{' '}
              <Moment at={purge.date_created} now={now} />
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
