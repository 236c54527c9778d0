import { Eraser } from 'lucide-react';
import { usePurgeMutation } from '../../api/purges.ts';
import { usePermission } from '../../app/permissions.ts';
import { Button, toast } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';

/**
 * "Purge cache" on an asset's page: drops every cached size and format of the image, in every
 * server and at the CDN, by its delivery URL (the server ignores the query). Shown only to
 * users with the Purge group (platform spec section 5), and never on the shared demo source.
 */
export function PurgeAssetButton({ url }: { url: string }) {
  const canPurge = usePermission('purge');
  const purge = usePurgeMutation();
  if (!canPurge) return null;
  const onPurge = () =>
    purge.mutate(
      { url },
      {
        onSuccess: () =>
          toast.success('Cache purged', {
            description: 'The next request renders the image again from the origin.',
          }),
        onError: (error) =>
          toast.error('Could not purge the cache', { description: errorMessageOf(error) }),
      },
    );
  return (
    <Button type="button" variant="secondary" working={purge.isPending} onClick={onPurge}>
      {!purge.isPending && <Eraser aria-hidden="true" className="size-4" />}
      Purge cache
    </Button>
  );
}
