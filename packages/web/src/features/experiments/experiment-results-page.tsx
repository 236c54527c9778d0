import { Badge } from '../../ui/index.ts';
import {
  useExperimentResultsQuery,
  type ExperimentResult,
  type VariantResult,
} from '../../api/experiments.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError, ListSkeleton } from '../lists/list-states.tsx';
import { TableHead } from '../lists/table-head.tsx';
import { formatCount, formatRate } from './experiment-results.utils.ts';

const VARIANT_COLUMNS = [
  { title: 'Variant' },
  { title: 'Assigned' },
  { title: 'Exposed' },
  { title: 'Converted' },
  { title: 'Conversion rate' },
] as const;

// Left-aligned like the shared table head's titles, so each count sits under its title.
const numberCell = 'px-4 py-3 whitespace-nowrap text-zinc-700 tabular-nums';

function VariantName({ variant, control }: { variant: string; control: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2 font-medium text-zinc-900">
      <code className="font-mono text-sm">{variant}</code>
      {control && (
        <Badge color="slate" size="small">
          Control
        </Badge>
      )}
    </span>
  );
}

function RateText({ rate }: { rate: number | null }) {
  if (rate !== null) return <>{formatRate(rate)}</>;
  return (
    <>
      <span aria-hidden="true">{formatRate(null)}</span>
      <span className="sr-only">No one shown it yet</span>
    </>
  );
}

/** One experiment's variants: a table from md up, a card per variant below it. */
function VariantTable({ experiment }: { experiment: ExperimentResult }) {
  const rows = experiment.variants;
  const isControl = (row: VariantResult) => row === rows[0];
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-sm md:block">
        <table
          aria-label={`Results of ${experiment.key}`}
          className="min-w-full divide-y divide-zinc-200 text-sm"
        >
          <TableHead columns={VARIANT_COLUMNS} />
          <tbody className="divide-y divide-zinc-100">
            {rows.map((row) => (
              <tr key={row.variant}>
                <th scope="row" className="px-4 py-3 text-left font-normal">
                  <VariantName variant={row.variant} control={isControl(row)} />
                </th>
                <td className={numberCell}>{formatCount(row.assigned)}</td>
                <td className={numberCell}>{formatCount(row.exposed)}</td>
                <td className={numberCell}>{formatCount(row.converted)}</td>
                <td className={numberCell}>
                  <RateText rate={row.conversion_rate} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={`Results of ${experiment.key}`}>
        {rows.map((row) => (
          <li
            key={row.variant}
            aria-label={row.variant}
            className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm"
          >
            <VariantName variant={row.variant} control={isControl(row)} />
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {(
                [
                  ['Assigned', formatCount(row.assigned)],
                  ['Exposed', formatCount(row.exposed)],
                  ['Converted', formatCount(row.converted)],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-zinc-500">{label}</dt>
                  <dd className="font-medium text-zinc-900 tabular-nums">{value}</dd>
                </div>
              ))}
              <div>
                <dt className="text-zinc-500">Conversion rate</dt>
                <dd className="font-medium text-zinc-900 tabular-nums">
                  <RateText rate={row.conversion_rate} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

function ExperimentSection({ experiment }: { experiment: ExperimentResult }) {
  const headingId = `experiment-${experiment.key}`;
  const nobodyYet = experiment.variants.every((row) => row.assigned === 0);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h2 id={headingId} className="font-mono text-base font-semibold text-zinc-900">
          {experiment.key}
        </h2>
        <p className="mt-1 text-sm text-zinc-600">{experiment.description}</p>
        <p className="mt-1 text-sm text-zinc-600">
          Converted: shown a variant, then <q>{experiment.conversion_event}</q>.
        </p>
      </div>
      {nobodyYet ? (
        <ListEmpty
          title="No one is in this experiment yet"
          description="Users are assigned a variant the first time they open the screen it changes."
        />
      ) : (
        <VariantTable experiment={experiment} />
      )}
    </section>
  );
}

/**
 * The dashboard experiments' results, for install administrators: per variant, the users
 * assigned it, shown it, and converted after seeing it (platform spec section 3, A/B test data).
 */
export function ExperimentResultsPage() {
  useDocumentTitle('Admin: experiments');
  const results = useExperimentResultsQuery();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Admin: experiments</h1>
        <p className="mt-1 text-sm text-zinc-600">
          Each A/B experiment of the dashboard with its variants. Exposed counts the users shown a
          variant; the conversion rate is among them. Impersonations are never counted.
        </p>
      </div>

      {results.isPending ? (
        <ListSkeleton label="Loading experiments" rows={3} />
      ) : results.isError ? (
        <ListError
          message={errorMessageOf(results.error)}
          onRetry={() => void results.refetch()}
          retrying={results.isFetching}
        />
      ) : results.data.length === 0 ? (
        <ListEmpty
          title="No experiments running"
          description="Experiments are declared in the code, in core's experiments registry."
        />
      ) : (
        <div className="space-y-10">
          {results.data.map((experiment) => (
            <ExperimentSection key={experiment.key} experiment={experiment} />
          ))}
        </div>
      )}
    </div>
  );
}
