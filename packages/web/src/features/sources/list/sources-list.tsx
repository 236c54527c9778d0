import { displayStatus } from '@darkroom/core';
import { Link } from 'react-router';
import type { Source } from '../../../api/sources.ts';
import { Badge, type BadgeColor } from '../../../ui/index.ts';
import { TableHead } from '../../lists/table-head.tsx';
import { formatDate, sourceTypeLabel, subdomainUrl } from '../sources.utils.ts';

const COLUMNS = [
  { title: 'Name' },
  { title: 'Subdomain' },
  { title: 'Type' },
  { title: 'Status' },
  { title: 'Modified' },
] as const;

/** The badge colour of a displayed status. */
function statusColor(source: Pick<Source, 'enabled' | 'deployment_status'>): BadgeColor {
  if (!source.enabled) return 'slate';
  if (source.deployment_status === 'deployed') return 'green';
  if (source.deployment_status === 'failed') return 'red';
  return 'yellow';
}

export function StatusBadge({ source }: { source: Pick<Source, 'enabled' | 'deployment_status'> }) {
  return <Badge color={statusColor(source)}>{displayStatus(source)}</Badge>;
}

function SubdomainLink({
  source,
  deliveryDomain,
}: {
  source: Source;
  deliveryDomain: string | null;
}) {
  const subdomain = source.production.darkroom_subdomains[0];
  if (!subdomain) return <span className="text-zinc-400">None</span>;
  if (!deliveryDomain) return <span>{subdomain}</span>;
  const url = subdomainUrl(subdomain, deliveryDomain);
  return (
    <a href={url} target="_blank" rel="noreferrer" className="text-brand-700 hover:underline">
      {url.replace(/^https?:\/\//, '')}
    </a>
  );
}

/** Sources as a table on wider screens and as cards on phones. */
export function SourcesList({
  sources,
  deliveryDomain,
}: {
  sources: Source[];
  deliveryDomain: string | null;
}) {
  return (
    <>
      <div className="hidden overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm sm:block">
        <table className="min-w-full divide-y divide-zinc-200 text-sm">
          <TableHead columns={COLUMNS} />
          <tbody className="divide-y divide-zinc-100">
            {sources.map((source) => (
              <tr key={source.id} className="hover:bg-zinc-50/60">
                <td className="px-4 py-3 font-medium text-zinc-900">
                  <Link to={`/sources/${source.id}`} className="hover:underline">
                    {source.name}
                  </Link>
                </td>
                <td className="px-4 py-3">
                  <SubdomainLink source={source} deliveryDomain={deliveryDomain} />
                </td>
                <td className="px-4 py-3 text-zinc-600">{sourceTypeLabel(source.production)}</td>
                <td className="px-4 py-3">
                  <StatusBadge source={source} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-zinc-600">
                  {formatDate(source.date_modified)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 sm:hidden">
        {sources.map((source) => (
          <li key={source.id} className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <Link
                to={`/sources/${source.id}`}
                className="font-medium text-zinc-900 hover:underline"
              >
                {source.name}
              </Link>
              <StatusBadge source={source} />
            </div>
            <p className="mt-1 truncate text-sm">
              <SubdomainLink source={source} deliveryDomain={deliveryDomain} />
            </p>
            <p className="mt-2 text-xs text-zinc-500">
              {sourceTypeLabel(source.production)} · Modified {formatDate(source.date_modified)}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
