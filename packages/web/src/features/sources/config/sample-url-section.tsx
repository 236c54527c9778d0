import { Copy, ExternalLink, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import type { Source } from '../../../api/sources.ts';
import { Button, CollapsibleSection, Spinner } from '../../../ui/index.ts';
import { useDebouncedValue } from '../../assets/use-debounced-value.ts';
import { sourceRequiresSigning } from '../../delivery-urls/signing-requirement.ts';
import { useSignedUrls } from '../../delivery-urls/use-signed-urls.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { fileDeliveryUrl } from '../sources.utils.ts';
import { copyDeliveryUrl } from './copy-url.ts';
import { ConfigField } from './config-controls.tsx';

/**
 * One of the demo source's 11 sample images (spec platform section 9; server demo-images/), so
 * its URL works as it stands.
 */
const DEMO_SAMPLE_PATH = 'astronaut.png';

const SAMPLE_PARAMETERS = 'w=600&auto=format';

/** Typing pauses this long before the URL is signed: one request per pause, not per key. */
const SIGN_DELAY_MS = 400;

/**
 * Web proxies get no sample: their paths are whole origin URLs and every one must be signed.
 */
export function offersSampleUrl(source: Source): boolean {
  return source.production.type !== 'webproxy' && source.production.darkroom_subdomains.length > 0;
}

/**
 * Builds a delivery URL of the source from a file path and rendering parameters, to open in a
 * new tab (see `offersSampleUrl`).
 */
export function SampleUrlSection({
  source,
  deliveryDomain,
}: {
  source: Source;
  deliveryDomain: string;
}) {
  const [path, setPath] = useState(source.demo ? DEMO_SAMPLE_PATH : '');
  const [parameters, setParameters] = useState(SAMPLE_PARAMETERS);
  const subdomain = source.production.darkroom_subdomains[0];
  const trimmedPath = path.trim();
  const unsignedUrl =
    trimmedPath && subdomain
      ? fileDeliveryUrl(subdomain, deliveryDomain, trimmedPath, parameters)
      : null;
  // Secure URLs on: the URL shown, opened and copied is signed by the server (delivery-urls/).
  const signed = sourceRequiresSigning(source);
  const settledUrl = useDebouncedValue(unsignedUrl, signed ? SIGN_DELAY_MS : 0);
  const signing = useSignedUrls(source.id, settledUrl === null ? [] : [settledUrl], {
    requiresSigning: signed,
  });
  if (!offersSampleUrl(source) || !subdomain) return null;
  const url = unsignedUrl === settledUrl ? (signing.urls?.[0] ?? null) : null;

  return (
    <CollapsibleSection title="Try a delivery URL">
      <div className="space-y-4">
        <p className="text-sm text-zinc-600">
          Name a file of this source and the parameters to apply; the URL below serves it.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <ConfigField
            label="File path"
            value={path}
            placeholder="products/shoe.jpg"
            hint="Relative to the source's root (after its path prefix, if it has one)."
            onChange={setPath}
          />
          <ConfigField
            label="Parameters"
            optional
            value={parameters}
            placeholder={SAMPLE_PARAMETERS}
            hint="Rendering parameters, as in a query string."
            onChange={setParameters}
          />
        </div>
        {unsignedUrl === null ? (
          <p className="text-sm text-zinc-500">Enter a file path to see its URL.</p>
        ) : signing.status === 'error' ? (
          <p role="alert" className="flex items-start gap-2 text-sm text-red-700">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            The URL could not be signed: {errorMessageOf(signing.error)}
          </p>
        ) : url === null ? (
          <p className="flex items-center gap-2 text-sm text-zinc-600">
            <Spinner />
            Signing the URL…
          </p>
        ) : (
          <div className="space-y-2">
            <code
              aria-label="Delivery URL"
              className="block rounded-lg bg-zinc-100 px-3 py-2 font-mono text-sm break-all text-zinc-800"
            >
              {url}
            </code>
            {signed ? (
              <p className="text-sm text-zinc-600">
                Signed with the source&apos;s token: a change to the path or parameters needs a new
                signature.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-zinc-900 px-3 text-sm font-medium text-white hover:bg-zinc-700"
              >
                Open in a new tab
                <ExternalLink aria-hidden="true" className="size-3.5" />
              </a>
              <Button
                type="button"
                variant="secondary"
                size="small"
                onClick={() => void copyDeliveryUrl(url)}
              >
                <Copy aria-hidden="true" className="size-4" />
                Copy URL
              </Button>
            </div>
          </div>
        )}
      </div>
    </CollapsibleSection>
  );
}
