import { Link } from 'react-router';
import { useHiddenAssetsQuery, useStopDeliveringHiddenMutation } from '../../../api/deletions.ts';
import type { Source } from '../../../api/sources.ts';
import { CollapsibleSection, Switch, toast } from '../../../ui/index.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';

/** The asset list of the source showing only its hidden assets (asset-filters.utils.ts). */
function hiddenAssetsPath(sourceId: string): string {
  return `/assets?source=${encodeURIComponent(sourceId)}&visibility=hidden`;
}

/**
 * "Stop delivering hidden images": hiding an image keeps it out of the asset list; with this on,
 * its URL answers 404 too, in every server (and the CDN drops it).
 */
export function HiddenAssetsSection({ source, readOnly }: { source: Source; readOnly: boolean }) {
  const hidden = useHiddenAssetsQuery(source.id);
  const save = useStopDeliveringHiddenMutation(source.id);
  const count = hidden.data?.hidden_count ?? 0;

  const onChange = (stop: boolean) =>
    save.mutate(stop, {
      onSuccess: () =>
        toast.success(
          stop ? 'Hidden images are no longer delivered' : 'Hidden images are delivered again',
        ),
      onError: (error) =>
        toast.error('Could not change the setting', { description: errorMessageOf(error) }),
    });

  return (
    <CollapsibleSection title="Hidden images">
      <div className="space-y-3">
        <p className="text-sm text-zinc-600">
          Hiding an image keeps it out of the asset list. Turn this on to stop delivering it as
          well: its URLs answer 404, as for a missing image, until it is shown again.
        </p>
        {hidden.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {errorMessageOf(hidden.error)}
          </p>
        ) : (
          <Switch
            label="Stop delivering hidden images"
            checked={hidden.data?.stop_delivering ?? false}
            disabled={readOnly || hidden.isPending || save.isPending}
            onCheckedChange={onChange}
          />
        )}
        {hidden.isSuccess && (
          <p className="text-sm text-zinc-600">
            {count === 0 ? (
              'No image of this source is hidden.'
            ) : (
              <Link
                to={hiddenAssetsPath(source.id)}
                className="font-medium text-brand-700 hover:underline"
              >
                {count === 1 ? '1 hidden image' : `${count} hidden images`}
              </Link>
            )}
          </p>
        )}
      </div>
    </CollapsibleSection>
  );
}
