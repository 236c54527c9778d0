import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentOf, type ApiMock } from '../../test/fetch-mock.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';
import { toast } from '../../ui/index.ts';
import { sourceResource } from '../sources/sources.test-fixtures.ts';
import {
  assetResource,
  mockDashboardApi,
  sourceIds,
  type AssetFixture,
} from './assets.test-fixtures.ts';

// The route's chunk loads on first use; loading it here keeps that out of the first test's time.
beforeAll(async () => {
  await import('../editor/editing-route.tsx');
}, 30000);

const apiPath = (asset: AssetFixture) =>
  `/api/v4/assets/${asset.attributes.source_id}${asset.attributes.origin_path}`;

function mockAssetPage(asset: AssetFixture, sourceType: 'darkroom_storage' | 's3'): ApiMock {
  const api = mockDashboardApi();
  api.on(`GET ${apiPath(asset)}`, { body: documentOf(asset) });
  const production =
    sourceType === 'darkroom_storage'
      ? {
          type: 'darkroom_storage',
          aws_access_key: undefined,
          aws_secret_key: undefined,
          aws_bucket: undefined,
          aws_prefix: undefined,
        }
      : {};
  api.on(`GET /api/v4/sources/${sourceIds.first}`, {
    body: documentOf(sourceResource(sourceIds.first, 'photos', { production })),
  });
  return api;
}

async function openAssetPage(asset: AssetFixture) {
  const view = renderApp(`/assets/${asset.attributes.source_id}${asset.attributes.origin_path}`);
  await screen.findByRole('heading', { level: 1, name: asset.attributes.name });
  return view;
}

const shoe = (extra: Record<string, unknown> = {}) =>
  assetResource(sourceIds.first, '/shop/shoe.png', extra);

describe('asset page: purge, delete and the hidden marker', { timeout: 30000 }, () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
  });

  it('purges the cache of the asset by its delivery URL', async () => {
    const asset = shoe();
    const api = mockAssetPage(asset, 's3');
    api.on('POST /api/v4/purges', {
      body: documentOf({ type: 'purges', id: '1', attributes: {} }),
    });
    const { user } = await openAssetPage(asset);
    await user.click(screen.getByRole('button', { name: 'Purge cache' }));
    expect(await screen.findByText('Cache purged')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v4/purges')[0]?.body).toEqual({
      data: { type: 'purges', attributes: { url: asset.attributes.fullURL } },
    });
  });

  it('deletes a Darkroom Storage file after confirming, then goes back to the list', async () => {
    const asset = shoe();
    const api = mockAssetPage(asset, 'darkroom_storage');
    api.on(`DELETE ${apiPath(asset)}`, { status: 204, body: null });
    const { user, router } = await openAssetPage(asset);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete file' }));
    expect(await screen.findByText('File deleted')).toBeInTheDocument();
    expect(api.requestsTo(`DELETE ${apiPath(asset)}`)).toHaveLength(1);
    await waitFor(() => expect(pathOf(router)).toBe(`/assets?source=${sourceIds.first}`));
  });

  it("explains why another source's file cannot be deleted, and offers to hide it", async () => {
    const asset = shoe();
    const api = mockAssetPage(asset, 's3');
    api.on(`PATCH ${apiPath(asset)}`, { body: documentOf(shoe({ hidden: true })) });
    const { user } = await openAssetPage(asset);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This file stays in your storage')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide image' }));
    await waitFor(() => expect(api.requestsTo(`PATCH ${apiPath(asset)}`)).toHaveLength(1));
    expect(api.requestsTo(`DELETE ${apiPath(asset)}`)).toHaveLength(0);
    // The page marks the asset hidden beside its name.
    expect(await screen.findByText('Hidden', { selector: '[data-color]' })).toBeInTheDocument();
  });
});
