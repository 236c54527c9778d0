import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import {
  assetSourceResource,
  mockDashboardApi,
  pageOf,
  sourceIds,
} from './assets.test-fixtures.ts';

// Spec platform section 3: a source that cannot take uploads says why, and where to change that.
function openManager(production?: Record<string, unknown>) {
  const api = mockDashboardApi();
  const source = assetSourceResource(sourceIds.first, 'photos', { production });
  api.on('GET /api/v4/assets/sources/', { body: pageOf([source], 1, 300, 1) });
  api.on(`GET /api/v4/sources/${sourceIds.first}/assets`, { body: pageOf([], 1, 100, 0) });
  return renderApp(`/assets?source=${sourceIds.first}`);
}

describe('the asset manager on a read-only source', { timeout: 30000 }, () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(960);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  });
  afterEach(() => vi.restoreAllMocks());

  it('points a storage source without upload credentials to its source page', async () => {
    openManager();
    expect(
      await screen.findByText(/Uploads are off: this source is read-only/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add upload credentials' })).toHaveAttribute(
      'href',
      `/sources/${sourceIds.first}`,
    );
    expect(screen.queryByLabelText('Files to upload')).toBeNull();
  });

  it('says a web folder reads from a web server Darkroom cannot upload to', async () => {
    openManager({ type: 'webfolder', webfolder_prefix: 'https://www.example.com/images/' });
    expect(
      await screen.findByText(
        /reads its images from a web server, which Darkroom cannot upload to/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add upload credentials' })).toBeNull();
  });
});
