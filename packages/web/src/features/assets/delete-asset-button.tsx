import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useUpdateAssetMutation, type Asset } from '../../api/assets.ts';
import { useDeleteAssetMutation } from '../../api/deletions.ts';
import { useSourceQuery } from '../../api/sources.ts';
import { Button, toast, useOverlay } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { sourceAssetsPath } from './asset.utils.ts';

/**
 * "Delete" on an asset's page. A Darkroom Storage file is Darkroom's to delete (with its asset
 * and renders); any other source reads its files from the customer's own storage, which
 * Darkroom never changes, so there the button says so and offers to hide the image instead.
 */
export function DeleteAssetButton({ asset }: { asset: Asset }) {
  const overlay = useOverlay();
  const navigate = useNavigate();
  const source = useSourceQuery(asset.source_id);
  const remove = useDeleteAssetMutation();
  const hide = useUpdateAssetMutation(asset);
  const managed = source.data?.production.type === 'darkroom_storage';

  const onDelete = async () => {
    if (!managed) {
      const hideInstead = await overlay.confirm({
        title: 'This file stays in your storage',
        message:
          'Darkroom reads this source from your own storage and never changes it. Delete the file there: its asset leaves this list at the next re-index. Meanwhile you can hide the image.',
        confirmLabel: asset.hidden ? 'OK' : 'Hide image',
        dismissLabel: 'Close',
        style: 'confirmation',
      });
      if (hideInstead && !asset.hidden) {
        hide.mutate(
          { hidden: true },
          {
            onSuccess: () => toast.success('Image hidden'),
            onError: (error) =>
              toast.error('Could not hide the image', { description: errorMessageOf(error) }),
          },
        );
      }
      return;
    }
    const confirmed = await overlay.confirm({
      title: `Delete ${asset.name}?`,
      message: `The file ${asset.origin_path} is deleted from Darkroom Storage with its cached renders, and its URL answers 404 from now on. This cannot be undone.`,
      confirmLabel: 'Delete file',
      style: 'attention',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ sourceId: asset.source_id, originPath: asset.origin_path });
      toast.success('File deleted', { description: asset.origin_path });
      void navigate(sourceAssetsPath(asset.source_id));
    } catch (error) {
      toast.error('Could not delete the file', { description: errorMessageOf(error) });
    }
  };

  return (
    <Button
      type="button"
      variant="secondary"
      working={remove.isPending}
      disabled={source.isPending}
      aria-haspopup="dialog"
      onClick={() => void onDelete()}
    >
      {!remove.isPending && <Trash2 aria-hidden="true" className="size-4" />}
      Delete
    </Button>
  );
}
