import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { AssetPage } from '../assets/asset-page.tsx';
import { PermissionGate } from '../permissions/permission-required.tsx';
import { EditorLoading } from './editor-loading.tsx';
import { isEditingSplat } from './editor-path.ts';

// The editor (and Cropper.js with it) loads only when an address asks for it (bundle budget).
const EditorPage = lazy(async () => {
  const { EditorPage: Page } = await import('./editor-page.tsx');
  return { default: Page };
});

/**
 * `/assets/{source id}/{origin path}`: the asset page, or the image editor when the path ends
 * in `/editing` (spec editor section 2).
 */
export function AssetOrEditorRoute() {
  const splat = useParams()['*'] ?? '';
  // Both read the asset, which needs Asset Manager Browse (platform spec section 5).
  return (
    <PermissionGate group="asset_manager_browse" title="Assets">
      {isEditingSplat(splat) ? (
        <Suspense fallback={<EditorLoading />}>
          <EditorPage />
        </Suspense>
      ) : (
        <AssetPage />
      )}
    </PermissionGate>
  );
}
