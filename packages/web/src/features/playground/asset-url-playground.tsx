import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Asset } from '../../api/assets.ts';
import { paramsFromSearch } from '../editor/params.utils.ts';
import { UrlPlayground } from './url-playground.tsx';

/**
 * The playground of an asset's page, for images the delivery renders. It opens with the page's
 * query as its parameters, so the editor's "Open in the URL playground" carries the edit here.
 */
export function AssetUrlPlayground({ asset }: { asset: Asset }) {
  const [searchParams] = useSearchParams();
  const [initialParams] = useState(() => paramsFromSearch(searchParams));
  if (asset.fullURL === null || asset.media_kind === 'VIDEO' || !asset.is_renderable) return null;
  return <UrlPlayground asset={asset} assetUrl={asset.fullURL} initialParams={initialParams} />;
}
