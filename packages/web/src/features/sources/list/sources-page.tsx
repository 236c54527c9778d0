import { DEMO_SOURCE_ID, useSourcesQuery } from '../../../api/sources.ts';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePlatformSettingsQuery } from '../../../api/platform-settings.ts';
import { useDocumentTitle } from '../../../app/document-title.ts';
import { usePermission } from '../../../app/permissions.ts';
import { Button } from '../../../ui/index.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { ListEmpty, ListError, ListSkeleton } from '../../lists/list-states.tsx';
import { Pagination } from '../../lists/pagination.tsx';
import { parsePageParam, searchWithPage } from '../../lists/pagination.utils.ts';
import { PermissionNote } from '../../permissions/permission-note.tsx';
import { OnboardingChecklist } from './onboarding-checklist.tsx';
import { SourcesList } from './sources-list.tsx';
import { sourceAssetsPath } from '../../assets/asset.utils.ts';

const primaryLinkClass =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-medium whitespace-nowrap text-white shadow-sm hover:bg-brand-700';
const secondaryLinkClass =
  'inline-flex h-10 items-center justify-center rounded-lg border border-zinc-300 bg-white px-4 text-sm font-medium text-zinc-900 hover:bg-zinc-50';

/** Creating a source needs the Sources group (spec platform section 5); without it, why not. */
function CreateSourceLocked() {
  const noteId = useId();
  return (
    <div className="flex max-w-xs flex-col items-start gap-1 sm:items-end sm:text-right">
      <Button type="button" color="orange" disabled aria-describedby={noteId}>
        <Plus aria-hidden="true" className="size-4" />
        Create a source
      </Button>
      <PermissionNote id={noteId} group="sources" />
    </div>
  );
}

/** The account's sources (route /sources), newest change first. Every user may list them. */
export function SourcesPage() {
  useDocumentTitle('Sources');
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const sources = useSourcesQuery({ page });
  const settings = usePlatformSettingsQuery();
  const canCreate = usePermission('sources');

  const createLink = canCreate && (
    <Link to="/sources/new" className={primaryLinkClass}>
      <Plus aria-hidden="true" className="size-4" />
      Create a source
    </Link>
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Sources</h1>
          <p className="mt-1 text-sm text-zinc-600">
            Where your media is stored, and the subdomains that serve it.
          </p>
        </div>
        {createLink || <CreateSourceLocked />}
      </div>

      <OnboardingChecklist />

      {sources.isPending ? (
        <ListSkeleton label="Loading sources" rows={4} />
      ) : sources.isError ? (
        <ListError
          message={errorMessageOf(sources.error)}
          onRetry={() => void sources.refetch()}
          retrying={sources.isFetching}
        />
      ) : sources.data.sources.length === 0 ? (
        page > 1 ? (
          <ListEmpty
            title="This page is empty"
            description="The list is shorter than this page."
            action={
              <Link to="/sources" className="text-sm font-medium text-brand-700 hover:underline">
                Go to the first page
              </Link>
            }
          />
        ) : (
          <ListEmpty
            title="No sources yet"
            description="Connect the storage that holds your images and get a subdomain that serves them."
            action={
              <div className="flex flex-col gap-2 sm:flex-row">
                {createLink}
                <Link to={sourceAssetsPath(DEMO_SOURCE_ID)} className={secondaryLinkClass}>
                  Explore My Demo Source
                </Link>
              </div>
            }
          />
        )
      ) : (
        <div aria-busy={sources.isPlaceholderData || undefined}>
          <SourcesList
            sources={sources.data.sources}
            deliveryDomain={settings.data?.delivery_domain ?? null}
          />
          <Pagination
            label="Sources pages"
            pagination={sources.data.pagination}
            hrefFor={(target) => `/sources${searchWithPage(searchParams, target)}`}
          />
        </div>
      )}
    </div>
  );
}
