import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../app/session.ts';
import { documentOf, errorReply } from '../../test/fetch-mock.ts';
import { sessionWith, userSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { assetResource, mockDashboardApi, sourceIds } from '../assets/assets.test-fixtures.ts';
import { settingsDocumentFor, sourceResource } from '../sources/sources.test-fixtures.ts';

const asset = assetResource(sourceIds.first, '/beach.jpg');
const pagePath = `/assets/${sourceIds.first}/image-to-video?sourceImage=${encodeURIComponent('/beach.jpg')}`;

function generation(id: string, attributes: Record<string, unknown>) {
  return {
    type: 'video_generations',
    id,
    attributes: {
      source_id: sourceIds.first,
      origin_path: '/beach.jpg',
      prompt: 'waves roll in',
      seconds: 4,
      orientation: 'landscape',
      status: 'queued',
      progress: 0,
      error: null,
      video_url: null,
      video_bytes: null,
      created_at: '2026-11-22T09:00:00.000Z',
      updated_at: '2026-11-22T09:00:00.000Z',
      ...attributes,
    },
  };
}

function mockPage({
  generative = true,
  capabilities = ['image_to_video'],
  generations = [] as unknown[],
} = {}) {
  const api = mockDashboardApi();
  api.on('GET /api/v4/platform-settings', {
    body: settingsDocumentFor({ generativeVideo: generative }),
  });
  api.on(`GET /api/v4/assets/${sourceIds.first}/beach.jpg`, { body: documentOf(asset) });
  api.on(`GET /api/v4/sources/${sourceIds.first}`, {
    body: documentOf(
      sourceResource(sourceIds.first, 'photos', { premium_capabilities: capabilities }),
    ),
  });
  api.on(`HEAD ${asset.attributes.fullURL}`, { status: 200 });
  api.on('GET /api/v4/video-generations', { body: documentOf(generations) });
  return api;
}

async function panel() {
  return within(await screen.findByRole('region', { name: 'Generated from a prompt' }));
}

describe('generated video from a prompt', () => {
  it('says a provider is needed when the server has none', async () => {
    mockPage({ generative: false });
    renderApp(pagePath);
    expect(await (await panel()).findByText(/needs a generative provider/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Generate with AI' })).toBeNull();
  });

  it('keeps Generate disabled, saying why, without Asset Manager Edit', async () => {
    mockPage();
    setSession(sessionWith(userSession, ['asset_manager_browse']));
    renderApp(pagePath);

    const generate = await (await panel()).findByRole('button', { name: 'Generate with AI' });
    expect(generate).toBeDisabled();
    expect(generate).toHaveAccessibleDescription(
      'Needs the Asset Manager Edit permission group — ask an Account Admin.',
    );
  });

  it('checks the prompt, asks the server and follows the new video', async () => {
    const api = mockPage();
    api.on('POST /api/v4/video-generations', {
      status: 202,
      body: documentOf(generation('g1', {})),
    });
    const { user } = renderApp(pagePath);
    const region = await panel();
    expect(await region.findByText('No generated videos of this image yet.')).toBeVisible();

    await user.click(region.getByRole('button', { name: 'Generate with AI' }));
    expect(await region.findByText('Describe the motion you want.')).toBeVisible();
    expect(api.requestsTo('POST /api/v4/video-generations')).toHaveLength(0);

    await user.type(region.getByLabelText('What should happen?'), 'waves roll in');
    await user.click(region.getByLabelText('Length'));
    await user.click(region.getByRole('option', { name: '8 seconds' }));
    await user.click(region.getByRole('button', { name: 'Generate with AI' }));
    expect(await region.findByText('Waiting for the provider…')).toBeVisible();
    expect(api.requestsTo('POST /api/v4/video-generations')[0]?.body).toEqual({
      data: {
        type: 'video_generations',
        attributes: {
          source_id: sourceIds.first,
          origin_path: '/beach.jpg',
          prompt: 'waves roll in',
          seconds: 8,
        },
      },
    });
  });

  it("shows the server's refusal on the form", async () => {
    const api = mockPage();
    api.on(
      'POST /api/v4/video-generations',
      errorReply(422, [
        {
          code: 'validation_failed',
          detail: 'The prompt is at most 1024 characters.',
          source: { pointer: '/data/attributes/prompt' },
        },
      ]),
    );
    const { user } = renderApp(pagePath);
    const region = await panel();
    await user.type(await region.findByLabelText('What should happen?'), 'waves');
    await user.click(region.getByRole('button', { name: 'Generate with AI' }));
    expect(await region.findByText('The prompt is at most 1024 characters.')).toBeVisible();
  });

  it('plays finished videos with download and copy, and says why one failed', async () => {
    mockPage({
      generations: [
        generation('g2', {
          status: 'failed',
          error: 'The provider could not make the video: blocked.',
        }),
        generation('g1', {
          status: 'completed',
          progress: 100,
          video_url: '/api/v4/video-generations/g1/content?token=t',
        }),
      ],
    });
    renderApp(pagePath);
    const region = await panel();
    expect(
      await region.findByText('The provider could not make the video: blocked.'),
    ).toBeVisible();
    expect(region.getByLabelText('Generated video: “waves roll in”, 4 s')).toHaveAttribute(
      'src',
      '/api/v4/video-generations/g1/content?token=t',
    );
    expect(region.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'download',
      'generated-g1.mp4',
    );
    expect(region.getByRole('button', { name: 'Copy URL' })).toBeEnabled();
  });

  it('opens the paywall for a source without image to video', async () => {
    mockPage({ capabilities: [] });
    const { user } = renderApp(pagePath);
    const region = await panel();
    await user.type(await region.findByLabelText('What should happen?'), 'waves');
    await user.click(region.getByRole('button', { name: 'Generate with AI' }));
    expect(await screen.findByRole('dialog', { name: 'Unlock Premium Features' })).toBeVisible();
  });
});
