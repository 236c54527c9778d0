import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assetKeys, toAsset, type AssetResource } from '../../api/assets.ts';
import { setSession } from '../../app/session.ts';
import { documentOf, mockApi } from '../../test/fetch-mock.ts';
import { userSession } from '../../test/fixtures.ts';
import { AssetGrid } from './asset-grid.tsx';
import { assetResource, assetSourceResource, sourceIds } from './assets.test-fixtures.ts';

/** The grid as the asset manager shows it: the listed sources are in the query cache. */
function renderGrid(grid: ReactNode, { secure = false }: { secure?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const source = assetSourceResource(sourceIds.first, 'photos');
  queryClient.setQueryData(assetKeys.sources(), [
    { id: source.id, ...source.attributes, secure_url_enabled: secure },
  ]);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{grid}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const manyAssets = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    toAsset(assetResource(sourceIds.first, `/photo-${index}.jpg`) as unknown as AssetResource),
  );

describe('AssetGrid', () => {
  // jsdom lays nothing out: a 960 by 640 scroll box, as on a laptop.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(960);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  });
  afterEach(() => vi.restoreAllMocks());

  it('puts only the rows in view into the page, whatever the number of assets', () => {
    const onLoadMore = vi.fn();
    renderGrid(
      <AssetGrid
        assets={manyAssets(10_000)}
        total={10_000}
        hasNextPage={false}
        fetchingNextPage={false}
        onLoadMore={onLoadMore}
      />,
    );

    const links = within(screen.getByRole('list', { name: 'Assets' })).getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThan(100);
    expect(links[0]).toHaveAccessibleName('photo-0.jpg');
    expect(screen.getByText('10000 of 10000 assets shown')).toBeInTheDocument();
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('asks for the next page once its last rows are in view', () => {
    const onLoadMore = vi.fn();
    renderGrid(
      <AssetGrid
        assets={manyAssets(12)}
        total={500}
        hasNextPage
        fetchingNextPage={false}
        onLoadMore={onLoadMore}
      />,
    );
    expect(onLoadMore).toHaveBeenCalled();
  });

  it('shows the thumbnails of a source without secure URLs as they are, asking for no signature', async () => {
    const api = mockApi();
    renderGrid(
      <AssetGrid
        assets={manyAssets(3)}
        total={3}
        hasNextPage={false}
        fetchingNextPage={false}
        onLoadMore={vi.fn()}
      />,
    );
    const list = screen.getByRole('list', { name: 'Assets' });
    await waitFor(() => expect(list.querySelectorAll('img')).toHaveLength(3));
    const first = list.querySelector('img');
    expect(first?.getAttribute('src')).not.toMatch(/[?&]s=/);
    expect(api.requestsTo(`POST /api/v4/sources/${sourceIds.first}/signed-urls`)).toHaveLength(0);
    expect(api.requestsTo(`GET /api/v4/sources/${sourceIds.first}`)).toHaveLength(0);
  });

  it('signs every thumbnail of a secure source, 1x and 2x, in one request', async () => {
    setSession(userSession);
    const api = mockApi({
      [`POST /api/v4/sources/${sourceIds.first}/signed-urls`]: (request) => {
        const { paths } = (request.body as { data: { attributes: { paths: string[] } } }).data
          .attributes;
        return {
          body: documentOf({
            type: 'signed_urls',
            id: sourceIds.first,
            attributes: {
              signed: true,
              urls: paths.map((path, index) => ({ path, signed_path: `${path}&s=${index}` })),
            },
          }),
        };
      },
    });
    renderGrid(
      <AssetGrid
        assets={manyAssets(3)}
        total={3}
        hasNextPage={false}
        fetchingNextPage={false}
        onLoadMore={vi.fn()}
      />,
      { secure: true },
    );
    const list = screen.getByRole('list', { name: 'Assets' });
    await waitFor(() => expect(list.querySelectorAll('img')).toHaveLength(3));
    const signingRequests = api.requestsTo(`POST /api/v4/sources/${sourceIds.first}/signed-urls`);
    expect(signingRequests).toHaveLength(1);
    const { paths } = (signingRequests[0]?.body as { data: { attributes: { paths: string[] } } })
      .data.attributes;
    // Three thumbnails at 1x and 2x; the 1x one is also the src.
    expect(paths).toHaveLength(6);
    for (const image of list.querySelectorAll('img')) {
      expect(image.getAttribute('src')).toMatch(/^http:\/\/photos\.localhost:8080\/.*&s=\d+$/);
      const candidates = (image.getAttribute('srcset') ?? '').split(', ');
      expect(candidates).toHaveLength(2);
      for (const candidate of candidates) expect(candidate).toMatch(/&s=\d+ [12]x$/);
    }
  });
});
