import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toAsset, type AssetResource } from '../../api/assets.ts';
import { AssetGrid } from './asset-grid.tsx';
import { assetResource, sourceIds } from './assets.test-fixtures.ts';

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
    render(
      <MemoryRouter>
        <AssetGrid
          assets={manyAssets(10_000)}
          total={10_000}
          hasNextPage={false}
          fetchingNextPage={false}
          onLoadMore={onLoadMore}
        />
      </MemoryRouter>,
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
    render(
      <MemoryRouter>
        <AssetGrid
          assets={manyAssets(12)}
          total={500}
          hasNextPage
          fetchingNextPage={false}
          onLoadMore={onLoadMore}
        />
      </MemoryRouter>,
    );
    expect(onLoadMore).toHaveBeenCalled();
  });
});
