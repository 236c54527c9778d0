import { CheckCircle2, Circle, Copy, ExternalLink, X } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DEMO_SOURCE_ID, useSourcesQuery, type Source } from '../../../api/sources.ts';
import { usePlatformSettingsQuery } from '../../../api/platform-settings.ts';
import { useUsersQuery } from '../../../api/users.ts';
import { usePermission } from '../../../app/permissions.ts';
import { Button } from '../../../ui/index.ts';
import { assetPagePath, sourceAssetsPath } from '../../assets/asset.utils.ts';
import { copyToClipboard } from '../../assets/copy-to-clipboard.ts';
import { sourceRequiresSigning } from '../../delivery-urls/signing-requirement.ts';
import { fileDeliveryUrl, subdomainUrl } from '../sources.utils.ts';
import { useFirstImageAsset } from './first-image-asset.ts';
import { useOnboardingFlags } from './onboarding-state.ts';

/** While the first image is awaited, the sources are read again this often (and on focus). */
const FIRST_IMAGE_WATCH_MS = 15_000;

const actionLinkClass =
  'inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

interface ChecklistItem {
  key: string;
  title: string;
  done: boolean;
  /** What to do and where: shown while the step is not done. */
  body: ReactNode;
}

/** The source the steps point at: a serving one first, in the order the page lists them. */
function sourceToTry(sources: readonly Source[]): Source | null {
  return (
    sources.find((source) => source.enabled && source.deployment_status === 'deployed') ??
    sources[0] ??
    null
  );
}

function StepState({ done }: { done: boolean }) {
  return done ? (
    <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-600" />
  ) : (
    <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-zinc-300" />
  );
}

/** The sample URL to open: the address itself (wrapped anywhere), open and copy. */
function SampleUrl({ url }: { url: string }) {
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-md bg-zinc-50 p-2 ring-1 ring-zinc-200 sm:flex-row sm:items-center">
      <code className="min-w-0 flex-1 text-xs break-all text-zinc-800">{url}</code>
      <div className="flex shrink-0 gap-3">
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          aria-label="Open the sample URL in a new tab"
          className={actionLinkClass}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          Open
        </a>
        <button
          type="button"
          aria-label="Copy the sample URL"
          className={actionLinkClass}
          onClick={() => void copyToClipboard(url, 'Sample URL copied')}
        >
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </button>
      </div>
    </div>
  );
}

/** What to do to serve a first image, for the source the steps point at. */
function ServeStepBody({
  source,
  deliveryDomain,
  imagePath,
  imagePage,
}: {
  source: Source | null;
  deliveryDomain: string | null;
  imagePath: string | null;
  imagePage: string | null;
}) {
  const subdomain = source?.production.darkroom_subdomains[0];
  if (source === null || subdomain === undefined || deliveryDomain === null) {
    return <p>Once you have a source, request one of its images from its subdomain.</p>;
  }
  if (sourceRequiresSigning(source)) {
    // Unsigned URLs of such a source are refused (spec platform section 3, secure URLs).
    return (
      <p>
        {source.name} signs its URLs: open an image&apos;s page and use Copy URL, then open it in a
        new tab.{' '}
        <Link to={imagePage ?? sourceAssetsPath(source.id)} className={actionLinkClass}>
          Go to {imagePage === null ? 'the assets' : 'an image'}
        </Link>
      </p>
    );
  }
  if (imagePath === null) {
    return (
      <p>
        Open <code className="text-xs break-all">{subdomainUrl(subdomain, deliveryDomain)}/</code>{' '}
        followed by the path of an image in your storage.
      </p>
    );
  }
  return (
    <>
      <p>Open this image from {source.name} in your browser:</p>
      <SampleUrl url={fileDeliveryUrl(subdomain, deliveryDomain, imagePath)} />
    </>
  );
}

/**
 * The getting-started card of the Sources page (spec platform section 3: the dashboard's
 * first-image-served flag): create a source, serve a first image, try a parameter in the URL
 * playground, invite a teammate. Each step links to where it is done; the card can be dismissed,
 * and is gone once every step is done. What the server knows (sources, their first image served,
 * teammates) decides the steps, and the flags this browser keeps remember the rest.
 */
export function OnboardingChecklist() {
  // The checklist sets an account up: someone who may not create sources cannot do its first
  // step, and the account's admins see it instead (spec platform section 5).
  const canCreateSources = usePermission('sources');
  const canInvite = usePermission('account_admin');
  const { flags } = useOnboardingFlags();
  if (!canCreateSources || flags === null || flags.dismissed) return null;
  return canInvite ? <WithTeammates /> : <ChecklistCard teammates={null} />;
}

/** Reads whether the account has a teammate or a pending invitation (both are users). */
function WithTeammates() {
  const users = useUsersQuery({ page: 1, pageSize: 2 });
  if (users.isPending) return null;
  // Not knowing is shown as not done: the link still leads to where it is done.
  const teammates = users.isError
    ? false
    : users.data.pagination.totalRecords > 1 || users.data.users.length > 1;
  return <ChecklistCard teammates={teammates} />;
}

function ChecklistCard({ teammates }: { teammates: boolean | null }) {
  const headingId = useId();
  const { flags, record } = useOnboardingFlags();
  const firstImageServed = flags?.firstImageServed ?? false;
  const sources = useSourcesQuery(
    { page: 1 },
    { watchMs: firstImageServed ? false : FIRST_IMAGE_WATCH_MS },
  );
  const settings = usePlatformSettingsQuery();
  const list = sources.data?.sources ?? [];
  const source = sourceToTry(list);
  const own = useFirstImageAsset(source?.id ?? null);
  // Without an image of its own yet (no source, a web folder, an index still running), the
  // playground step tries one of the demo source's.
  const ownImage = source === null || own.isError ? null : own.isSuccess ? own.data : undefined;
  const demo = useFirstImageAsset(sources.isSuccess && ownImage === null ? DEMO_SOURCE_ID : null);
  const servedByServer = list.some((item) => typeof item.date_first_served === 'number');

  // The server's answer sets the browser's flag, which then stays set (a source deleted later
  // does not undo the step).
  useEffect(() => {
    if (servedByServer) record({ firstImageServed: true });
  }, [servedByServer, record]);

  // The page itself shows the list's loading and error states.
  if (!sources.isSuccess) return null;

  const ownPage = ownImage ? assetPagePath(ownImage.source_id, ownImage.origin_path) : null;
  const tryImage = ownImage ?? demo.data ?? null;
  const tryPage = tryImage ? assetPagePath(tryImage.source_id, tryImage.origin_path) : null;
  const items: ChecklistItem[] = [
    {
      key: 'source',
      title: 'Create a source',
      done: sources.data.pagination.totalRecords > 0 || list.length > 0,
      body: (
        <p>
          Link your storage; the wizard checks it and gives it a subdomain.{' '}
          <Link to="/sources/new" className={actionLinkClass}>
            Create a source
          </Link>
        </p>
      ),
    },
    {
      key: 'first-image',
      title: 'Serve a first image',
      done: firstImageServed || servedByServer,
      body: (
        <ServeStepBody
          source={source}
          deliveryDomain={settings.data?.delivery_domain ?? null}
          imagePath={ownImage?.origin_path ?? null}
          imagePage={ownPage}
        />
      ),
    },
    {
      key: 'playground',
      title: 'Try a parameter in the URL playground',
      done: flags?.playgroundOpened ?? false,
      body: (
        <p>
          Change the width, crop or format of an image and see the URL and the result side by side.{' '}
          <Link
            to={tryPage ?? sourceAssetsPath(source?.id ?? DEMO_SOURCE_ID)}
            className={actionLinkClass}
          >
            {tryPage === null ? 'Choose an image' : 'Open the playground'}
          </Link>
        </p>
      ),
    },
  ];
  if (teammates !== null) {
    items.push({
      key: 'teammate',
      title: 'Invite a teammate',
      done: teammates,
      body: (
        <p>
          Add the people you work with; each gets an email with a link to join.{' '}
          <Link to="/users/new" className={actionLinkClass}>
            Invite a teammate
          </Link>
        </p>
      ),
    });
  }

  const doneCount = items.filter((item) => item.done).length;
  if (doneCount === items.length) return null;

  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-zinc-200 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-zinc-900">
            Get started with Darkroom
          </h2>
          <p className="mt-0.5 text-sm text-zinc-600">
            {doneCount} of {items.length} steps done
          </p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="small"
          aria-label="Dismiss the getting started steps"
          onClick={() => record({ dismissed: true })}
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div
        aria-hidden="true"
        className="mt-3 h-1.5 overflow-hidden rounded-full bg-zinc-100"
        title={`${doneCount} of ${items.length} steps done`}
      >
        <div
          className="h-full rounded-full bg-green-500"
          style={{ width: `${(doneCount / items.length) * 100}%` }}
        />
      </div>
      <ol className="mt-4 space-y-4">
        {items.map((item) => (
          <li key={item.key} className="flex gap-3">
            <StepState done={item.done} />
            <div className="min-w-0 flex-1">
              <p
                className={
                  item.done
                    ? 'text-sm font-medium text-zinc-500 line-through decoration-zinc-300'
                    : 'text-sm font-medium text-zinc-900'
                }
              >
                <span className="sr-only">{item.done ? 'Done: ' : 'To do: '}</span>
                {item.title}
              </p>
              {!item.done && <div className="mt-1 text-sm text-zinc-600">{item.body}</div>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
