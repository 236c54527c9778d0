import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentOf, type ApiMock, type RecordedRequest } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { toast } from '../../ui/index.ts';
import { assetResource, mockDashboardApi, sourceIds } from '../assets/assets.test-fixtures.ts';
import { sourceResource } from '../sources/sources.test-fixtures.ts';

const asset = assetResource(sourceIds.first, '/pets/tom cat.jpg');
const assetUrl = asset.attributes.fullURL;

function mockPage(capabilities: string[], videoReply: (request: RecordedRequest) => number) {
  const api = mockDashboardApi();
  api.on(`GET /api/v4/assets/${sourceIds.first}/pets/tom%20cat.jpg`, { body: documentOf(asset) });
  api.on(`GET /api/v4/sources/${sourceIds.first}`, {
    body: documentOf(
      sourceResource(sourceIds.first, 'photos', { premium_capabilities: capabilities }),
    ),
  });
  api.on(`HEAD ${assetUrl}`, (request) => ({ status: videoReply(request) }));
  return api;
}

const pagePath = (sourceImage: string) =>
  `/assets/${sourceIds.first}/image-to-video?sourceImage=${encodeURIComponent(sourceImage)}`;

const heads = (api: ApiMock) => api.requestsTo(`HEAD ${assetUrl}`).map((r) => new URL(r.url));

describe('ImageToVideoPage', { timeout: 30000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    vi.useRealTimers();
  });

  it('generates the clip of the edited still, shows progress while it renders, then plays it', async () => {
    let locked = 1;
    const api = mockPage(['image_to_video'], (request) =>
      new URL(request.url).searchParams.has('dl') ? 200 : locked-- > 0 ? 423 : 200,
    );
    const { user } = renderApp(pagePath(`${assetUrl}?w=640&dl=x.jpg`));
    await screen.findByRole('heading', { level: 1, name: 'Image to video' });
    expect(await screen.findByRole('img', { name: 'The still: tom cat.jpg' })).toHaveAttribute(
      'src',
      `${assetUrl}?w=640`,
    );

    const duration = screen.getByLabelText('Duration');
    await user.clear(duration);
    await user.type(duration, '8{Enter}');
    const focal = screen.getByRole('button', { name: /Focal point: 50% across, 50% down/ });
    focal.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(screen.getByText('Focal point: 60% across, 45% down.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(/Generating the video/)).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Video generation' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(2000));

    const video = await screen.findByLabelText('The generated video');
    const src = new URL(video.getAttribute('src') ?? '');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      w: '640',
      fm: 'mp4',
      'video-clip-duration': '8',
      crop: 'focalpoint',
      'fp-x': '0.6',
      'fp-y': '0.45',
    });
    expect(heads(api).filter((url) => url.href === src.href)).toHaveLength(2);
    const download = await screen.findByRole('link', { name: 'Download' });
    expect(new URL(download.getAttribute('href') ?? '').searchParams.get('dl')).toBe('tom cat.mp4');

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith(src.href);
    expect(await screen.findByText('Video URL copied')).toBeVisible();
  });

  it('shows the paywall, without asking for a video, when the source lacks image to video', async () => {
    const api = mockPage([], () => 200);
    const { user } = renderApp(pagePath('/pets/tom cat.jpg'));
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Premium Features' });
    expect(within(dialog).getByRole('button', { name: 'Contact Us' })).toBeVisible();
    expect(heads(api)).toEqual([]);
    await waitFor(() => expect(api.requestsTo('POST /api/v4/events')).toHaveLength(1));
  });

  it('shows the paywall when the server refuses the video with 403', async () => {
    mockPage(['image_to_video'], () => 403);
    const { user } = renderApp(pagePath('/pets/tom cat.jpg'));
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByRole('dialog', { name: 'Unlock Premium Features' }),
    ).toBeInTheDocument();
  });

  it('shows why a video failed', async () => {
    mockPage(['image_to_video'], () => 500);
    const { user } = renderApp(pagePath('/pets/tom cat.jpg'));
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Image load failed: 500');
  });

  it('refuses an image address of another host', async () => {
    mockPage(['image_to_video'], () => 200);
    renderApp(pagePath('http://elsewhere.example/pets/tom%20cat.jpg'));
    expect(await screen.findByText('Not an image of this source')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Generate' })).not.toBeInTheDocument();
  });

  it('asks for an image when none is given', async () => {
    mockDashboardApi();
    renderApp(`/assets/${sourceIds.first}/image-to-video`);
    expect(await screen.findByText('Choose an image first')).toBeVisible();
  });
});
