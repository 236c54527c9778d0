import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { documentOf } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { toast } from '../../ui/index.ts';
import { assetResource, mockDashboardApi, sourceIds } from './assets.test-fixtures.ts';

const film = () =>
  assetResource(sourceIds.first, '/films/intro.mp4', {
    content_type: 'video/mp4',
    media_kind: 'VIDEO',
    media_width: 320,
    media_height: 240,
    fullURL: 'http://photos.localhost:8080/films/intro.mp4',
    fullVideoURL: 'http://photos.localhost:8080/films/intro.mp4?fm=hls',
  });

async function openFilm() {
  const asset = film();
  const api = mockDashboardApi();
  api.on(`GET /api/v4/assets/${sourceIds.first}/films/intro.mp4`, { body: documentOf(asset) });
  const view = renderApp(`/assets/${sourceIds.first}/films/intro.mp4`);
  await screen.findByRole('heading', { level: 1, name: asset.attributes.name });
  return view;
}

describe('a video asset', { timeout: 30000 }, () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
  });

  it('plays its HLS stream over the poster frame', async () => {
    await openFilm();
    const video = await screen.findByLabelText('intro.mp4', { selector: 'video' });
    expect(video).toHaveAttribute(
      'poster',
      'http://photos.localhost:8080/films/intro.mp4?fit=max&w=1200&auto=format',
    );
    // jsdom has no Media Source Extensions: the stream goes to the element as a browser with
    // native HLS would play it (Chromium plays it through hls.js: e2e/specs/video.e2e.test.ts).
    await waitFor(() =>
      expect(video).toHaveAttribute('src', 'http://photos.localhost:8080/films/intro.mp4?fm=hls'),
    );
    expect(screen.queryByRole('link', { name: 'Edit image' })).toBeNull();
  });

  it('copies an HLS player as its embed code', async () => {
    const { user } = await openFilm();
    await user.click(screen.getByRole('button', { name: 'Copy Embed Code' }));
    const embed = await navigator.clipboard.readText();
    expect(embed).toMatch(/^<video id="darkroom-video-[0-9a-z]+" controls playsinline/);
    expect(embed).toContain('var source = "http://photos.localhost:8080/films/intro.mp4?fm=hls";');
    expect(embed).toContain('hls.loadSource(source);');
    expect(await screen.findByText('Embed code copied')).toBeInTheDocument();
  });
});
