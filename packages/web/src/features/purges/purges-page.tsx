import { useSearchParams } from 'react-router';
import { usePurgesQuery } from '../../api/purges.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError, ListSkeleton } from '../lists/list-states.tsx';
import { Pagination } from '../lists/pagination.tsx';
import { parsePageParam, searchWithPage } from '../lists/pagination.utils.ts';
import { useNow } from '../lists/use-now.ts';
import { PermissionGate } from '../permissions/permission-required.tsx';
import { PurgeForm } from './purge-form.tsx';
import { PurgeHistory } from './purge-history.tsx';

/**
 * The Purge screen (route /purges): purge one image by its URL or every path of a source under
 * a prefix, and the account's history of purges (who, when, what, how it went). The Purge
 * group's, as the API decides (platform spec section 5).
 */
export function PurgesPage() {
  return (
    <PermissionGate group="purge" title="Purge">
      <PurgesScreen />
    </PermissionGate>
  );
}

function PurgesScreen() {
  useDocumentTitle('Purge');
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const history = usePurgesQuery(page);
  const now = useNow();

  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Purge</h1>
        <p className="mt-1 max-w-2xl text-sm text-zinc-600">
          A purge drops the cached renders of images, every size and format of them, in every
          Darkroom server and at the CDN in front. The next request renders them again from the
          origin, so a changed file shows at once.
        </p>
      </div>
      <PurgeForm />
      <section aria-labelledby="purge-history-title" className="space-y-3">
        <h2 id="purge-history-title" className="text-lg font-semibold text-zinc-900">
          History
        </h2>
        {history.isPending ? (
          <ListSkeleton label="Loading the purge history" rows={3} />
        ) : history.isError ? (
          <ListError
            message={errorMessageOf(history.error)}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        ) : history.data.purges.length === 0 ? (
          <ListEmpty
            title="No purges yet"
            description="Purges made here, from an asset's page or through the API show here with who asked and when."
          />
        ) : (
          <>
            <PurgeHistory purges={history.data.purges} now={now} />
            <Pagination
              label="Purge history pages"
              pagination={history.data.pagination}
              hrefFor={(target) => `/purges${searchWithPage(searchParams, target)}`}
            />
          </>
        )}
      </section>
    </div>
  );
}
